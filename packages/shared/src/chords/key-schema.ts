// Apart from keys.ts, so that code using keys without this schema does not pull in zod.
import { z } from 'zod';
import { parseKey } from './keys.ts';

export const KEY_MESSAGE = 'Choose a key such as G, Bb or F#m.';

/**
 * A key that may be left out: undefined stays undefined, null or blank text is no key (null),
 * anything else must be a key (normalised by parseKey).
 */
export const OptionalKeySchema = z
  .string({ error: KEY_MESSAGE })
  .nullish()
  .transform((text, ctx) => {
    if (text === undefined) return undefined;
    if (!text?.trim()) return null;
    const key = parseKey(text);
    if (key === null) ctx.addIssue({ code: 'custom', message: KEY_MESSAGE });
    return key ?? z.NEVER;
  });

/** A key from a form or a request, normalised by parseKey ('B♭ ' → 'Bb'). */
export const KeySchema = z.string({ error: KEY_MESSAGE }).transform((text, ctx) => {
  const key = parseKey(text);
  if (key === null) ctx.addIssue({ code: 'custom', message: KEY_MESSAGE });
  return key ?? z.NEVER;
});
