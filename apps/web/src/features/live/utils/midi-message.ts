import { MIDI } from '@segue/shared';

/** What a MIDI message asks of the live view. */
export type MidiAction = { type: 'selectPart'; partIndex: number } | { type: 'announce' };

/**
 * Maps one MIDI message to its live-view action (spec section 9), or null: a note-on on any
 * channel with a velocity above 0 (0 means note-off), notes 16..23 selecting parts 0..7 of a
 * song with `partCount` parts, note 64 sending the announcement.
 */
export function midiAction(
  data: ArrayLike<number> | null | undefined,
  partCount: number,
): MidiAction | null {
  if (!data || data.length < 3) return null;
  const [status = 0, note = 0, velocity = 0] = Array.from(data);
  if ((status & 0xf0) !== MIDI.noteOn || velocity === 0) return null;
  if (note >= MIDI.firstPartNote && note <= MIDI.lastPartNote) {
    const partIndex = note - MIDI.firstPartNote;
    return partIndex < partCount ? { type: 'selectPart', partIndex } : null;
  }
  return note === MIDI.announceNote ? { type: 'announce' } : null;
}
