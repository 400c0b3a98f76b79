import { describe, expect, it } from 'vitest';
import { DEFAULT_CHORD_VIEW } from '@segue/shared';
import { entryKeyCaption } from './setlist-view.ts';

describe("a setlist entry's key caption", () => {
  it("names the key played, and the song's own when it differs", () => {
    expect(entryKeyCaption('A', 'G', DEFAULT_CHORD_VIEW)).toBe('Key A (song in G)');
    expect(entryKeyCaption('D', 'D', DEFAULT_CHORD_VIEW)).toBe('Key D');
    expect(entryKeyCaption(null, null, DEFAULT_CHORD_VIEW)).toBeNull();
  });

  it("adds this musician's capo and the shapes it gives", () => {
    expect(entryKeyCaption('A', 'G', { ...DEFAULT_CHORD_VIEW, capo: 2 })).toBe(
      'Key A (song in G) · Capo 2 · G shapes',
    );
    expect(entryKeyCaption('E', null, { ...DEFAULT_CHORD_VIEW, capo: 4 })).toBe(
      'Key E · Capo 4 · C shapes',
    );
  });
});
