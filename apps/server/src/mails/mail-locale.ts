import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '@segue/shared';

/**
 * The language a request asks for: the `Accept-Language` header's tags by their weight
 * (`q`, 1 when absent; 0 refuses), each matched to a language Segue speaks as the web app
 * matches the browser's: the exact tag first ("pt-BR"), then the language alone ("pt",
 * "pt-PT" → "pt-BR", "fr-CA" → "fr"); English when none matches or there is no header.
 */
export function localeFromAcceptLanguage(header: string | readonly string[] | undefined): Locale {
  const value = typeof header === 'string' ? header : (header ?? []).join(',');
  const tags = value
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => /^q=/i.test(p));
      // A weight that is not a number from 0 to 1 is not trusted: the tag is skipped.
      const weight =
        q === undefined ? 1 : /^q=(0(\.\d{0,3})?|1(\.0{0,3})?)$/i.test(q) ? Number(q.slice(2)) : 0;
      return { tag: tag.trim().toLowerCase(), weight };
    })
    .filter((t) => t.tag !== '' && t.tag !== '*' && t.weight > 0)
    // Array.prototype.sort is stable: tags of equal weight keep the header's order.
    .sort((a, b) => b.weight - a.weight);
  for (const { tag } of tags) {
    const exact = LOCALES.find((l) => l.toLowerCase() === tag);
    if (exact) return exact;
    const language = tag.split('-')[0];
    const same = LOCALES.find((l) => l.split('-')[0]!.toLowerCase() === language);
    if (same) return same;
  }
  return DEFAULT_LOCALE;
}

/** The language a request asks for, read at the edge (routes), never in a service. */
export function requestLocale(request: {
  headers: { 'accept-language'?: string | string[] | undefined };
}): Locale {
  return localeFromAcceptLanguage(request.headers['accept-language']);
}

/**
 * The language of a mail (docs/DECISIONS.md, "Mails in the recipient's language"): the
 * first of the candidates, in the order the rule names them, that is a language Segue
 * speaks (an account's stored `locale`, then the fallback the mail's kind allows); English
 * when none is.
 */
export function mailLocale(...candidates: readonly (string | null | undefined)[]): Locale {
  return candidates.find(isLocale) ?? DEFAULT_LOCALE;
}
