import type { Locator } from '@playwright/test';
import {
  apiSession,
  createTeamWith,
  createVerifiedPerson,
  expect,
  signIn,
  test,
  createdId,
} from '../support/fixtures.ts';

/** Lyric chunks, each with the chord typed over its first syllable (some in mid-word). */
const CHUNKS: [chord: string, lyric: string][] = [
  ['G', 'Through every '],
  ['D/F#', 'storm and every sor'],
  ['Em7', 'row, your faithful '],
  ['Cmaj7', 'love has car'],
  ['G', 'ried me beyond the '],
  ['D', 'shadows into mor'],
  ['Am7', 'ning light again and a'],
  ['Dsus4', 'gain'],
];
/** The syllable each chord sits over: its chunk's start, up to a space or punctuation. */
const SYLLABLES = CHUNKS.map(([, lyric]) => /^[\w']+/.exec(lyric)![0]);
const LONG_LYRICS = CHUNKS.map(([, lyric]) => lyric).join('');
// Each chord at the column where its chunk starts, as the song editor's two lines would have it.
const LONG_CHORDS = CHUNKS.reduce(
  (line, [chord], i) =>
    line.padEnd(CHUNKS.slice(0, i).reduce((n, [, lyric]) => n + lyric.length, 0)) + chord,
  '',
);
/** A word wider than a phone at a large text size, with a chord over its start. */
const LONG_WORD = 'Hallelujahhallelujahhallelujahhallelujah';

const SIZES = [
  { percent: '100%', rem: 1 },
  { percent: '250%', rem: 2.5 },
];
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 844, height: 390 },
];

/** Where each chord and the lyric piece in its segment are drawn. */
function chordLayout(part: Locator) {
  return part.evaluate((element) =>
    Array.from(element.querySelectorAll('[data-chord]'), (chord) => {
      const lyric = chord.closest('[data-segment]')!.querySelector('[data-lyric]');
      const c = chord.getBoundingClientRect();
      const l = lyric?.getBoundingClientRect();
      return {
        chord: chord.textContent,
        chordLeft: c.left,
        chordBottom: c.bottom,
        lyric: lyric?.textContent ?? null,
        lyricLeft: l?.left ?? null,
        lyricTop: l?.top ?? null,
        fontSize: parseFloat(getComputedStyle(lyric ?? chord).fontSize),
      };
    }),
  );
}

test('song lines wrap on narrow screens and each chord stays over its syllable', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  expect(LONG_LYRICS.length).toBeGreaterThanOrEqual(115);
  const leader = await createVerifiedPerson(request, 'Asaph');
  const teamId = await createTeamWith(request, leader, 'Wrap Team');
  const headers = await apiSession(request, leader, teamId);
  const song = await request.post('/api/songs', {
    headers,
    data: {
      title: 'Long Lines',
      artist: 'Segue Band',
      parts: [
        {
          label: 'Verse 1',
          lines: [
            // A chords-only intro, spaced out wider than a phone.
            { chords: 'G       D/F#       Em7        Cmaj7       G       D       Am7', lyrics: '' },
            { chords: LONG_CHORDS, lyrics: LONG_LYRICS },
            { chords: 'C', lyrics: `${LONG_WORD} amen` },
          ],
        },
      ],
    },
  });
  const songId = await createdId(song);
  const setlist = await request.post('/api/setlist', {
    headers,
    data: {
      name: 'Wrapping Sunday',
      date: new Date().toISOString().slice(0, 10),
      songs: [{ song: songId, leader: null }],
      positions: [],
    },
  });
  const setlistId = await createdId(setlist);

  await signIn(page, leader);
  // The device's storage is written below from a page of the app.
  await page.goto(`/setlists/live/${setlistId}`);
  const part = page.getByRole('region', { name: 'Verse 1' });
  for (const viewport of VIEWPORTS) {
    for (const size of SIZES) {
      await test.step(`${viewport.width}x${viewport.height} at ${size.percent}`, async () => {
        await page.setViewportSize(viewport);
        // The live view reads its text size from this device's storage when it opens.
        await page.evaluate(
          (rem) => localStorage.setItem('segue.live.textSize', String(rem)),
          size.rem,
        );
        await page.goto(`/setlists/live/${setlistId}`);
        await expect(part.locator('[data-lyric]', { hasText: 'Through' })).toBeVisible();

        const layout = await chordLayout(part);
        expect(layout[0]!.fontSize).toBe(16 * size.rem);

        // Nothing scrolls sideways: not the page, not the part.
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
        ).toBe(true);
        expect(await part.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
        // Nor is any chord or word drawn past the part's edge (and so cut off).
        const overflowing = await part.evaluate((element) => {
          const edge = element.getBoundingClientRect().right;
          return Array.from(element.querySelectorAll('[data-chord], [data-lyric]'))
            .filter((piece) => piece.getBoundingClientRect().right > edge + 0.5)
            .map((piece) => piece.textContent);
        });
        expect(overflowing).toEqual([]);

        // Each chord of the lyric lines is drawn over the start of the syllable it was typed over.
        const overLyrics = layout.filter((entry) => entry.lyric !== null);
        expect(overLyrics.map((entry) => entry.chord)).toEqual([
          ...CHUNKS.map(([chord]) => chord),
          'C',
        ]);
        overLyrics.forEach((entry, i) => {
          const syllable = i < SYLLABLES.length ? SYLLABLES[i]! : 'Hallelujah';
          expect(entry.lyric, `the lyric under ${entry.chord}`).toMatch(new RegExp(`^${syllable}`));
          expect(Math.abs(entry.chordLeft - entry.lyricLeft!)).toBeLessThanOrEqual(1);
          expect(entry.chordBottom).toBeLessThanOrEqual(entry.lyricTop! + 1);
        });
        // The intro's chords come out in order too, none dropped.
        expect(layout.filter((entry) => entry.lyric === null).map((entry) => entry.chord)).toEqual([
          'G',
          'D/F#',
          'Em7',
          'Cmaj7',
          'G',
          'D',
          'Am7',
        ]);

        // The pieces still read as the line, word for word.
        const lyricText = await part
          .locator('[data-lyric]')
          .evaluateAll((pieces) => pieces.map((piece) => piece.textContent).join(''));
        expect(lyricText).toBe(`${LONG_LYRICS}${LONG_WORD} amen`);

        // A word cut by a chord ("sor" + "row,") wraps as one: its pieces share a row.
        const splitWords = await part.evaluate((element) =>
          Array.from(element.querySelectorAll('[data-line]')).flatMap((line) => {
            const pieces = Array.from(line.querySelectorAll('[data-lyric]'), (piece) => ({
              text: piece.textContent!,
              top: piece.getBoundingClientRect().top,
            }));
            return pieces.slice(1).flatMap((piece, i) => {
              const before = pieces[i]!;
              return /\s$/.test(before.text) || /^\s/.test(piece.text)
                ? []
                : [
                    {
                      word: `${before.text}|${piece.text}`,
                      apart: Math.abs(before.top - piece.top),
                    },
                  ];
            });
          }),
        );
        expect(splitWords.map(({ word }) => word)).toEqual([
          'sor|row, ',
          'car|ried ',
          'mor|ning ',
          'a|gain',
        ]);
        for (const { word, apart } of splitWords) expect(apart, word).toBeLessThanOrEqual(1);

        // Selecting the long line copies its words, without the chords or breaks between pieces.
        const copied = await part.evaluate((element, nextLine) => {
          const pieces = Array.from(element.querySelectorAll('[data-lyric]'));
          const next = pieces.findIndex((piece) => piece.textContent!.startsWith(nextLine));
          const range = document.createRange();
          range.setStartBefore(pieces[0]!);
          range.setEndAfter(pieces[next - 1]!);
          getSelection()!.removeAllRanges();
          getSelection()!.addRange(range);
          return getSelection()!.toString();
        }, LONG_WORD);
        expect(copied).toBe(LONG_LYRICS);

        // A screen reader hears a line's chords, then its words, none cut by a chord.
        expect(await part.ariaSnapshot()).toContain(
          `${CHUNKS.map(([chord]) => chord).join(' ')} ${LONG_LYRICS}`,
        );

        // On a phone held upright the long line really wraps: its chords sit on several rows.
        if (viewport.width === 390) {
          const rows = new Set(overLyrics.map((entry) => Math.round(entry.chordBottom)));
          expect(rows.size).toBeGreaterThan(1);
        }
      });
    }
  }
});
