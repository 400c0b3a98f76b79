import { afterEach, describe, expect, it } from 'vitest';
import { CHORDPRO_TEXTS } from '@segue/shared/formats';
import { activateLocale } from '../../../lib/i18n/i18n.ts';
import { warningText } from './song-files-preview.ts';

const unknown = CHORDPRO_TEXTS.unknown('{flavour: sweet}');

describe("a file's warning in the preview", () => {
  afterEach(() => activateLocale('en'));

  it('names the song and the line in English as it always did', () => {
    expect(warningText({ song: 1, line: 4, message: unknown }, 3)).toBe(
      `Song 2, line 4: ${unknown}`,
    );
    expect(warningText({ song: 0, line: null, message: unknown }, 2)).toBe(`Song 1: ${unknown}`);
    // One song in the file: its number says nothing.
    expect(warningText({ song: 0, line: 7, message: unknown }, 1)).toBe(`line 7: ${unknown}`);
    expect(warningText({ song: null, line: null, message: unknown }, 1)).toBe(unknown);
  });

  it('says where and what in the active language', async () => {
    await activateLocale('de');
    const text = warningText({ song: 1, line: 4, message: unknown }, 3);
    expect(text).toMatch(/^Song 2, Zeile 4: /);
    expect(text).not.toContain(unknown);
  });
});
