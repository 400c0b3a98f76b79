import type { Page } from '@playwright/test';
import {
  apiSession,
  createTeamWith,
  createVerifiedPerson,
  expect,
  signIn,
  test,
} from '../support/fixtures.ts';
import { allViolations } from '../support/axe.ts';

/**
 * The song form's main editor is one chart per song (ChordPro or chords over words) with its
 * preview beside it; the line-by-line editor is its second view of the same song.
 */

interface SongAnswer {
  _id: string;
  title: string;
  parts: { id?: string; label: string; lines: { chords: string; lyrics: string }[] }[];
}

/** The chart as the shared writer writes it back, so it is also what the edit form shows. */
const CHART = [
  '[Verse 1]',
  'G       C',
  'Amazing grace, how sweet the sound',
  'That saved a wretch like me',
  '',
  '[Chorus]',
  'D          G',
  'My chains are gone',
  '',
].join('\n');

/** Counts the requests that would save a new song. */
function countSongPosts(page: Page): () => number {
  let posts = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/songs') posts += 1;
  });
  return () => posts;
}

const chartBox = (page: Page) => page.getByRole('textbox', { name: 'Chart' });
const tab = (page: Page, name: 'Chart' | 'Line by line') => page.getByRole('tab', { name });

test.describe('song entry as one chart', () => {
  test('a new song typed as one chart shows chords over words, saves, and opens as the same text', async ({
    page,
    request,
  }) => {
    const leader = await createVerifiedPerson(request, 'Newton');
    const teamId = await createTeamWith(request, leader, 'Chart Team');
    const headers = await apiSession(request, leader, teamId);
    await signIn(page, leader);
    await page.goto('/songs/new');
    const posts = countSongPosts(page);

    await expect(tab(page, 'Chart')).toHaveAttribute('aria-selected', 'true');
    await page.getByLabel('Title', { exact: true }).fill('Amazing Grace');
    // Typed key by key: Enter in the chart starts a new row and sends nothing.
    await chartBox(page).click();
    await chartBox(page).pressSequentially(CHART);
    await expect(chartBox(page)).toHaveValue(CHART);
    expect(posts()).toBe(0);

    // The preview beside it: both parts, the C over "grace".
    const preview = page.getByRole('region', { name: 'Preview as in the live view' });
    await expect(preview.getByRole('heading', { name: 'Verse 1' })).toBeVisible();
    await expect(preview.getByRole('heading', { name: 'Chorus' })).toBeVisible();
    await expect(preview.locator('[data-chord]')).toHaveText(['G', 'C', 'D', 'G']);
    const overGrace = preview
      .locator('[data-segment]')
      .filter({ has: page.locator('[data-chord]', { hasText: /^C$/ }) });
    await expect(overGrace.locator('[data-lyric]')).toHaveText(/^grace/);
    const chord = (await overGrace.locator('[data-chord]').boundingBox())!;
    const lyric = (await overGrace.locator('[data-lyric]').boundingBox())!;
    expect(chord.y + chord.height).toBeLessThanOrEqual(lyric.y + 1);
    expect(Math.abs(chord.x - lyric.x)).toBeLessThan(2);
    // Beside the chart on a wide screen.
    const box = (await chartBox(page).boundingBox())!;
    const shown = (await preview.boundingBox())!;
    expect(shown.x).toBeGreaterThan(box.x + box.width - 1);

    await page.getByRole('button', { name: 'Create Song' }).click();
    await expect(page).toHaveURL(/\/songs$/);
    expect(posts()).toBe(1);
    const songs = (await (await request.get('/api/songs', { headers })).json()) as SongAnswer[];
    expect(songs.map((song) => [song.title, song.parts])).toEqual([
      [
        'Amazing Grace',
        [
          {
            id: expect.any(String),
            label: 'Verse 1',
            lines: [
              { chords: 'G       C', lyrics: 'Amazing grace, how sweet the sound' },
              { chords: '', lyrics: 'That saved a wretch like me' },
            ],
            translations: [],
          },
          {
            id: expect.any(String),
            label: 'Chorus',
            lines: [{ chords: 'D          G', lyrics: 'My chains are gone' }],
            translations: [],
          },
        ],
      ],
    ]);

    // Opened again: the same text, and the same song line by line.
    await page.getByRole('button', { name: 'Edit Amazing Grace' }).click();
    await expect(page.getByRole('heading', { name: 'Edit Song' })).toBeVisible();
    await expect(chartBox(page)).toHaveValue(CHART);
    await tab(page, 'Line by line').click();
    await expect(page.getByLabel('Part 2 label', { exact: true })).toHaveValue('Chorus');
    await expect(page.getByLabel('Part 1 line 1 chords')).toHaveValue('G       C');
    await expect(page.getByLabel('Part 2 line 1 lyrics')).toHaveValue('My chains are gone');
    await tab(page, 'Chart').click();
    await expect(chartBox(page)).toHaveValue(CHART);
  });

  test('line by line, Enter adds a line after the line and moves there; the chart follows', async ({
    page,
    request,
  }) => {
    const leader = await createVerifiedPerson(request, 'Fanny');
    await createTeamWith(request, leader, 'Lines Team');
    await signIn(page, leader);
    await page.goto('/songs/new');
    await chartBox(page).fill('[Verse 1]\nBlessed assurance\nO what a foretaste\n');

    await tab(page, 'Line by line').click();
    await expect(tab(page, 'Line by line')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByLabel('Part 1 label', { exact: true })).toHaveValue('Verse 1');
    await page.getByLabel('Part 1 line 1 lyrics').click();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    const added = page.getByLabel('Part 1 line 2 lyrics');
    await expect(added).toBeFocused();
    await expect(added).toHaveValue('');
    await expect(page.getByLabel('Part 1 line 3 lyrics')).toHaveValue('O what a foretaste');
    await page.keyboard.type('Jesus is mine');
    await page.getByLabel('Part 1 line 2 chords').fill('D');

    await tab(page, 'Chart').click();
    await expect(chartBox(page)).toHaveValue(
      '[Verse 1]\nBlessed assurance\nD\nJesus is mine\nO what a foretaste\n',
    );
    await expect(page).toHaveURL(/\/songs\/new$/);
  });

  test("the chart's problems show the spec's texts, in its order, and where the chart is", async ({
    page,
    request,
  }) => {
    const leader = await createVerifiedPerson(request, 'Isaac');
    await createTeamWith(request, leader, 'Chart Problem Team');
    await signIn(page, leader);
    await page.goto('/songs/new');
    const posts = countSongPosts(page);
    const banner = page.getByRole('main').getByRole('alert');
    const submit = page.getByRole('button', { name: 'Create Song' });
    const chart = chartBox(page);

    await chart.fill('[Verse 1]\nWhen I survey\n\n[Bridge]\n');
    await submit.click();
    await expect(banner).toHaveText('Title is required.');
    await expect(page.getByLabel('Title', { exact: true })).toBeFocused();

    await page.getByLabel('Title', { exact: true }).fill('When I Survey');
    await submit.click();
    await expect(banner).toHaveText('Part "Bridge" needs at least one line.');
    await expect(chart).toHaveAttribute('aria-invalid', 'true');
    await expect(chart).toHaveAccessibleDescription(
      'Line 4: Part "Bridge" needs at least one line.',
    );
    await expect(chart).toBeFocused();
    // What was typed stays, and the line-by-line view, which would lose the part, does not open.
    await tab(page, 'Line by line').click();
    await expect(tab(page, 'Chart')).toHaveAttribute('aria-selected', 'true');
    await expect(chart).toHaveValue('[Verse 1]\nWhen I survey\n\n[Bridge]\n');

    await chart.fill('');
    await submit.click();
    await expect(banner).toHaveText('At least one part is required.');
    await expect(chart).toHaveAttribute('aria-invalid', 'true');
    expect(posts()).toBe(0);

    await chart.fill('[Verse 1]\nWhen I survey the wondrous cross\n');
    await submit.click();
    await expect(page).toHaveURL(/\/songs$/);
    expect(posts()).toBe(1);
  });

  test('axe finds no violation on the new song form, in either view', async ({ page, request }) => {
    const leader = await createVerifiedPerson(request, 'Ada');
    await createTeamWith(request, leader, 'Axe Chart Team');
    await signIn(page, leader);
    await page.goto('/songs/new');
    await expect(chartBox(page)).toBeVisible();
    expect(await allViolations(page)).toEqual([]);
    await tab(page, 'Line by line').click();
    // A part not labelled yet is named in the preview, never an empty heading.
    const preview = page.getByRole('region', { name: 'Preview as in the live view' });
    await expect(preview.getByRole('heading', { name: 'Part 1 (no label yet)' })).toBeVisible();
    expect(await allViolations(page)).toEqual([]);
  });

  test('eight lines make a form no taller than a screen beside the preview', async ({
    page,
    request,
  }) => {
    const leader = await createVerifiedPerson(request, 'Tabitha');
    await createTeamWith(request, leader, 'Tall Team');
    await signIn(page, leader);
    const eight = [
      '[Verse 1]',
      'G       C',
      'Amazing grace, how sweet the sound',
      'That saved a wretch like me',
      'G          D',
      'I once was lost, but now am found',
      'Was blind, but now I see',
      '',
      '[Chorus]',
      'C       G',
      'My chains are gone',
      "I've been set free",
      'D         Em',
      'My God, my Saviour has ransomed me',
      'And like a flood His mercy reigns',
      '',
    ].join('\n');
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto('/songs/new');
      await chartBox(page).fill(eight);
      const preview = page.getByRole('region', { name: 'Preview as in the live view' });
      await expect(preview.getByRole('heading', { name: 'Chorus' })).toBeVisible();
      const form = (await page.locator('form').boundingBox())!;
      const shown = (await preview.boundingBox())!;
      // On a phone the preview stands below the chart: the rest fits in about a screen.
      const besides = shown.y < (await chartBox(page).boundingBox())!.y + 50;
      const rest = besides ? form.height : form.height - shown.height;
      expect(rest, `${viewport.width}x${viewport.height}`).toBeLessThan(viewport.height * 1.2);
    }
  });
});
