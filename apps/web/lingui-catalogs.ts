import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

/** The interface's catalogs: one JSON file a language, `{ "namespace.key": "ICU message" }`. */
const LOCALES_DIR = fileURLToPath(new URL('./src/locales/', import.meta.url));

/**
 * The namespaces every page needs, in one part loaded with the app's first script: the app bar,
 * its menus and the page frame. Every other namespace is a part of its own, loaded with the
 * screens that name it (`loadCatalogs` in src/lib/i18n/i18n.ts).
 */
export const CORE_NAMESPACES = ['nav', 'shell', 'common'];

const PART = 'virtual:segue-catalog/';
const LOADERS = 'virtual:segue-catalogs';

const namespaceOf = (key: string) => {
  const ns = key.split('.')[0]!;
  return CORE_NAMESPACES.includes(ns) ? 'core' : ns;
};

function readCatalog(file: string): Record<string, unknown> {
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
}

/**
 * Serves the catalogs compiled into Lingui's form (docs/DECISIONS.md, "The interface in six
 * languages"), so the browser gets `@lingui/core` without its message parser, and split by
 * namespace, so a page loads only its own texts in only the active language:
 * `virtual:segue-catalog/<locale>/<namespace>` is one part; `virtual:segue-catalogs` exports
 * `loaders`, a dynamic import for each part of each language. A message that does not parse
 * fails the build.
 */
export function linguiCatalogs(): Plugin {
  const locales = () =>
    readdirSync(LOCALES_DIR)
      .filter((name) => name.endsWith('.json'))
      .map((name) => name.slice(0, -'.json'.length));
  return {
    name: 'segue:lingui-catalogs',
    resolveId(id) {
      return id === LOADERS || id.startsWith(PART) ? `\0${id}` : null;
    },
    load(id) {
      if (id === `\0${LOADERS}`) {
        const english = readCatalog(path.join(LOCALES_DIR, 'en.json'));
        const namespaces = [...new Set(Object.keys(english).map(namespaceOf))];
        const entries = locales().flatMap((locale) =>
          namespaces.map(
            (ns) =>
              `  ${JSON.stringify(`${locale}/${ns}`)}: () => import(${JSON.stringify(`${PART}${locale}/${ns}`)}),`,
          ),
        );
        return `export const loaders = {\n${entries.join('\n')}\n};\n`;
      }
      if (!id.startsWith(`\0${PART}`)) return null;
      const [locale, ns] = id.slice(`\0${PART}`.length).split('/');
      const file = path.join(LOCALES_DIR, `${locale}.json`);
      this.addWatchFile(file);
      const compiled: Record<string, unknown> = {};
      for (const [key, message] of Object.entries(readCatalog(file))) {
        if (namespaceOf(key) !== ns) continue;
        if (typeof message !== 'string') this.error(`${file}: "${key}" is not a string`);
        try {
          compiled[key] = compileMessage(message);
        } catch (error) {
          this.error(`${file}: "${key}" is not a valid ICU message: ${String(error)}`);
        }
      }
      return `export default ${JSON.stringify(compiled)};\n`;
    },
  };
}
