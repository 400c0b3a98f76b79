import { describe, expect, it } from 'vitest';
import { midiAction } from './midi-message.ts';

describe('midiAction', () => {
  it('selects parts 0..7 with notes 16..23 on any channel', () => {
    expect(midiAction([0x90, 16, 100], 8)).toEqual({ type: 'selectPart', partIndex: 0 });
    expect(midiAction([0x9f, 23, 1], 8)).toEqual({ type: 'selectPart', partIndex: 7 });
  });

  it('ignores notes beyond the parts of the song', () => {
    expect(midiAction([0x90, 19, 100], 3)).toBeNull();
  });

  it('sends the announcement with note 64', () => {
    expect(midiAction(new Uint8Array([0x91, 64, 127]), 0)).toEqual({ type: 'announce' });
  });

  it('ignores note-off, velocity 0, other notes and short messages', () => {
    expect(midiAction([0x80, 16, 100], 8)).toBeNull();
    expect(midiAction([0x90, 16, 0], 8)).toBeNull();
    expect(midiAction([0x90, 24, 100], 8)).toBeNull();
    expect(midiAction([0xb0, 16, 100], 8)).toBeNull();
    expect(midiAction([0x90, 16], 8)).toBeNull();
    expect(midiAction(null, 8)).toBeNull();
  });
});
