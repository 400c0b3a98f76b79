import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { importFailureText, readImportFile } from './library-file.ts';

const FAILED = 'Failed to import. Please check the file format.';

/** The reason readImportFile refuses a file with, or null when it reads it. */
async function refusal(name: string, text: string): Promise<string | null> {
  try {
    await readImportFile(new File([text], name, { type: 'application/json' }));
    return null;
  } catch (error) {
    return importFailureText(error);
  }
}

describe('importFailureText', () => {
  it('gives the spec’s text, then the reason of a refused file', async () => {
    expect(await refusal('library.txt', '{"songs": []}')).toBe(
      `${FAILED} Only .json files can be imported.`,
    );
    expect(await refusal('library.json', 'hello')).toBe(`${FAILED} The file is not valid JSON.`);
    expect(await refusal('library.json', '{"title": "A"}')).toBe(
      `${FAILED} The file has no songs array.`,
    );
    expect(await refusal('Library.JSON', '[{"title": "A"}]')).toBeNull();
  });

  it('adds the server’s reason, and no more than the spec’s text when there is none', () => {
    const refused = new ApiRequestError(400, 'Song 3: Title is required.', 'validation');
    expect(importFailureText(refused)).toBe(`${FAILED} Song 3: Title is required.`);
    // A proxy's HTML page, a lost connection or a bad answer carry nothing the user can act on.
    expect(importFailureText(new ApiRequestError(502, undefined, undefined))).toBe(FAILED);
    expect(importFailureText(new TypeError('Failed to fetch'))).toBe(FAILED);
  });
});

describe('readImportFile', () => {
  it('keeps a song’s links for the server to check, and leaves out what it does not know', async () => {
    const file = {
      recordings: 'Recordings are not part of the JSON export; their links are.',
      songs: [
        { title: 'A', parts: [], links: [{ name: 'Live', url: 'https://example.com/a' }] },
        { title: 'B', artist: 'X', parts: [], recordingIds: ['r1'] },
      ],
    };
    const songs = await readImportFile(
      new File([JSON.stringify(file)], 'library.json', { type: 'application/json' }),
    );
    expect(songs).toEqual([
      {
        title: 'A',
        artist: '',
        parts: [],
        links: [{ name: 'Live', url: 'https://example.com/a' }],
      },
      { title: 'B', artist: 'X', parts: [] },
    ]);
  });
});
