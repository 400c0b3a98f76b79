import { describe, expect, it } from 'vitest';
import { localeFromAcceptLanguage, mailLocale, requestLocale } from './mail-locale.ts';

describe('localeFromAcceptLanguage', () => {
  it.each([
    ['es', 'es'],
    ['de-DE', 'de'],
    ['fr-CA,fr;q=0.9', 'fr'],
    ['ko-KR,ko;q=0.9,en-US;q=0.8,en;q=0.7', 'ko'],
    ['pt-BR', 'pt-BR'],
    ['PT-br', 'pt-BR'],
    // Portuguese of any country, or none, reads the Brazilian texts.
    ['pt', 'pt-BR'],
    ['pt-PT', 'pt-BR'],
    ['es-419', 'es'],
    ['en-GB', 'en'],
  ])('%s → %s', (header, locale) => {
    expect(localeFromAcceptLanguage(header)).toBe(locale);
  });

  it('follows the weights, not the order, and skips what it cannot speak', () => {
    expect(localeFromAcceptLanguage('en;q=0.5, de;q=0.8')).toBe('de');
    expect(localeFromAcceptLanguage('ja, zh-CN;q=0.9, fr;q=0.3, es;q=0.2')).toBe('fr');
    expect(localeFromAcceptLanguage('it, *;q=0.5')).toBe('en');
    // Equal weights keep the header's order.
    expect(localeFromAcceptLanguage('ko;q=0.7, es;q=0.7')).toBe('ko');
  });

  it('never picks a language the header refuses (q=0)', () => {
    expect(localeFromAcceptLanguage('de;q=0, fr;q=0.1')).toBe('fr');
    expect(localeFromAcceptLanguage('es;q=0')).toBe('en');
  });

  it('answers English without a header, or with one it cannot read', () => {
    for (const header of [undefined, '', '*', 'xx-YY', 'ja', ';q=1', ',,,', 'de;q=abc'])
      expect(localeFromAcceptLanguage(header), String(header)).toBe('en');
  });

  it("reads a request's header, even repeated", () => {
    expect(requestLocale({ headers: { 'accept-language': 'pt-PT,pt;q=0.9' } })).toBe('pt-BR');
    expect(requestLocale({ headers: { 'accept-language': ['it', 'de;q=0.5'] } })).toBe('de');
    expect(requestLocale({ headers: {} })).toBe('en');
  });
});

describe('mailLocale', () => {
  it('takes the first candidate Segue speaks, else English', () => {
    expect(mailLocale('de', 'fr')).toBe('de');
    expect(mailLocale(null, 'fr')).toBe('fr');
    expect(mailLocale(undefined, null, 'ko')).toBe('ko');
    // A stored value no longer offered counts as none.
    expect(mailLocale('it', 'es')).toBe('es');
    expect(mailLocale('pt', null)).toBe('en');
    expect(mailLocale()).toBe('en');
  });
});
