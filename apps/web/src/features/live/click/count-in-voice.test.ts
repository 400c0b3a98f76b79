import { describe, expect, it } from 'vitest';
import { nextBeats, startClick } from '@segue/shared';
import { CountInVoice } from './count-in-voice.ts';

describe('CountInVoice', () => {
  it('speaks the count-in beats by their place in the bar, cutting off the word before', () => {
    const said: string[] = [];
    let cancelled = 0;
    const voice = new CountInVoice({
      speech: { speak: (u) => void said.push(u.text), cancel: () => void (cancelled += 1) },
      makeUtterance: (text) => ({ text }) as SpeechSynthesisUtterance,
      volume: () => 0.5,
    });
    const state = startClick(100, { beatsPerBar: 3, beatUnit: 4, pulse: 'beat' }, 2, 0);
    for (const beat of nextBeats(state, 0, state.downbeatAt + 8 * 600)) voice.say(beat);
    expect(said).toEqual(['one', 'two', 'three', 'one', 'two', 'three']);
    expect(cancelled).toBe(6);
  });

  it('stays silent where the device cannot speak', () => {
    const voice = new CountInVoice({ speech: null });
    const [beat] = nextBeats(
      startClick(100, { beatsPerBar: 4, beatUnit: 4, pulse: 'beat' }, 1, 0),
      0,
      1e6,
    );
    expect(voice.say(beat!)).toBe(false);
  });
});
