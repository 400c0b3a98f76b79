import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import {
  apiSession,
  createdId,
  createTeamWith,
  createVerifiedPerson,
  expect,
  signIn,
  test,
} from '../support/fixtures.ts';
import { allViolations } from '../support/axe.ts';

/**
 * Songs sung in several languages (docs/DECISIONS.md, "Screen and chart languages"): a
 * translation added in the song form, two languages on the projector, one on a phone's chart,
 * and a Hebrew line's chords over its syllables.
 */

const FIXTURES = path.resolve(import.meta.dirname, '../../packages/shared/test/fixtures');
/** The multi-language songs of the fixtures (the public set's and the one Segue wrote). */
const MULTI_LANGUAGE_FIXTURES = [
  'openlyrics/complex_key-transposition-multilang.xml',
  'openlyrics/synthetic_holy-holy-holy_en-es.xml',
  'openlyrics/synthetic_hevenu-shalom_he-rtl.xml',
].map((file) => path.join(FIXTURES, file));
/**
 * The presenter's smallest size before it lets lines wrap (`MIN_UNWRAPPED_PX` in
 * apps/web/src/features/presenter/hooks/use-fit-text.ts): below it a part does not fit.
 */
const PRESENTER_MIN_PX = 32;

interface StoredSong {
  _id: string;
  language: string | null;
  parts: {
    label: string;
    lines: { chords: string; lyrics: string }[];
    translations: { lang: string; translit?: string; lines: string[] }[];
  }[];
}

const holy = {
  title: 'Holy, Holy, Holy',
  artist: 'Reginald Heber',
  language: 'en',
  parts: [
    {
      label: 'Verse 1',
      lines: [
        { chords: 'D           Bm     G', lyrics: 'Holy, holy, holy! Lord God Almighty!' },
        { chords: 'D              Bm', lyrics: 'Early in the morning our song shall rise to Thee' },
      ],
      translations: [
        {
          lang: 'es',
          lines: [
            '¡Santo! ¡Santo! ¡Santo! Señor omnipotente,',
            'siempre el labio mío loores te dará',
          ],
        },
      ],
    },
  ],
};

async function bandWithSong(request: APIRequestContext, song: object, leaderName = 'Lucia') {
  const leader = await createVerifiedPerson(request, leaderName);
  const teamId = await createTeamWith(request, leader, `${leaderName}'s Church`);
  const headers = await apiSession(request, leader, teamId);
  const songId = await createdId(await request.post('/api/songs', { headers, data: song }));
  return { leader, teamId, headers, songId };
}

async function newSetlist(
  request: APIRequestContext,
  headers: Record<string, string>,
  songIds: string[],
  lyricLanguages?: string[],
) {
  return createdId(
    await request.post('/api/setlist', {
      headers,
      data: {
        name: 'Domingo',
        date: new Date().toISOString().slice(0, 10),
        songs: songIds.map((song) => ({ song, leader: null })),
        positions: [],
        ...(lyricLanguages ? { lyricLanguages } : {}),
      },
    }),
  );
}

/** The box of the glyphs of `element` (its text, not its block). */
function glyphBox(element: Locator) {
  return element.evaluate((node) => {
    const range = document.createRange();
    range.selectNodeContents(node);
    const { left, top, right, bottom } = range.getBoundingClientRect();
    return { left, top, right, bottom };
  });
}

test('a leader adds a Spanish translation to a part in the song form, and it is saved', async ({
  page,
  request,
}) => {
  const leader = await createVerifiedPerson(request, 'Rosa');
  const teamId = await createTeamWith(request, leader, 'Iglesia Bilingüe');
  const headers = await apiSession(request, leader, teamId);
  await signIn(page, leader);
  await page.goto('/songs/new');

  await page.getByLabel('Title', { exact: true }).fill('Holy, Holy, Holy');
  await page
    .getByRole('textbox', { name: 'Chart' })
    .fill('[Verse 1]\nD\nHoly, holy, holy\nA\nLord God Almighty\n');
  // The main lyrics' language, found by typing its own name.
  await page.getByRole('combobox', { name: 'Language', exact: true }).fill('Engl');
  await page.getByRole('option', { name: 'English (en)' }).click();
  await expect(page.getByRole('combobox', { name: 'Language', exact: true })).toHaveValue(
    'English (en)',
  );

  // "Add translation" under the chart's part opens a language picker.
  await page.getByRole('button', { name: 'Add a translation to Verse 1' }).click();
  await page.getByRole('combobox', { name: 'Translation language' }).fill('Espa');
  await page.getByRole('option', { name: 'Español (es)' }).click();
  const block = page.getByLabel('Verse 1 in Español (es)');
  await block.fill('Santo, santo, santo\nSeñor omnipotente');

  // The preview shows each translated line under its line, in Spanish.
  const preview = page.getByRole('region', { name: 'Preview as in the live view' });
  const spanish = preview.locator('[data-translation][lang="es"]');
  await expect(spanish).toHaveText(['Santo, santo, santo', 'Señor omnipotente']);
  const english = preview.locator('[data-line="both"][lang="en"] [data-lyric]').first();
  expect((await glyphBox(spanish.first())).top).toBeGreaterThan(
    (await glyphBox(english)).bottom - 1,
  );
  // The language pickers and the translation's block pass axe, as the rest of the form does.
  expect(await allViolations(page)).toEqual([]);
  await page.screenshot({
    path: test.info().outputPath('song-form-translation.png'),
    fullPage: true,
  });

  await page.getByRole('button', { name: 'Create Song' }).click();
  await expect(page).toHaveURL(/\/songs$/);
  const listed = (await (await request.get('/api/songs', { headers })).json()) as StoredSong[];
  const saved = listed.find((s) => s.parts[0]?.label === 'Verse 1');
  expect(saved?.language).toBe('en');
  expect(saved?.parts[0]?.translations).toEqual([
    { lang: 'es', lines: ['Santo, santo, santo', 'Señor omnipotente'] },
  ]);

  // Line by line, the translation is a field under each lyric line; removing it saves none.
  await page.goto(`/songs/${saved!._id}/edit`);
  await page.getByRole('tab', { name: 'Line by line' }).click();
  await expect(page.getByLabel('Part 1 line 2 in Español (es)')).toHaveValue('Señor omnipotente');
  await page.getByRole('button', { name: 'Remove the Español (es) translation of part 1' }).click();
  await expect(page.getByLabel('Part 1 line 2 in Español (es)')).toHaveCount(0);
  await page.getByRole('button', { name: 'Update Song' }).click();
  await expect(page).toHaveURL(/\/songs$/);
  const updated = (await (
    await request.get(`/api/songs/${saved!._id}`, { headers })
  ).json()) as StoredSong;
  expect(updated.parts[0]?.translations).toEqual([]);
});

test('the projector shows Spanish over English at 1920×1080, both inside the screen', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  const { leader, headers, songId } = await bandWithSong(request, holy);
  const setlistId = await newSetlist(request, headers, [songId]);
  await signIn(page, leader);

  // The setlist form offers the songs' languages; Spanish first, English under it.
  await page.goto(`/setlists/edit/${setlistId}`);
  const first = page.getByRole('combobox', { name: 'First language' });
  await expect(first.locator('option', { hasText: 'Español (es)' })).toHaveCount(1);
  await first.selectOption({ label: 'Español (es)' });
  await page
    .getByRole('combobox', { name: 'Second language, under the first' })
    .selectOption({ label: 'English (en)' });
  await page.getByRole('button', { name: 'Update Setlist' }).click();
  await expect(page).toHaveURL(/\/setlists\/view\//);
  const stored = await (await request.get(`/api/setlist/${setlistId}`, { headers })).json();
  expect(stored.lyricLanguages).toEqual(['es', 'en']);

  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto(`/setlists/presenter/${setlistId}`);
  const live = await context.newPage();
  await live.goto(`/setlists/live/${setlistId}`);
  await live.getByRole('button', { name: 'Verse 1', exact: true }).click();

  const spanish = page.getByText('¡Santo! ¡Santo! ¡Santo! Señor omnipotente,');
  const english = page.getByText('Holy, holy, holy! Lord God Almighty!');
  await expect(spanish).toBeVisible();
  await expect(english).toBeVisible();
  await expect(spanish).toHaveAttribute('lang', 'es');
  await expect(english).toHaveAttribute('lang', 'en');
  // Fitted: every line's glyphs inside the 1920×1080 screen.
  await page.waitForTimeout(300);
  for (const line of await page.locator('[data-screen-line] > div').all()) {
    const box = await glyphBox(line);
    expect(box.left).toBeGreaterThanOrEqual(0);
    expect(box.top).toBeGreaterThanOrEqual(0);
    expect(box.right).toBeLessThanOrEqual(1920);
    expect(box.bottom).toBeLessThanOrEqual(1080);
  }
  // Spanish over English, the second language smaller and in another colour.
  const spanishBox = await glyphBox(spanish);
  const englishBox = await glyphBox(english);
  expect(englishBox.top).toBeGreaterThanOrEqual(spanishBox.bottom - 1);
  const style = (l: Locator) =>
    l.evaluate((e) => {
      const s = getComputedStyle(e);
      return { size: parseFloat(s.fontSize), color: s.color, italic: s.fontStyle };
    });
  const [es, en] = [await style(spanish), await style(english)];
  expect(en.size).toBeLessThan(es.size);
  expect(es.size).toBeGreaterThanOrEqual(PRESENTER_MIN_PX);
  expect(en.color).not.toBe(es.color);
  expect(en.italic).toBe('italic');

  // The stage display follows the setlist: the Spanish line over the chords and the English.
  await page.goto(`/setlists/stage/${setlistId}`);
  const stageSpanish = page.locator('[data-translation][lang="es"]').first();
  await expect(stageSpanish).toHaveText('¡Santo! ¡Santo! ¡Santo! Señor omnipotente,');
  const stageEnglish = page.locator('[data-line="both"][lang="en"]').first();
  expect((await glyphBox(stageEnglish)).top).toBeGreaterThan((await glyphBox(stageSpanish)).top);
});

test('a phone’s My view shows only the translation, and keeps that choice', async ({
  page,
  request,
}) => {
  const { leader, headers, songId } = await bandWithSong(request, holy, 'Mateo');
  const setlistId = await newSetlist(request, headers, [songId]);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, leader);
  await page.goto(`/setlists/live/${setlistId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Holy, Holy, Holy' })).toBeVisible();
  await expect(page.getByText('Holy, holy, holy! Lord God Almighty!').first()).toBeVisible();

  await page.getByRole('button', { name: 'My view' }).click();
  const lyrics = page.getByRole('combobox', { name: 'Lyrics languages' });
  await lyrics.selectOption({ label: 'Español (es) only' });

  const part = page.locator('section[aria-current="step"]');
  await expect(part.locator('[data-line][lang="es"]').first()).toHaveText(
    '¡Santo! ¡Santo! ¡Santo! Señor omnipotente,',
  );
  await expect(part.getByText('Holy, holy, holy! Lord God Almighty!')).toHaveCount(0);
  // The translation alone has no chords: they belong to the English syllables.
  await expect(part.locator('[data-chord]')).toHaveCount(0);
  // Nothing cut off at 390 px: the line wraps inside the screen.
  const line = part.locator('[data-line][lang="es"]').first();
  await line.scrollIntoViewIfNeeded();
  await expect(line).toBeInViewport({ ratio: 1 });
  const box = await glyphBox(line);
  expect(box.left).toBeGreaterThanOrEqual(0);
  expect(box.right).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);

  // Kept on the device, like My view's other choices.
  await page.reload();
  await expect(
    page.locator('section[aria-current="step"] [data-line][lang="es"]').first(),
  ).toBeVisible();
  await expect(page.getByText('Holy, holy, holy! Lord God Almighty!')).toHaveCount(0);
});

/** For each chord of the first chord line: its box and the box of the lyric under it. */
async function chordsOverSyllables(page: Page, scope: string) {
  return page
    .locator(`${scope} [data-line="both"]`)
    .first()
    .evaluate((line) =>
      Array.from(line.querySelectorAll('[data-segment][data-with-chord]')).map((segment) => {
        const chord = segment.querySelector('[data-chord]')!.getBoundingClientRect();
        const range = document.createRange();
        range.selectNodeContents(segment.querySelector('[data-lyric]')!);
        const lyric = range.getBoundingClientRect();
        return {
          chord: segment.querySelector('[data-chord]')!.textContent,
          lyric: segment.querySelector('[data-lyric]')!.textContent,
          dir: getComputedStyle(line).direction,
          chordBox: { left: chord.left, right: chord.right, bottom: chord.bottom },
          lyricBox: { left: lyric.left, right: lyric.right, top: lyric.top },
        };
      }),
    );
}

test('a Hebrew song’s chords sit over the right syllables, flowing from the right', async ({
  page,
  request,
}) => {
  // Chords over the first letter of each word: columns 0, 6 and 11 of the lyrics.
  const { leader, headers, songId } = await bandWithSong(
    request,
    {
      title: 'Hevenu Shalom',
      language: 'he',
      parts: [
        {
          label: 'Chorus',
          lines: [{ chords: 'Dm    A    Dm', lyrics: 'הבאנו שלום עליכם' }],
        },
      ],
    },
    'Noa',
  );
  const setlistId = await newSetlist(request, headers, [songId]);
  await signIn(page, leader);

  for (const [url, scope, width] of [
    [`/songs/${songId}`, 'main', 1280],
    [`/setlists/live/${setlistId}`, 'section[aria-current="step"]', 390],
  ] as const) {
    await page.setViewportSize({ width, height: 844 });
    await page.goto(url);
    await expect(page.locator(`${scope} [data-line="both"]`).first()).toBeVisible();
    const chords = await chordsOverSyllables(page, scope);
    expect(
      chords.map((c) => [c.chord, c.lyric.trim()]),
      url,
    ).toEqual([
      ['Dm', 'הבאנו'],
      ['A', 'שלום'],
      ['Dm', 'עליכם'],
    ]);
    for (const c of chords) {
      expect(c.dir).toBe('rtl');
      // Each chord above its syllable, over the syllable's first letter: its right edge.
      expect(c.chordBox.bottom, `${url}: ${c.chord} above its syllable`).toBeLessThanOrEqual(
        c.lyricBox.top + 1,
      );
      expect(
        Math.abs(c.chordBox.right - c.lyricBox.right),
        `${url}: ${c.chord} at the right`,
      ).toBeLessThan(2);
    }
    // Read from the right: the first chord rightmost.
    expect(chords[0]!.chordBox.left).toBeGreaterThan(chords[1]!.chordBox.left);
    expect(chords[1]!.chordBox.left).toBeGreaterThan(chords[2]!.chordBox.left);
  }
});

test('two languages fit 1920×1080 on the projector and the stage display for at least 95% of the fixtures’ parts', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(240_000);
  const leader = await createVerifiedPerson(request, 'Ana');
  const teamId = await createTeamWith(request, leader, 'Fixtures Church');
  const headers = await apiSession(request, leader, teamId);
  await signIn(page, leader);
  await page.setViewportSize({ width: 1920, height: 1080 });
  const live = await context.newPage();
  const stage = await context.newPage();
  await stage.setViewportSize({ width: 1920, height: 1080 });

  const sizes: { song: string; part: string; px: number; two: boolean }[] = [];
  /** Each part on the stage display: its lyrics' size and whether it fits without scrolling. */
  const onStage: { song: string; part: string; px: number; fits: boolean }[] = [];
  for (const file of MULTI_LANGUAGE_FIXTURES) {
    const converted = await request.post(
      `/api/songs/convert?filename=${encodeURIComponent(path.basename(file))}`,
      {
        headers: { ...headers, 'content-type': 'application/octet-stream' },
        data: readFileSync(file),
      },
    );
    expect(converted.status(), await converted.text()).toBe(200);
    const { songs } = (await converted.json()) as { songs: object[] };
    for (const read of songs) {
      const songId = await createdId(await request.post('/api/songs', { headers, data: read }));
      const song = (await (
        await request.get(`/api/songs/${songId}`, { headers })
      ).json()) as StoredSong & { title: string };
      // The first translation that is a language of its own (not a transliteration).
      const translation = song.parts.flatMap((p) =>
        p.translations.filter((t) => !t.translit).map((t) => t.lang),
      )[0];
      expect(translation, `${song.title} has a translation`).toBeTruthy();
      // The translation over the main lyrics, as a bilingual church puts them.
      const languages = [translation!, ...(song.language ? [song.language] : [])];
      const setlistId = await newSetlist(request, headers, [songId], languages);
      await page.goto(`/setlists/presenter/${setlistId}`);
      await stage.goto(`/setlists/stage/${setlistId}`);
      await live.goto(`/setlists/live/${setlistId}`);
      const partButtons = live.getByRole('group', { name: 'Parts' }).getByRole('button');
      await expect(partButtons).toHaveCount(song.parts.length);
      for (const [index, part] of song.parts.entries()) {
        const words = part.lines.some((l) => l.lyrics.trim() !== '');
        if (!words) continue;
        await partButtons.nth(index).click();
        const rows = page.locator('[data-screen-line]');
        await expect(rows.first()).toBeVisible();
        const firstWords = (
          part.translations
            .find((t) => t.lang === translation && !t.translit)
            ?.lines.find((l) => l.trim()) ?? part.lines.find((l) => l.lyrics.trim())!.lyrics
        ).trim();
        await expect(page.locator('[data-screen-line] > div').first()).toHaveText(firstWords);
        // The fit settles within a frame or two of the part arriving.
        await page.waitForTimeout(200);
        const fitted = await rows.first().evaluate((row) => {
          const text = row.parentElement!;
          const box = text.parentElement!;
          return {
            px: parseFloat(getComputedStyle(text).fontSize),
            two: Array.from(text.children).some((line) => line.children.length > 1),
            inside: text.scrollWidth <= box.clientWidth && text.scrollHeight <= box.clientHeight,
          };
        });
        expect(fitted.inside, `${song.title} · ${part.label} inside the screen`).toBe(true);
        sizes.push({ song: song.title, part: part.label, px: fitted.px, two: fitted.two });

        // The stage display, fitted by its own rule: whole at its smallest size or larger.
        const shown = stage.locator('section[aria-current="step"]');
        await expect(shown.getByRole('heading', { level: 2 })).toHaveText(part.label);
        await stage.waitForTimeout(300);
        onStage.push({
          song: song.title,
          part: part.label,
          ...(await shown.evaluate((section) => {
            const area = section.parentElement!.parentElement!;
            const line = section.querySelector('[data-line]');
            return {
              px: line ? parseFloat(getComputedStyle(line).fontSize) : 0,
              fits: area.scrollHeight <= area.clientHeight + 1,
            };
          })),
        });
      }
    }
  }
  const fit = sizes.filter((s) => s.px >= PRESENTER_MIN_PX);
  console.log(
    `Two languages at 1920×1080: ${fit.length} of ${sizes.length} parts at ${PRESENTER_MIN_PX} px or more:`,
    sizes
      .map((s) => `${s.song} · ${s.part}: ${s.px}px${s.two ? ' (two languages)' : ''}`)
      .join('; '),
  );
  console.log(
    `Stage display at 1920×1080: ${onStage.filter((s) => s.fits).length} of ${onStage.length} parts whole:`,
    onStage.map((s) => `${s.song} · ${s.part}: ${s.px}px${s.fits ? '' : ' (scrolls)'}`).join('; '),
  );
  expect(onStage.filter((s) => s.fits).length / onStage.length).toBeGreaterThanOrEqual(0.95);
  // Most parts do show two languages: the check is not of one language alone.
  expect(sizes.filter((s) => s.two).length).toBeGreaterThanOrEqual(sizes.length / 2);
  expect(sizes.length).toBeGreaterThan(3);
  expect(fit.length / sizes.length).toBeGreaterThanOrEqual(0.95);
});
