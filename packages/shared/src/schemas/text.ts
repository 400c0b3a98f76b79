import { z } from 'zod';
import { SERVER_ERRORS } from '../texts.ts';

/**
 * The one message for text that holds a character no stored text may: the one PostgreSQL's
 * refusal of a NUL or of a lone surrogate in a song's lines has always answered.
 */
export const INVALID_TEXT_MESSAGE = SERVER_ERRORS.invalidInput;

/**
 * True when `value` holds a NUL (U+0000) or a lone UTF-16 surrogate. PostgreSQL text cannot
 * hold a NUL, and a lone surrogate has no UTF-8 form: written to the database it would come
 * back as U+FFFD, so the text read back would not be the text sent.
 */
export function hasInvalidCharacters(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code === 0) return true;
    if (code < 0xd800 || code > 0xdfff) continue;
    if (code <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        i += 1;
        continue;
      }
    }
    return true;
  }
  return false;
}

/** True when a string anywhere in a JSON-like value (a key or a value) fails the text rule. */
export function holdsInvalidText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return hasInvalidCharacters(value);
  // Deeper than any JSON a request body parses to: refused rather than walked without end.
  if (depth > 256) return true;
  if (Array.isArray(value)) return value.some((item) => holdsInvalidText(item, depth + 1));
  if (value && typeof value === 'object') {
    return Object.entries(value).some(
      ([key, item]) => hasInvalidCharacters(key) || holdsInvalidText(item, depth + 1),
    );
  }
  return false;
}

/**
 * A string of a request, with the text rule first: every text that comes in is built from
 * this, so a new field refuses NUL and lone surrogates without anyone having to remember it
 * (`text.test.ts` walks every request schema to be sure). Chain `.trim()`, `.min()`, … as on
 * `z.string()`.
 */
export function text(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine((value) => !hasInvalidCharacters(value), INVALID_TEXT_MESSAGE);
}

/** At most `max` UTF-16 units of `value`, never ending in half of a surrogate pair. */
export function clipText(value: string, max: number): string {
  if (value.length <= max) return value;
  const clipped = value.slice(0, max);
  const last = clipped.charCodeAt(clipped.length - 1);
  return last >= 0xd800 && last <= 0xdbff ? clipped.slice(0, -1) : clipped;
}
