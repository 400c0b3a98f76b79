// Apart from the chord functions, so that code using them without this schema does not pull in zod.
import { z } from 'zod';
import { NOTATIONS } from './notation.ts';

/**
 * One musician's way of reading chords ("My view"): kept on each device, with an
 * account-wide default in Account Settings that a device without its own choice starts from.
 */
export const ChordViewSchema = z.object({
  /** Capo fret 0–11: chords are shown as the shapes played with it. */
  capo: z.number().int().min(0, 'Capo goes from 0 to 11.').max(11, 'Capo goes from 0 to 11.'),
  /** Semitones for a transposing instrument (+2 for a B♭ instrument), -11 to 11. */
  transpose: z
    .number()
    .int()
    .min(-11, 'An instrument transposes by −11 to +11 semitones.')
    .max(11, 'An instrument transposes by −11 to +11 semitones.'),
  notation: z.enum(NOTATIONS, { error: 'Choose letters, Nashville, Roman, German or solfège.' }),
  accidentals: z.enum(['auto', 'sharps', 'flats'], {
    error: 'Choose sharps, flats or as the key.',
  }),
  /** Chords shown at all (a singer may want words only). */
  chords: z.boolean(),
});

export type ChordView = z.infer<typeof ChordViewSchema>;

export const DEFAULT_CHORD_VIEW: ChordView = {
  capo: 0,
  transpose: 0,
  notation: 'letters',
  accidentals: 'auto',
  chords: true,
};

/** A stored view read field by field: anything missing or not valid takes the default. */
export function chordViewFrom(stored: unknown): ChordView {
  const s = (typeof stored === 'object' && stored !== null ? stored : {}) as Record<
    string,
    unknown
  >;
  const field = <K extends keyof ChordView>(key: K): ChordView[K] => {
    const parsed = ChordViewSchema.shape[key].safeParse(s[key]);
    return parsed.success ? (parsed.data as ChordView[K]) : DEFAULT_CHORD_VIEW[key];
  };
  return {
    capo: field('capo'),
    transpose: field('transpose'),
    notation: field('notation'),
    accidentals: field('accidentals'),
    chords: field('chords'),
  };
}
