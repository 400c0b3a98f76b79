import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from './databases.ts';
import { createAccount, createSetlist, createSong, createTeam } from './factories.ts';
import { bearer, startTestApp, type TestApp } from './harness.ts';

/**
 * Every file Segue offers for download is named by one cleaner: a song or team name can hold
 * path separators and bidi overrides, and neither may reach the name a browser saves under.
 */
const HOSTILE = /[/\\\p{Cc}\p{Cf}\u202a-\u202e\u2066-\u2069]|^\./u;

/** Both names of a `Content-Disposition`: the ASCII one and the UTF-8 `filename*`. */
function dispositionNames(header: string | undefined): string[] {
  const ascii = /filename="([^"]*)"/.exec(header ?? '')?.[1];
  const full = /filename\*=UTF-8''([^;]+)/.exec(header ?? '')?.[1];
  expect(ascii, header).toBeDefined();
  expect(full, header).toBeDefined();
  return [ascii!, decodeURIComponent(full!)];
}

describe.each(backends)('the names of exported files on %s', (backend) => {
  let t: TestApp;
  let owner: { userId: string; jwt: string };
  let teamId: string;
  const songs: Record<string, string> = {};

  const TITLES = {
    traversal: '../../etc/passwd',
    bidi: 'Amen\u202Egpj.exe',
    isolates: '\u2066Praise\u2069 \u202Dback\u202C\\slash',
    device: 'CON',
    invisible: '\u202E\u202E',
  };

  beforeAll(async () => {
    t = await startTestApp(backend);
    owner = await createAccount(t, { name: 'Exporting Owner' });
    teamId = await createTeam(t, { owner, name: '../..\\etc/passwd\u202Epiz.exe' });
    for (const [key, title] of Object.entries(TITLES)) {
      songs[key] = await createSong(t, { teamId, by: owner, title });
    }
    await createSetlist(t, { teamId, by: owner, date: '2030-05-05', songs: Object.values(songs) });
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string) =>
    t.app.inject({ method: 'GET', url, headers: { ...bearer(owner.jwt), 'x-team-id': teamId } });

  it.each([
    ['chordpro', 'cho'],
    ['openlyrics', 'xml'],
    ['text', 'txt'],
    ['json', 'json'],
  ])('names a %s export of each song by its cleaned title', async (format, extension) => {
    const expected: Record<keyof typeof TITLES, string> = {
      traversal: `etcpasswd.${extension}`,
      bidi: `Amengpjexe.${extension}`,
      isolates: `Praise backslash.${extension}`,
      device: `_CON.${extension}`,
      invisible: `song.${extension}`,
    };
    for (const [key, name] of Object.entries(expected)) {
      const res = await get(`/api/songs/${songs[key]}/export?format=${format}`);
      expect(res.statusCode, res.body).toBe(200);
      const [ascii, full] = dispositionNames(res.headers['content-disposition'] as string);
      expect(full, key).toBe(name);
      expect(ascii, key).toBe(name);
    }
  });

  it('names the library zip and every file in it by the cleaner', async () => {
    for (const [format, extension] of [
      ['chordpro', 'cho'],
      ['openlyrics', 'xml'],
    ] as const) {
      const res = await get(`/api/songs/export?format=${format}`);
      expect(res.statusCode, res.body).toBe(200);
      for (const name of dispositionNames(res.headers['content-disposition'] as string)) {
        expect(name).toBe(`etcpasswdpizexe-${format}.zip`);
      }
      const names = Object.keys(unzipSync(new Uint8Array(res.rawPayload))).sort();
      expect(names).toEqual(
        [
          `Amengpjexe.${extension}`,
          `Praise backslash.${extension}`,
          `_CON.${extension}`,
          `etcpasswd.${extension}`,
          `song.${extension}`,
        ].sort(),
      );
      expect(names.filter((name) => HOSTILE.test(name))).toEqual([]);
    }
  });

  it('names the CCLI report by the cleaner', async () => {
    const res = await get(`/api/teams/${teamId}/ccli-report.csv?from=2030-05-01&to=2030-05-31`);
    expect(res.statusCode, res.body).toBe(200);
    expect(dispositionNames(res.headers['content-disposition'] as string)).toEqual([
      'ccli-report-2030-05-01-to-2030-05-31.csv',
      'ccli-report-2030-05-01-to-2030-05-31.csv',
    ]);
  });
});
