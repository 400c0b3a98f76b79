import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as shared from '../index.ts';
import {
  clipText,
  hasInvalidCharacters,
  holdsInvalidText,
  INVALID_TEXT_MESSAGE,
  text,
} from './text.ts';

const BAD = [
  '\u0000',
  'a\u0000b',
  '\uD800',
  'a\uDBFFb',
  '\uDC00',
  'x\uDFFF',
  '\uDC00\uD800',
  '😀\uD83D',
];
const GOOD = ['', 'Amazing Grace', '😀', 'a😀b', 'e\u0301', '\u202Eevil', '\uFFFD', 'tab\there'];

describe('the text rule', () => {
  it.each(BAD)('refuses %j', (value) => {
    expect(hasInvalidCharacters(value)).toBe(true);
    const result = text().safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(INVALID_TEXT_MESSAGE);
  });

  it.each(GOOD)('keeps %j', (value) => {
    expect(hasInvalidCharacters(value)).toBe(false);
    expect(text().parse(value)).toBe(value);
  });

  it('is the message the server answers for values the database refuses', () => {
    expect(INVALID_TEXT_MESSAGE).toBe(shared.SERVER_ERRORS.invalidInput);
  });

  it('finds a bad string anywhere in a JSON value, keys too', () => {
    expect(holdsInvalidText({ a: [{ b: 'ok' }, 'fine'], c: 1, d: null })).toBe(false);
    expect(holdsInvalidText({ a: [{ b: 'x\uD800' }] })).toBe(true);
    expect(holdsInvalidText({ 'k\u0000': 1 })).toBe(true);
    expect(holdsInvalidText(['\uDC00'])).toBe(true);
  });
});

type Schema = z.core.$ZodType;

/** Every string a schema takes, with its path, down through objects, arrays, wrappers and unions. */
function stringsOf(schema: Schema, path: string, found: { path: string; schema: Schema }[]) {
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  switch (def.type) {
    case 'string':
      found.push({ path, schema });
      break;
    case 'object':
      for (const [key, field] of Object.entries(def.shape as Record<string, Schema>)) {
        stringsOf(field, path ? `${path}.${key}` : key, found);
      }
      break;
    case 'array':
      stringsOf(def.element as Schema, `${path}[]`, found);
      break;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      stringsOf(def.innerType as Schema, path, found);
      break;
    case 'pipe': {
      // What comes out of a checked string was checked going in (`.pipe(z.email())`).
      const before = found.length;
      stringsOf(def.in as Schema, path, found);
      if (found.length === before) stringsOf(def.out as Schema, path, found);
      break;
    }
    case 'union':
      for (const option of def.options as Schema[]) stringsOf(option, path, found);
      break;
    case 'intersection':
      stringsOf(def.left as Schema, path, found);
      stringsOf(def.right as Schema, path, found);
      break;
  }
  return found;
}

/**
 * Fields that take any string on purpose: passwords are only hashed (one already set must go
 * on logging in), and a key is refused by its own parser unless it names a key.
 */
const EXEMPT = /(^|\.)(password|oldPassword|key)$/;

const requestSchemas = Object.entries(shared).filter(
  ([name, value]) =>
    /(Input|Query|Payload)Schema$|^SetlistIdSchema$/.test(name) && value instanceof z.ZodType,
) as [string, Schema][];

/** The strings of `schema` that take a value the text rule refuses. */
function unruled(schema: Schema): string[] {
  return stringsOf(schema, '', [])
    .filter(({ path }) => !EXEMPT.test(path))
    .filter(({ schema: field }) =>
      ['a\u0000', '\uD800'].some((value) => {
        const result = z.safeParse(field, value);
        return (
          result.success || !result.error.issues.some((i) => i.message === INVALID_TEXT_MESSAGE)
        );
      }),
    )
    .map(({ path }) => path || '(the whole value)');
}

describe('every request schema', () => {
  it('finds a plain z.string() (the check below can fail)', () => {
    expect(unruled(z.object({ a: text(), b: z.array(z.object({ c: z.string() })) }))).toEqual([
      'b[].c',
    ]);
  });

  it('covers the request schemas of every feature', () => {
    const names = requestSchemas.map(([name]) => name);
    for (const name of [
      'RegisterInputSchema',
      'TeamInputSchema',
      'TeamSearchQuerySchema',
      'SongInputSchema',
      'SongListQuerySchema',
      'SetlistInputSchema',
      'BlockoutInputSchema',
      'CcliLicenceInputSchema',
      'InviteInputSchema',
      'UpdateNameInputSchema',
      'AnnouncePayloadSchema',
    ]) {
      expect(names).toContain(name);
    }
  });

  it.each(requestSchemas)('%s refuses NUL and lone surrogates in every text', (_name, schema) => {
    expect(unruled(schema)).toEqual([]);
  });
});

describe('clipText', () => {
  it('cuts at most max units, never between the halves of a character', () => {
    expect(clipText('abc', 5)).toBe('abc');
    expect(clipText('abcdef', 3)).toBe('abc');
    // '🎸' is two units: cut after its first half, it goes whole.
    expect(clipText('ab🎸', 3)).toBe('ab');
    expect(clipText('ab🎸', 4)).toBe('ab🎸');
    expect(hasInvalidCharacters(clipText('🎸'.repeat(300), 501))).toBe(false);
  });
});
