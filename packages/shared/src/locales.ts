/**
 * The languages of Segue's interface (docs/DECISIONS.md, "The interface in six languages"):
 * English is the source and the fallback. A BCP 47 tag each, as `<html lang>` and `Intl` take it.
 */
export const LOCALES = ['en', 'es', 'pt-BR', 'de', 'fr', 'ko'] as const;
export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = 'en';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}
