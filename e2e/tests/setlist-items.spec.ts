import type { Page } from '@playwright/test';
import {
  apiSession,
  createdId,
  createTeamWith,
  createVerifiedPerson,
  expect,
  signIn,
  test,
} from '../support/fixtures.ts';
import { expectNoSidewaysScroll } from '../support/layout.ts';
import { dragOnto, songOrder } from '../support/setlist-form.ts';

/**
 * Issue 18, "A real order of service": items that are not songs (a welcome, a sermon) ordered
 * with the songs by the same drag-and-drop, durations, and each entry's time of day from the
 * service's start time.
 */

const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The order of service on the view: each entry's heading, songs numbered among the songs. */
const viewedOrder = (page: Page) => page.getByRole('article').getByRole('heading', { level: 2 });

/** The entry of the view under that heading. */
const viewedEntry = (page: Page, heading: string) =>
  page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: heading, exact: true }) });

test('a worship leader plans Sunday: a welcome, three songs, a sermon and a reprise', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const leader = await createVerifiedPerson(request, 'Asaph');
  const teamId = await createTeamWith(request, leader, 'Sunday Team');
  const headers = await apiSession(request, leader, teamId);
  const songs = ['Cornerstone', 'Goodness of God', 'Way Maker'];
  for (const title of songs) {
    await createdId(
      await request.post('/api/songs', {
        headers,
        data: {
          title,
          parts: [{ label: 'Verse', lines: [{ chords: '', lyrics: `${title} words` }] }],
        },
      }),
    );
  }

  await signIn(page, leader);
  await page.goto('/setlists/new');
  await expect(page.getByRole('heading', { name: 'New Setlist' })).toBeVisible();
  await page.getByLabel('Setlist Name').fill('Sunday Morning');
  await page.getByLabel('Date').fill(day(5));
  await page.getByLabel('Start time').fill('10:00');

  // A welcome first, with its notes.
  await page.getByRole('button', { name: 'Add Item' }).click();
  const welcomeTitle = page.getByRole('textbox', { name: 'Title of item 1' });
  await expect(welcomeTitle).toBeFocused();
  await welcomeTitle.fill('Welcome');
  await page.getByRole('textbox', { name: 'Duration for Welcome' }).fill('2');
  await page
    .getByRole('textbox', { name: 'Notes for Welcome' })
    .fill('Greet the newcomers.\nNotices: the picnic.');

  // Three songs after it, each with its duration, typed as minutes or m:ss.
  const picker = page.getByRole('combobox', { name: 'Songs' });
  for (const title of songs) {
    await picker.click();
    await picker.fill(title.slice(0, 5));
    await page.getByRole('option', { name: new RegExp(title) }).click();
  }
  await page.keyboard.press('Escape');
  await expect.poll(() => songOrder(page)).toEqual(['Welcome', ...songs]);
  await page.getByRole('textbox', { name: 'Duration for Cornerstone', exact: true }).fill('4:30');
  await page.getByRole('textbox', { name: 'Duration for Goodness of God' }).fill('5');
  // Leaving the field shows the duration as it was read.
  await page.getByRole('textbox', { name: 'Duration for Way Maker' }).fill('4');
  await page.getByRole('textbox', { name: 'Duration for Goodness of God' }).press('Tab');
  await expect(page.getByRole('textbox', { name: 'Duration for Goodness of God' })).toHaveValue(
    '5:00',
  );

  // The sermon is added at the end, then dragged between the second and third songs.
  await page.getByRole('button', { name: 'Add Item' }).click();
  await page.getByRole('textbox', { name: 'Title of item 2' }).fill('Sermon');
  await page.getByRole('textbox', { name: 'Duration for Sermon' }).fill('30');
  await expect.poll(() => songOrder(page)).toEqual(['Welcome', ...songs, 'Sermon']);
  await dragOnto(
    page,
    page.getByRole('button', { name: 'Reorder Sermon' }),
    page.getByRole('button', { name: 'Reorder Way Maker' }),
  );
  await expect
    .poll(() => songOrder(page))
    .toEqual(['Welcome', 'Cornerstone', 'Goodness of God', 'Sermon', 'Way Maker']);

  // The reprise closes the set; its duration is left open for now.
  await page.getByRole('button', { name: 'Play Cornerstone again' }).click();
  await expect
    .poll(() => songOrder(page))
    .toEqual([
      'Welcome',
      'Cornerstone',
      'Goodness of God',
      'Sermon',
      'Way Maker',
      'Cornerstone (reprise)',
    ]);

  // An item without a title does not save; once removed, the rest does.
  await page.getByRole('button', { name: 'Add Item' }).click();
  await page.getByRole('button', { name: 'Create Setlist' }).click();
  await expect(page.getByText('An item needs a title.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Title of item 3' })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await expect(page).toHaveURL(/\/setlists\/new$/);
  await page.getByRole('button', { name: 'Remove Untitled item' }).click();
  await expect(page.getByRole('button', { name: /^Reorder / })).toHaveCount(6);

  // On a phone the rows with their durations and notes fit without sideways scrolling.
  await page.setViewportSize({ width: 390, height: 844 });
  const sermonDuration = page.getByRole('textbox', { name: 'Duration for Sermon' });
  await sermonDuration.scrollIntoViewIfNeeded();
  await expect(sermonDuration).toBeInViewport({ ratio: 1 });
  await expectNoSidewaysScroll(page, 'the setlist form with items');
  await page.setViewportSize({ width: 1280, height: 720 });

  await page.getByRole('button', { name: 'Create Setlist' }).click();
  await expect(page).toHaveURL(/\/setlists\/view\//);
  const setlistId = page.url().split('/').pop()!;

  /** What the view shows of the order of service and its times. */
  const expectPlannedView = async (total: string, times: string) => {
    await expect(viewedOrder(page)).toHaveText([
      'Welcome',
      '1. Cornerstone',
      '2. Goodness of God',
      'Sermon',
      '3. Way Maker',
      '4. Cornerstone',
    ]);
    await expect(page.getByText(times, { exact: true })).toBeVisible();
    await expect(page.getByText(total, { exact: true })).toBeVisible();
    const welcome = viewedEntry(page, 'Welcome');
    await expect(welcome).toContainText('Starts 10:00 · Duration 2:00');
    await expect(welcome).toContainText('Greet the newcomers.');
    await expect(welcome).toContainText('Notices: the picnic.');
    await expect(viewedEntry(page, '2. Goodness of God')).toContainText(
      'Starts 10:06 · Duration 5:00',
    );
    await expect(viewedEntry(page, 'Sermon')).toContainText('Starts 10:11 · Duration 30:00');
    await expect(viewedEntry(page, '3. Way Maker')).toContainText('Starts 10:41 · Duration 4:00');
    // An item has no leader, key or lyrics of its own.
    await expect(viewedEntry(page, 'Sermon')).not.toContainText('Key');
  };
  await expectPlannedView(
    'Total length: at least 45:30 (1 entry has no duration)',
    'Starts at 10:00, ends at 10:45 or later',
  );
  await expect(viewedEntry(page, '4. Cornerstone')).toContainText('Starts 10:45');
  await expect(viewedEntry(page, '4. Cornerstone')).not.toContainText('Duration');

  // The spec's answer keeps `songs` to the songs; the items are beside them, placed by `at`.
  const answer = await request.get(`/api/setlist/${setlistId}`, { headers });
  expect(answer.status()).toBe(200);
  const stored = (await answer.json()) as {
    songs: { song: { title: string }; duration: number | null }[];
    items: { title: string; notes: string; duration: number | null; at: number }[];
    startTime: string | null;
  };
  expect(stored.songs.map((entry) => [entry.song.title, entry.duration])).toEqual([
    ['Cornerstone', 270],
    ['Goodness of God', 300],
    ['Way Maker', 240],
    ['Cornerstone', null],
  ]);
  expect(stored.items).toEqual([
    { title: 'Welcome', notes: 'Greet the newcomers.\nNotices: the picnic.', duration: 120, at: 0 },
    { title: 'Sermon', notes: '', duration: 1800, at: 2 },
  ]);
  expect(stored.startTime).toBe('10:00');

  // A reload reads it all back from the server.
  await page.reload();
  await expectPlannedView(
    'Total length: at least 45:30 (1 entry has no duration)',
    'Starts at 10:00, ends at 10:45 or later',
  );

  // Editing shows the items in place, with their durations as m:ss.
  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Edit Setlist' })).toBeVisible();
  await expect
    .poll(() => songOrder(page))
    .toEqual([
      'Welcome',
      'Cornerstone',
      'Goodness of God',
      'Sermon',
      'Way Maker',
      'Cornerstone (reprise)',
    ]);
  await expect(page.getByLabel('Start time')).toHaveValue('10:00');
  await expect(page.getByRole('textbox', { name: 'Title of item 2' })).toHaveValue('Sermon');
  await expect(page.getByRole('textbox', { name: 'Duration for Sermon' })).toHaveValue('30:00');
  await expect(
    page.getByRole('textbox', { name: 'Duration for Cornerstone', exact: true }),
  ).toHaveValue('4:30');
  await expect(page.getByRole('textbox', { name: 'Notes for Welcome' })).toHaveValue(
    'Greet the newcomers.\nNotices: the picnic.',
  );

  // A duration that is not one is refused at its field; a real one completes the times.
  const repriseDuration = page.getByRole('textbox', { name: 'Duration for Cornerstone (reprise)' });
  await repriseDuration.fill('soon');
  await page.getByRole('button', { name: 'Update Setlist' }).click();
  await expect(page.getByText('Duration must be minutes or m:ss.')).toBeVisible();
  await expect(repriseDuration).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/setlists\/edit\//);
  await repriseDuration.fill('2:30');
  await expect(page.getByText('Duration must be minutes or m:ss.')).toBeHidden();
  await page.getByRole('button', { name: 'Update Setlist' }).click();
  await expect(page).toHaveURL(/\/setlists\/view\//);
  await expectPlannedView('Total length: 48:00', 'Starts at 10:00, ends at 10:48');
  await expect(viewedEntry(page, '4. Cornerstone')).toContainText('Starts 10:45 · Duration 2:30');
});
