import type { Locator, Page } from '@playwright/test';
import {
  apiSession,
  createTeamWith,
  createVerifiedPerson,
  expect,
  signIn,
  test,
  createdId,
} from '../support/fixtures.ts';
import { seriousViolations } from '../support/axe.ts';

/**
 * Issue 14: the stage display, a confidence monitor on the floor facing the band. It follows
 * the live view: the current part with its chords, what comes next, the time and the band's
 * messages, large on a dark screen.
 */

/** A long part: more lines than a 720 px screen holds at the stage's largest size. */
const LONG_VERSE = [
  { chords: '', lyrics: 'The long verse starts here' },
  ...Array.from({ length: 8 }, (_, i) => ({
    chords: 'C       G/B',
    lyrics: `Long verse line ${i + 1} goes on`,
  })),
  { chords: '', lyrics: 'The long verse ends here' },
];

const partRegion = (page: Page, label: string) => page.getByRole('region', { name: label });
const upNext = (page: Page) => page.getByRole('note', { name: 'Up next' });

/**
 * Whether `text` is drawn on the screen, in an element of its own at a readable size: the
 * song part also keeps a one-pixel copy of each line for screen readers.
 */
function drawn(scope: Locator, text: string) {
  return expect
    .poll(() =>
      scope.getByText(text, { exact: true }).evaluateAll((elements) =>
        elements.some((element) => {
          const box = element.getBoundingClientRect();
          return box.width > 4 && box.height > 4 && box.bottom > 0 && box.top < innerHeight;
        }),
      ),
    )
    .toBe(true);
}

/** The lyric's font size (CSS px) and whether the part's scroll area overflows, either way. */
function partFit(lyric: Locator) {
  return lyric.evaluate((element) => {
    let area = element.parentElement;
    while (area && getComputedStyle(area).overflowY !== 'auto') area = area.parentElement;
    if (!area) throw new Error('no scroll area around the part');
    return {
      fontSize: parseFloat(getComputedStyle(element).fontSize),
      overflowsDown: area.scrollHeight > area.clientHeight + 1,
      overflowsSideways:
        area.scrollWidth > area.clientWidth + 1 ||
        document.documentElement.scrollWidth > window.innerWidth,
    };
  });
}

test('the stage display follows the live view with chords, what comes next, the time and messages', async ({
  browser,
  baseURL,
  request,
}, testInfo) => {
  test.setTimeout(150_000);
  const owner = await createVerifiedPerson(request, 'Jubal');
  const teamId = await createTeamWith(request, owner, 'Floor Monitor Team');
  const headers = await apiSession(request, owner, teamId);
  const me = (await (await request.get('/api/account', { headers })).json()) as { $id: string };
  const song = async (title: string, parts: { label: string; lines: object[] }[]) => {
    const res = await request.post('/api/songs', {
      headers,
      data: { title, artist: 'Floor Band', parts },
    });
    return createdId(res);
  };
  const first = await song('Rock Of Ages', [
    {
      label: 'Verse 1',
      lines: [
        { chords: 'Em7         D/F#', lyrics: 'Rock of ages cleft for me' },
        { chords: '', lyrics: 'Let me hide myself in thee' },
      ],
    },
    {
      label: 'Chorus',
      lines: [
        { chords: 'Cmaj7', lyrics: 'Chorus lifts us higher' },
        { chords: '', lyrics: 'Sing it out again' },
      ],
    },
    {
      label: 'Bridge',
      lines: [
        { chords: 'Am', lyrics: 'Bridge carries us over' },
        { chords: '', lyrics: 'Over the river' },
      ],
    },
  ]);
  const second = await song('Evening Hymn', [
    { label: 'Intro', lines: [{ chords: 'C   G', lyrics: '' }] },
    { label: 'Long Verse', lines: LONG_VERSE },
  ]);
  const created = await request.post('/api/setlist', {
    headers,
    data: {
      name: 'Floor Set',
      date: new Date().toISOString().slice(0, 10),
      songs: [
        { song: first, leader: me.$id },
        { song: second, leader: null },
      ],
      positions: [],
    },
  });
  const setlistId = await createdId(created);

  // One device: the leader's live view in one tab, the stage display in another.
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 1280, height: 720 },
    extraHTTPHeaders: { 'x-forwarded-for': `203.0.126.${(testInfo.workerIndex % 200) + 1}` },
  });
  const live = await context.newPage();
  await signIn(live, owner);
  await live.goto(`/setlists/live/${setlistId}`);
  await expect(live.getByRole('heading', { level: 1, name: 'Rock Of Ages' })).toBeVisible();
  const stage = await context.newPage();
  await stage.goto(`/setlists/stage/${setlistId}`);

  // The song, its place in the set, and its first part with chords over the lyrics.
  await expect(stage.getByRole('heading', { level: 1, name: 'Rock Of Ages' })).toBeVisible();
  await expect(stage.getByText('Song 1 of 2')).toBeVisible();
  const verse = partRegion(stage, 'Verse 1');
  await drawn(verse, 'D/F#');
  await drawn(verse, 'Let me hide myself in thee');
  await expect(upNext(stage)).toContainText('Next: Chorus');
  await expect(upNext(stage)).toContainText('Chorus lifts us higher');
  // No app bar: the stage owns the screen.
  await expect(stage.getByRole('banner')).toHaveCount(0);
  // Large enough to read from 3 m, and nothing runs off the screen.
  const verseFit = await partFit(verse.getByText('Let me hide myself in thee', { exact: true }));
  expect(verseFit.fontSize).toBeGreaterThanOrEqual(32);
  expect(verseFit.overflowsDown).toBe(false);
  expect(verseFit.overflowsSideways).toBe(false);

  // The clock shows this screen's local time, hours and minutes.
  await expect(async () => {
    const now = await stage.evaluate(() =>
      new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' }).format(Date.now()),
    );
    await expect(stage.getByText(now, { exact: true })).toBeVisible({ timeout: 1000 });
  }).toPass();
  // The set has not started: no running time yet.
  const setTime = stage.getByRole('timer', { name: 'Set time' });
  await expect(setTime).toHaveText('—');

  // The leader moves to the chorus; the stage follows, and the set's time starts.
  await live.getByRole('button', { name: 'Chorus', exact: true }).click();
  const chorus = partRegion(stage, 'Chorus');
  await drawn(chorus, 'Cmaj7');
  await drawn(chorus, 'Sing it out again');
  await expect(partRegion(stage, 'Verse 1')).toHaveCount(0);
  await expect(upNext(stage)).toContainText('Next: Bridge');
  await expect(upNext(stage)).toContainText('Bridge carries us over');
  await expect(stage.getByText(`Moved by ${owner.name}`)).toBeVisible();
  await expect(setTime).toHaveText(/^0:0\d$/);
  const started = await setTime.textContent();
  await expect(setTime).not.toHaveText(started ?? '', { timeout: 3000 });

  // Next Part on the live view; from the song's last part, the next song is announced.
  await live.getByRole('button', { name: 'Next Part' }).click();
  await drawn(partRegion(stage, 'Bridge'), 'Over the river');
  await expect(upNext(stage)).toContainText('Next song: Evening Hymn');

  // The band's messages reach the stage.
  await live.getByLabel('Announce Message').fill('Two more choruses');
  await live.getByRole('button', { name: 'Send' }).click();
  await expect(stage.getByRole('alert').filter({ hasText: 'Two more choruses' })).toBeVisible();

  // Contrast and the rest, with the message showing and after it is closed.
  expect(await seriousViolations(stage)).toEqual([]);
  await stage.getByRole('button', { name: 'Close announcement' }).click();
  expect(await seriousViolations(stage)).toEqual([]);

  // A part longer than the screen goes on in a second column, smaller, and is seen whole: the
  // band cannot scroll a monitor on the floor.
  await live.getByRole('button', { name: 'Next Part' }).click();
  await expect(stage.getByRole('heading', { level: 1, name: 'Evening Hymn' })).toBeVisible();
  await expect(stage.getByText('Song 2 of 2')).toBeVisible();
  await live.getByRole('button', { name: 'Long Verse', exact: true }).click();
  const longVerse = partRegion(stage, 'Long Verse');
  await drawn(longVerse, 'The long verse ends here');
  await expect(upNext(stage)).toContainText('End of the set');
  const lastLine = longVerse.getByText('The long verse ends here', { exact: true });
  const longFit = await partFit(lastLine);
  expect(longFit.overflowsDown).toBe(false);
  expect(longFit.overflowsSideways).toBe(false);
  expect(longFit.fontSize).toBeLessThan(verseFit.fontSize);
  expect(longFit.fontSize).toBeGreaterThanOrEqual(20);
  const firstLineLeft = await longVerse
    .getByText('The long verse starts here', { exact: true })
    .evaluate((element) => element.getBoundingClientRect().left);
  const lastLineLeft = await lastLine.evaluate((element) => element.getBoundingClientRect().left);
  expect(lastLineLeft).toBeGreaterThan(firstLineLeft + 200);
  expect(await seriousViolations(stage)).toEqual([]);

  await context.close();
});

test('outsiders and unknown setlists get the live view’s messages on the stage display', async ({
  browser,
  baseURL,
  page,
  request,
}, testInfo) => {
  const owner = await createVerifiedPerson(request, 'Heman');
  const outsider = await createVerifiedPerson(request, 'Korah');
  const teamId = await createTeamWith(request, owner, 'Closed Stage Team');
  await createTeamWith(request, outsider, 'Other Stage Team');
  const headers = await apiSession(request, owner, teamId);
  const created = await request.post('/api/setlist', {
    headers,
    data: { name: 'Closed Set', date: '2030-01-01' },
  });
  const setlistId = await createdId(created);

  await signIn(page, outsider);
  await page.goto(`/setlists/stage/${setlistId}`);
  await expect(
    page.getByRole('heading', {
      level: 1,
      name: 'Access denied. You are not a member of this team.',
    }),
  ).toBeVisible();
  await page.goto('/setlists/stage/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { level: 1, name: 'Setlist not found.' })).toBeVisible();

  // The owner's own setlist, still empty, says so.
  const ownerContext = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': `203.0.126.${(testInfo.workerIndex % 200) + 21}` },
  });
  const ownerPage = await ownerContext.newPage();
  await signIn(ownerPage, owner);
  await ownerPage.goto(`/setlists/stage/${setlistId}`);
  await expect(
    ownerPage.getByRole('heading', { level: 1, name: 'No songs in this setlist.' }),
  ).toBeVisible();
  await ownerContext.close();
});
