import { DEFAULT_LOCALE, LOCALES, type Locale } from '@segue/shared/locales';

/**
 * The first of the browser's languages Segue speaks: an exact tag first ("pt-BR"), then by
 * language alone ("pt-PT" and "pt" get Brazilian Portuguese, "es-MX" Spanish); else English.
 * Apart from locale-choice.ts, which brings the app's i18n with React: the follow page
 * matches the same way without them.
 */
export function matchBrowserLocale(languages: readonly string[]): Locale {
  for (const tag of languages) {
    const exact = LOCALES.find((l) => l.toLowerCase() === tag.toLowerCase());
    if (exact) return exact;
    const language = tag.split('-')[0]!.toLowerCase();
    const same = LOCALES.find((l) => l.split('-')[0]!.toLowerCase() === language);
    if (same) return same;
  }
  return DEFAULT_LOCALE;
}
