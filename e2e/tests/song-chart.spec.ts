import type { APIRequestContext, Locator, Page } from '@playwright/test';
import {
  apiSession,
  createTeamWith,
  createVerifiedPerson,
  createdId,
  expect,
  signIn,
  test,
} from '../support/fixtures.ts';
import { seriousViolations } from '../support/axe.ts';

/**
 * Issue 15, part 7: a song's chart to read and print, on the song view (/songs/{id}) and the
 * setlist view, in the key it is played in and as this musician reads it (My view).
 */

const COPYRIGHT = '© 1779 John Newton. Public Domain';
const FOOTER = `${COPYRIGHT} · CCLI #22025`;

/** A song in G whose verse's chords are G D Em C, with the details a chart's header shows. */
async function createSongInG(request: APIRequestContext, headers: Record<string, string>) {
  const res = await request.post('/api/songs', {
    headers,
    data: {
      title: 'Amazing Grace',
      artist: 'Chris Tomlin',
      key: 'G',
      tempo: 72,
      time: '3/4',
      ccli: '22025',
      copyright: COPYRIGHT,
      authors: [{ name: 'John Newton', type: 'words' }],
      parts: [
        {
          label: 'Verse 1',
          lines: [
            { chords: 'G       D        Em     C', lyrics: 'Amazing grace how sweet the sound' },
            { chords: '', lyrics: 'That saved a wretch like me' },
          ],
        },
      ],
    },
  });
  return createdId(res);
}

/** The chords drawn over a part's lyrics, in order. */
const chordsOf = (part: Locator) => () => part.locator('[data-chord]').allTextContents();

/** Replaces window.print, so a test sees the Print button ask for it without a dialog. */
async function catchPrint(page: Page) {
  await page.evaluate(() => {
    (window as { printed?: number }).printed = 0;
    window.print = () => {
      (window as { printed?: number }).printed! += 1;
    };
  });
  return () => page.evaluate(() => (window as { printed?: number }).printed);
}

test('the song view shows the chart with its details, transposes for the moment only, and reads My view', async ({
  page,
  request,
}) => {
  const owner = await createVerifiedPerson(request, 'Asaph');
  const teamId = await createTeamWith(request, owner, 'Chart Team');
  const headers = await apiSession(request, owner, teamId);
  const songId = await createSongInG(request, headers);

  await signIn(page, owner);
  await page.goto(`/songs/${songId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Amazing Grace' })).toBeVisible();
  await expect(page.getByText('Chris Tomlin', { exact: true })).toBeVisible();
  await expect(page.getByText('Words: John Newton', { exact: true })).toBeVisible();
  await expect(page.getByText('Key G · 72 BPM · 3/4', { exact: true })).toBeVisible();
  await expect(page.getByText(FOOTER, { exact: true })).toBeVisible();
  const verse = page.getByRole('region', { name: 'Verse 1' });
  await expect.poll(chordsOf(verse)).toEqual(['G', 'D', 'Em', 'C']);
  await expect(verse.getByText('That saved a wretch like me')).toBeVisible();

  // Transpose + twice: A, shown here only.
  const transpose = page.getByRole('group', { name: 'Transpose' });
  await expect(transpose.getByText('Key G', { exact: true })).toBeVisible();
  await transpose.getByRole('button', { name: 'Transpose up' }).click();
  await transpose.getByRole('button', { name: 'Transpose up' }).click();
  await expect.poll(chordsOf(verse)).toEqual(['A', 'E', 'F#m', 'D']);
  await expect(transpose.getByText('Key A (+2)', { exact: true })).toBeVisible();
  await expect(page.getByText('Key A · 72 BPM · 3/4', { exact: true })).toBeVisible();
  expect(
    (
      (await (await request.get(`/api/songs/${songId}`, { headers })).json()) as {
        key: string;
      }
    ).key,
  ).toBe('G');
  await page.reload();
  await expect.poll(chordsOf(verse)).toEqual(['G', 'D', 'Em', 'C']);
  await expect(page.getByText('Key G · 72 BPM · 3/4', { exact: true })).toBeVisible();

  // In A with My view's capo 2, a guitarist reads G shapes.
  await transpose.getByRole('button', { name: 'Transpose up' }).click();
  await transpose.getByRole('button', { name: 'Transpose up' }).click();
  await page.getByRole('button', { name: 'My view' }).click();
  const myView = page.getByRole('group', { name: 'My view' });
  await myView.getByLabel('Capo').selectOption('2');
  await expect(page.getByText('Key A · Capo 2 · G shapes · 72 BPM · 3/4')).toBeVisible();
  await expect.poll(chordsOf(verse)).toEqual(['G', 'D', 'Em', 'C']);
  expect(await seriousViolations(page)).toEqual([]);

  // Print asks the browser for its dialog; Edit opens the song form.
  const printed = await catchPrint(page);
  await page.getByRole('button', { name: 'Print' }).click();
  expect(await printed()).toBe(1);
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { name: 'Edit Song' })).toBeVisible();
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue('Amazing Grace');

  // A song that is not there says so; /songs/new is still the song form.
  await page.goto('/songs/no-such-song');
  await expect(page.getByRole('heading', { level: 1, name: 'Song not found.' })).toBeVisible();
  await page.goto('/songs/new');
  await expect(page.getByRole('heading', { name: 'New Song' })).toBeVisible();
});

test('the setlist view shows leaders, the team and, on request, each chart in its key; it prints every chart', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const owner = await createVerifiedPerson(request, 'Heman');
  const drummer = await createVerifiedPerson(request, 'Ethan');
  const teamId = await createTeamWith(request, owner, 'Print Team', [drummer]);
  const headers = await apiSession(request, owner, teamId);
  const me = (await (await request.get('/api/account', { headers })).json()) as { $id: string };
  const drummerId = (
    (await (
      await request.get('/api/account', { headers: await apiSession(request, drummer) })
    ).json()) as { $id: string }
  ).$id;
  const graceId = await createSongInG(request, headers);
  const hymnId = await createdId(
    await request.post('/api/songs', {
      headers,
      data: {
        title: 'Evening Hymn',
        key: 'D',
        parts: [
          { label: 'Verse 1', lines: [{ chords: 'D       A', lyrics: 'Now the day is over' }] },
        ],
      },
    }),
  );
  const setlistId = await createdId(
    await request.post('/api/setlist', {
      headers,
      data: {
        name: 'Harvest Sunday',
        date: '2030-09-29',
        songs: [
          { song: graceId, leader: me.$id, key: 'A' },
          { song: hymnId, leader: null },
        ],
        positions: [
          { name: 'Drums', assignedTo: drummerId },
          { name: 'Bass', assignedTo: null },
        ],
      },
    }),
  );

  await signIn(page, owner);
  await page.goto(`/setlists/view/${setlistId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Harvest Sunday' })).toBeVisible();
  const grace = page.getByRole('article').filter({ hasText: 'Amazing Grace' });
  const hymn = page.getByRole('article').filter({ hasText: 'Evening Hymn' });
  await expect(grace.getByText('Key A (song in G) · 72 BPM · 3/4')).toBeVisible();
  await expect(grace.getByText('Led by Heman Tester')).toBeVisible();
  await expect(grace.getByText(FOOTER)).toBeVisible();
  await expect(hymn.getByText('Key D', { exact: true })).toBeVisible();
  const team = page.getByRole('region', { name: 'Team' });
  // The drummer has not answered the assignment yet (issue 18).
  await expect(team.getByRole('listitem')).toHaveText([
    /^Drums: Ethan Tester\s*Pending$/,
    'Bass: Unassigned',
  ]);

  // Lyrics until Show chords is on; then the chart, in the key of the service.
  const showChords = page.getByRole('switch', { name: 'Show chords' });
  await expect(showChords).not.toBeChecked();
  const graceVerse = grace.getByRole('region', { name: 'Verse 1' });
  await expect(graceVerse).toHaveCount(0);
  await expect(grace.getByText('Amazing grace how sweet the sound')).toBeVisible();
  await showChords.check();
  await expect.poll(chordsOf(graceVerse)).toEqual(['A', 'E', 'F#m', 'D']);
  await expect.poll(chordsOf(hymn.getByRole('region', { name: 'Verse 1' }))).toEqual(['D', 'A']);
  expect(await seriousViolations(page)).toEqual([]);

  const printed = await catchPrint(page);
  await page.getByRole('button', { name: 'Print' }).click();
  expect(await printed()).toBe(1);

  // On paper, with Show chords off: every chart in its key, its header and footer; no app bar,
  // buttons or switches.
  await showChords.uncheck();
  await expect(graceVerse).toHaveCount(0);
  await page.emulateMedia({ media: 'print' });
  await expect.poll(chordsOf(graceVerse)).toEqual(['A', 'E', 'F#m', 'D']);
  await expect(grace.getByText('Key A (song in G) · 72 BPM · 3/4')).toBeVisible();
  await expect(grace.getByText(FOOTER)).toBeVisible();
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(showChords).toBeHidden();
  await expect(page.getByRole('link', { name: 'Live View' })).toBeHidden();
  // Black on white, whatever the screen's theme.
  expect(
    await grace
      .getByRole('heading', { level: 2 })
      .evaluate((heading) => [
        getComputedStyle(heading).color,
        getComputedStyle(document.body).backgroundColor,
      ]),
  ).toEqual(['rgb(0, 0, 0)', 'rgb(255, 255, 255)']);

  await page.emulateMedia({ media: 'screen' });
  await expect(graceVerse).toHaveCount(0);
  await expect(page.getByRole('banner')).toBeVisible();
});
