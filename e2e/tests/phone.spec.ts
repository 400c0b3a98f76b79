import type { APIRequestContext, Locator, Page } from '@playwright/test';
import {
  apiSession,
  createTeamWith,
  createVerifiedPerson,
  expect,
  signIn,
  test,
  type Person,
  createdId,
} from '../support/fixtures.ts';
import { expectNoSidewaysScroll } from '../support/layout.ts';
import { type Screen, sweep } from '../support/navigation.ts';

// An iPhone 12-15 sized screen: below MUI's 600 px `sm` breakpoint.
test.use({ viewport: { width: 390, height: 844 } });

const TEAM_NAME = 'Saint Cecilia Evangelical Church Worship Band';
const nextWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);

interface Library {
  leader: Person;
  teamId: string;
  songId: string;
  setlistId: string;
  setlistName: string;
  songTitle: string;
}

/**
 * A team with a song (long lines, as real lyrics have) and a coming setlist in which the
 * leader plays, so the dashboard shows Upcoming Setlists; a second member and a pending join
 * request fill the Manage Team tabs. Names are long, as real ones can be: they must wrap.
 */
async function seedLibrary(request: APIRequestContext): Promise<Library> {
  const leader = await createVerifiedPerson(request, 'Deborah');
  const singer = await createVerifiedPerson(request, 'Barak');
  const newcomer = await createVerifiedPerson(request, 'Maximiliana');
  const teamId = await createTeamWith(request, leader, TEAM_NAME, [singer]);
  expect(
    (
      await request.post(`/api/teams/${teamId}/request`, {
        headers: await apiSession(request, newcomer),
      })
    ).status(),
  ).toBe(201);

  const headers = await apiSession(request, leader, teamId);
  const account = await request.get('/api/account', { headers });
  const { $id: leaderId } = (await account.json()) as { $id: string };
  const songTitle = 'Great Is Thy Faithfulness';
  const song = await request.post('/api/songs', {
    headers,
    data: {
      title: songTitle,
      artist: 'Thomas Chisholm',
      parts: [
        {
          label: 'Verse 1',
          lines: [
            {
              chords: 'D         G          D         A7        D',
              lyrics: 'Great is Thy faithfulness, O God my Father, there is no shadow of turning',
            },
          ],
        },
      ],
    },
  });
  const songId = await createdId(song);
  // Without an artist: the card shows a dash.
  expect(
    (
      await request.post('/api/songs', {
        headers,
        data: { title: 'Doxology', parts: [{ label: 'Verse 1', lines: [{ lyrics: 'Praise' }] }] },
      })
    ).status(),
  ).toBe(201);

  const setlistName = 'Sunday Morning Communion Service';
  const setlist = await request.post('/api/setlist', {
    headers,
    data: {
      name: setlistName,
      date: nextWeek(),
      notes: 'Bring the extra microphones and the capo for the second song of the set',
      songs: [{ song: songId, leader: leaderId }],
      positions: [
        { name: 'Acoustic Guitar', assignedTo: leaderId },
        { name: 'Leader', assignedTo: leaderId },
      ],
    },
  });
  const setlistId = await createdId(setlist);
  return { leader, teamId, songId, setlistId, setlistName, songTitle };
}

/** The control is shown whole inside the screen's width, and the page was not scrolled sideways to get there. */
async function expectWithinScreen(page: Page, control: Locator) {
  await expect(control).toBeVisible();
  await control.scrollIntoViewIfNeeded();
  await expect(control).toBeInViewport({ ratio: 1 });
  expect(await page.evaluate(() => window.scrollX)).toBe(0);
}

test('on a phone, setlists and songs are cards whose main actions are on screen', async ({
  page,
  request,
}) => {
  const { leader, setlistName, songTitle } = await seedLibrary(request);
  await signIn(page, leader);
  await page.goto('/dashboard');

  // Dashboard: Upcoming Setlists as cards, Live View first.
  await expect(page.getByRole('heading', { name: 'Upcoming Setlists' })).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  const upcoming = page
    .getByRole('list', { name: 'Upcoming Setlists' })
    .getByRole('listitem')
    .filter({ hasText: setlistName });
  await expect(upcoming).toContainText('Acoustic Guitar, Leader');
  await expect(upcoming.getByRole('link').first()).toHaveAccessibleName(`Live View ${setlistName}`);
  await expectWithinScreen(page, upcoming.getByRole('link', { name: `Live View ${setlistName}` }));
  await expectWithinScreen(
    page,
    upcoming.getByRole('link', { name: `Presenter View ${setlistName}` }),
  );

  // Setlists: one card per setlist with its four actions, Live View on screen.
  await page.goto('/setlists');
  await expect(page.getByRole('heading', { name: 'Setlists', exact: true })).toBeVisible();
  const card = page
    .getByRole('list', { name: 'Setlists' })
    .getByRole('listitem')
    .filter({ hasText: setlistName });
  await expect(card).toContainText('Bring the extra microphones');
  await expect(page.getByRole('table')).toHaveCount(0);
  await expect(card.getByRole('link').first()).toHaveAccessibleName(`Live View ${setlistName}`);
  await expectWithinScreen(page, card.getByRole('link', { name: `Live View ${setlistName}` }));
  for (const action of ['Presenter View', 'View', 'Edit']) {
    await expectWithinScreen(
      page,
      card.getByRole('link', { name: `${action} ${setlistName}`, exact: true }),
    );
  }
  await card.getByRole('link', { name: `Live View ${setlistName}` }).click();
  await expect(page).toHaveURL(/\/setlists\/live\//);

  // Songs: title, artist or a dash, edit and delete on screen.
  await page.goto('/songs');
  await expect(page.getByRole('heading', { name: 'Song Library' })).toBeVisible();
  const songs = page.getByRole('list', { name: 'Songs' }).getByRole('listitem');
  const song = songs.filter({ hasText: songTitle });
  await expect(song).toContainText('Thomas Chisholm');
  await expect(songs.filter({ hasText: 'Doxology' })).toContainText('—');
  await expect(page.getByRole('table')).toHaveCount(0);
  await expectWithinScreen(page, song.getByRole('button', { name: `Edit ${songTitle}` }));
  await expectWithinScreen(page, song.getByRole('button', { name: `Delete ${songTitle}` }));
  await song.getByRole('button', { name: `Edit ${songTitle}` }).click();
  await expect(page.getByRole('heading', { name: 'Edit Song' })).toBeVisible();
});

test('no page scrolls sideways on a phone', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { leader, songId, setlistId, setlistName } = await seedLibrary(request);

  await sweep(
    page,
    [
      ['/', /Segue/],
      ['/login', 'Log in to Segue'],
      ['/register', 'Create your Segue account'],
    ],
    (path) => expectNoSidewaysScroll(page, `${path} (logged out)`),
  );

  await signIn(page, leader);
  const pages: Screen[] = [
    ['/', /Segue/],
    ['/dashboard', 'Welcome Deborah'],
    ['/teams', TEAM_NAME],
    ['/songs', 'Song Library'],
    ['/songs/new', 'New Song'],
    [`/songs/${songId}/edit`, 'Edit Song'],
    ['/setlists', 'Setlists'],
    ['/setlists/new', 'New Setlist'],
    [`/setlists/edit/${setlistId}`, 'Edit Setlist'],
    [`/setlists/view/${setlistId}`, setlistName],
    ['/settings', 'Account Settings'],
    ['/join', 'Find a Team'],
    ['/create', 'Create a Team'],
  ];
  await sweep(page, pages, async (path) => {
    // Wait for the data the page shows, not just its heading.
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    await expectNoSidewaysScroll(page, path);
  });

  // Issues 15 and 16: the song's chart, the setlist with its charts, the dialogs of song files,
  // upright and held sideways, in both themes.
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 844, height: 390 },
  ]) {
    await page.setViewportSize(viewport);
    for (const theme of ['light', 'dark']) {
      await page.evaluate((mode) => localStorage.setItem('theme', mode), theme);
      const where = `${viewport.width}×${viewport.height} ${theme}`;
      await page.goto(`/songs/${songId}`);
      await expect(
        page.getByRole('heading', { level: 1, name: 'Great Is Thy Faithfulness' }),
      ).toBeVisible();
      await page.getByRole('button', { name: 'My view' }).click();
      await expect(page.getByRole('group', { name: 'My view' })).toBeVisible();
      await expectNoSidewaysScroll(page, `the song's chart with My view (${where})`);
      await page.goto(`/setlists/view/${setlistId}`);
      await page.getByRole('switch', { name: 'Show chords' }).check();
      await expect(
        page
          .getByText('Great is Thy faithfulness, O God my Father, there is no shadow of turning')
          .first(),
      ).toBeAttached();
      await expectNoSidewaysScroll(page, `the setlist with its charts (${where})`);
      await page.goto('/songs');
      await page.getByRole('button', { name: 'Add from file' }).click();
      await expect(page.getByRole('dialog', { name: 'Add songs from files' })).toBeVisible();
      await expectNoSidewaysScroll(page, `Add from file (${where})`);
      await page.goto('/songs/new');
      await page.getByRole('button', { name: 'Paste chart' }).click();
      await page
        .getByRole('dialog', { name: 'Paste a chart' })
        .getByLabel('Chart')
        .fill(
          '[Verse 1]\nD         G          D         A7        D\nGreat is Thy faithfulness, O God my Father, there is no shadow of turning',
        );
      await expect(
        page.getByRole('region', { name: 'Preview' }).getByRole('heading', { name: 'Verse 1' }),
      ).toBeVisible();
      await expectNoSidewaysScroll(page, `Paste chart (${where})`);
    }
  }
  await page.setViewportSize({ width: 390, height: 844 });

  // The song form with its parts filled, and the other Manage Team tabs.
  await page.goto(`/songs/${songId}/edit`);
  await expect(page.getByRole('textbox', { name: 'Chart' })).toHaveValue(/Great is Thy/);
  await expectNoSidewaysScroll(page, 'the filled song form as a chart');
  await page.getByRole('tab', { name: 'Line by line' }).click();
  await expect(page.getByLabel('Part 1 line 1 lyrics')).toHaveValue(/^Great is Thy/);
  await expectNoSidewaysScroll(page, 'the filled song form');
  await page.goto('/teams');
  for (const tab of ['Join Requests', 'Members and Roles']) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tabpanel')).toBeVisible();
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    await expectNoSidewaysScroll(page, `/teams ${tab}`);
  }
});
