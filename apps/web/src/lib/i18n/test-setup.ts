import { loaders } from 'virtual:segue-catalogs';
import { DEFAULT_LOCALE } from '@segue/shared';
import { activateLocale, loadCatalogs, type Namespace } from './i18n.ts';

// Unit tests render any screen's texts: every part of the catalog is loaded (in English, and
// in any language a test activates).
await loadCatalogs([
  ...new Set(Object.keys(loaders).map((part) => part.split('/')[1] as Namespace)),
]);

// Files share their modules (vitest.config.ts): each starts in English, whatever the one
// before it chose.
await activateLocale(DEFAULT_LOCALE);
