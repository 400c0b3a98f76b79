import { describe, expect, it } from 'vitest';
import { matchBrowserLocale } from './locale-choice.ts';

describe("the browser's language", () => {
  it.each([
    [['pt-BR', 'en'], 'pt-BR'],
    [['pt-PT'], 'pt-BR'],
    [['pt'], 'pt-BR'],
    [['es-MX', 'en-US'], 'es'],
    [['ko-KR'], 'ko'],
    [['de-CH'], 'de'],
    [['fr-CA'], 'fr'],
    [['en-GB'], 'en'],
    [['nl', 'fr'], 'fr'],
    [['ja', 'zh'], 'en'],
    [[], 'en'],
  ])('%j speaks %s', (languages, locale) => {
    expect(matchBrowserLocale(languages)).toBe(locale);
  });
});
