import { readFileSync } from 'node:fs';
import { parse, type Token } from '@messageformat/parser';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '@segue/shared';

/**
 * The catalogs as written (their ICU source; the app imports them compiled): every language has
 * every English key and no other, none empty, the same placeholders, and each plural the forms
 * its language needs.
 */
const source = (locale: string) =>
  JSON.parse(
    readFileSync(new URL(`../../locales/${locale}.json`, import.meta.url), 'utf8'),
  ) as Record<string, unknown>;

const english = source('en');
const keys = Object.keys(english);

interface Shape {
  /** Plain placeholders: `{name}`. */
  arguments: Set<string>;
  /** Plurals: their argument and the forms written. */
  plurals: { arg: string; forms: string[] }[];
}

function shapeOf(message: string): Shape {
  const shape: Shape = { arguments: new Set(), plurals: [] };
  const walk = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === 'argument' || token.type === 'function') shape.arguments.add(token.arg);
      if (token.type === 'plural' || token.type === 'select' || token.type === 'selectordinal') {
        if (token.type === 'plural') {
          shape.plurals.push({ arg: token.arg, forms: token.cases.map((c) => c.key) });
        } else {
          shape.arguments.add(token.arg);
        }
        for (const c of token.cases) walk(c.tokens);
      }
    }
  };
  walk(parse(message));
  return shape;
}

describe('the catalogs', () => {
  it('English has texts, each a valid ICU message', () => {
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) {
      const message = english[key];
      expect(typeof message === 'string' && message.trim() !== '', key).toBe(true);
      expect(() => shapeOf(message as string), key).not.toThrow();
    }
  });

  describe.each(LOCALES.filter((l) => l !== 'en'))('%s', (locale) => {
    const catalog = source(locale);
    const needed = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;

    it("has every English key, none empty, and no key English doesn't have", () => {
      const missing = keys.filter(
        (k) => typeof catalog[k] !== 'string' || !String(catalog[k]).trim(),
      );
      const extra = Object.keys(catalog).filter((k) => !(k in english));
      expect(missing, 'missing or empty').toEqual([]);
      expect(extra, 'not in English').toEqual([]);
    });

    it(`keeps the placeholders, and each plural has the forms ${locale} needs (${needed.join(', ')})`, () => {
      for (const key of keys) {
        if (typeof catalog[key] !== 'string') continue;
        let shape: Shape;
        try {
          shape = shapeOf(catalog[key]);
        } catch (error) {
          throw new Error(`${locale} ${key}: not a valid ICU message: ${String(error)}`);
        }
        const original = shapeOf(english[key] as string);
        const args = (s: Shape) => [...s.arguments, ...s.plurals.map((p) => p.arg)].sort();
        expect(new Set(args(shape)), `${locale} ${key}: placeholders`).toEqual(
          new Set(args(original)),
        );
        expect(
          shape.plurals.map((p) => p.arg).sort(),
          `${locale} ${key}: a count in English is a plural here too`,
        ).toEqual(original.plurals.map((p) => p.arg).sort());
        for (const plural of shape.plurals) {
          for (const form of new Set(['other', ...needed])) {
            expect(
              plural.forms,
              `${locale} ${key}: {${plural.arg}, plural} needs "${form}"`,
            ).toContain(form);
          }
        }
      }
    });
  });

  it("English plurals have English's forms", () => {
    for (const key of keys) {
      for (const plural of shapeOf(english[key] as string).plurals) {
        expect(plural.forms, key).toEqual(expect.arrayContaining(['one', 'other']));
      }
    }
  });
});
