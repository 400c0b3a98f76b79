/**
 * Languages by their own names, for the pickers of a song's and a setlist's languages: "Español
 * (es)", "한국어 (ko)". Named by `Intl.DisplayNames` in the language itself; a tag it cannot
 * name shows as the tag.
 */

/** Common languages of worship songs, offered first; any other tag can be typed. */
export const COMMON_LANGUAGES = [
  'en',
  'es',
  'pt',
  'pt-BR',
  'fr',
  'de',
  'it',
  'nl',
  'ko',
  'zh',
  'ja',
  'he',
  'ar',
  'sw',
  'tl',
  'fil',
  'id',
  'vi',
  'th',
  'hi',
  'ru',
  'uk',
  'pl',
  'ro',
  'hu',
  'cs',
  'sv',
  'no',
  'da',
  'fi',
  'el',
  'tr',
  'fa',
  'am',
  'yo',
  'ig',
  'ha',
  'zu',
  'af',
  'haw',
  'sm',
  'to',
] as const;

// CLDR names Tagalog after Filipino, its standard form; churches that sing in it say Tagalog.
// eslint-disable-next-line lingui/no-unlocalized-strings -- a language named in itself
const names = new Map<string, string | null>([['tl', 'Tagalog']]);

/** The language's name in itself ("Español", "עברית"), or null when the browser cannot name it. */
export function ownName(tag: string): string | null {
  const known = names.get(tag);
  if (known !== undefined) return known;
  let name: string | null = null;
  try {
    const found = new Intl.DisplayNames([tag], { type: 'language', fallback: 'none' }).of(tag);
    // Lower-case autonyms ("español") start with a capital in a list, as the language writes it.
    name = found ? found.charAt(0).toLocaleUpperCase(tag) + found.slice(1) : null;
  } catch {
    name = null;
  }
  names.set(tag, name);
  return name;
}

/** "Español (es)"; the tag alone when the browser cannot name it. */
export function languageLabel(tag: string): string {
  const name = ownName(tag);
  return name && name.toLowerCase() !== tag.toLowerCase() ? `${name} (${tag})` : tag;
}

/** The tag as written: language lower case, region upper case, script title case (pt-BR, zh-Hant). */
export function canonicalTag(tag: string): string {
  try {
    return Intl.getCanonicalLocales(tag.trim())[0] ?? tag.trim();
  } catch {
    return tag.trim();
  }
}
