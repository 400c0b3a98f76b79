import type { APIRequestContext, Page } from '@playwright/test';
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
import { type Screen, sweep } from '../support/navigation.ts';
import { toneWav, uploadRecording } from '../support/wav.ts';

/**
 * Every screen of the app, in both themes, with axe's whole rule set: not only the serious
 * violations the other specs check, but landmarks, regions and headings too, which is what a
 * screen-reader user finds their way by. Open menus are screens of their own here.
 */

const PUBLIC_SCREENS: Screen[] = [
  ['/', 'Plan, rehearse and flow together with Segue'],
  ['/login', 'Log in to Segue'],
  ['/register', 'Create your Segue account'],
  ['/verify', 'Email verification'],
  ['/forgot-password', 'Forgot Password'],
  ['/reset-password', 'Choose a New Password'],
  ['/invite/not-a-real-token', 'This invitation link is not valid.'],
  ['/respond/not-a-real-token', 'This answer link is not valid.'],
];

async function expectClean(page: Page, what: string) {
  expect(await allViolations(page), what).toEqual([]);
}

/** An owner with a team, a song and a setlist (a welcome, then the song), signed in on `page`. */
async function ownerWithASet(request: APIRequestContext, page: Page, theme: string) {
  const owner = await createVerifiedPerson(request, 'Tabitha');
  const teamId = await createTeamWith(request, owner, `Axe Band ${theme}`);
  const headers = await apiSession(request, owner, teamId);
  const songId = await createdId(
    await request.post('/api/songs', {
      headers,
      data: {
        title: 'Axe Song',
        artist: 'Axe Band',
        key: 'G',
        parts: [
          { label: 'Verse', lines: [{ chords: 'G       D', lyrics: 'Every screen is read' }] },
          { label: 'Chorus', lines: [{ chords: 'C       G', lyrics: 'And every name is said' }] },
        ],
      },
    }),
  );
  // A recording with its parts marked: practice mode shows its player, waveform and marks.
  const song = (await (await request.get(`/api/songs/${songId}`, { headers })).json()) as {
    parts: { id: string }[];
  };
  const mediaId = await uploadRecording(
    request,
    headers,
    songId,
    'Axe demo',
    toneWav([440, 554.37], 1000),
  );
  const marked = await request.put(`/api/media/${mediaId}/marks`, {
    data: song.parts.map((part, i) => ({ partId: part.id, atMs: i * 1000 })),
    headers,
  });
  expect(marked.status()).toBe(200);
  const setlistId = await createdId(
    await request.post('/api/setlist', {
      headers,
      data: {
        name: 'Axe Service',
        date: new Date().toISOString().slice(0, 10),
        songs: [{ song: songId, leader: null }],
        items: [{ title: 'Welcome', notes: 'Greet everyone', duration: 120, at: 0 }],
        positions: [],
      },
    }),
  );
  await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
  await signIn(page, owner);
  return { songId, setlistId };
}

const visitAll = (page: Page, screens: Screen[], theme: string) =>
  sweep(page, screens, (path) => expectClean(page, `${path} in ${theme}`));

for (const theme of ['light', 'dark'] as const) {
  test.describe(`axe finds nothing (${theme})`, () => {
    test.setTimeout(180_000);

    test('on the screens before signing in', async ({ page }) => {
      await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
      await visitAll(page, PUBLIC_SCREENS, theme);
    });

    test('on the account, team, song and setlist screens', async ({ page, request }) => {
      const { songId, setlistId } = await ownerWithASet(request, page, theme);
      await visitAll(
        page,
        [
          ['/dashboard', 'Welcome Tabitha'],
          ['/settings', 'Account Settings'],
          ['/join', 'Find a Team'],
          ['/create', 'Create a Team'],
          ['/teams', `Axe Band ${theme}`],
          ['/trash', 'Trash'],
          ['/songs', 'Song Library'],
          ['/songs/new', 'New Song'],
          [`/songs/${songId}`, 'Axe Song'],
          [`/songs/${songId}/edit`, 'Edit Song'],
          [`/songs/${songId}/practice`, 'Axe Song'],
          ['/setlists', 'Setlists'],
          ['/setlists/new', 'New Setlist'],
          [`/setlists/view/${setlistId}`, 'Axe Service'],
          [`/setlists/edit/${setlistId}`, 'Edit Setlist'],
          [`/setlists/practice/${setlistId}`, 'Axe Song'],
          ['/no-such-screen', 'Page not found'],
        ],
        theme,
      );
      // Practice mode again once its recording is open: the player, the waveform and its marks.
      await page.goto(`/songs/${songId}/practice`);
      await expect(page.getByRole('slider', { name: 'Mark for Chorus' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Play' })).toBeEnabled();
      await expectClean(page, `practice with its recording open in ${theme}`);
    });

    test('in the open menus, and live before and during the set', async ({ page, request }) => {
      const { songId, setlistId } = await ownerWithASet(request, page, theme);
      // Each loaded, as a device opening the set does (the live view and the stage display
      // show the same heading, which could not tell the one from the other).
      for (const screen of [
        [`/setlists/live/${setlistId}`, 'Axe Song'],
        [`/setlists/stage/${setlistId}`, 'Axe Song'],
        [`/setlists/presenter/${setlistId}`, 'Axe Service'],
      ] satisfies Screen[]) {
        await visitAll(page, [screen], theme);
      }

      await page.goto('/dashboard');
      await page.getByRole('button', { name: 'Account menu' }).click();
      await expect(page.getByRole('menu')).toBeVisible();
      await expectClean(page, `the account menu in ${theme}`);
      await page.keyboard.press('Escape');

      await page.goto('/songs');
      await page.getByRole('button', { name: 'Export files' }).click();
      await expect(page.getByRole('menu')).toBeVisible();
      await expectClean(page, `the library's export menu in ${theme}`);
      await page.keyboard.press('Escape');

      await page.goto(`/songs/${songId}`);
      await page.getByRole('button', { name: 'Export', exact: true }).click();
      await expect(page.getByRole('menu')).toBeVisible();
      await expectClean(page, `a song's export menu in ${theme}`);
      await page.keyboard.press('Escape');

      // Mid-set: the leader on a part, and the projector and stage showing it.
      await page.goto(`/setlists/live/${setlistId}`);
      // The set opens on its song or on the welcome before it; either way, on to the Verse.
      const verse = page.getByRole('button', { name: 'Verse', exact: true });
      await expect(verse.or(page.getByRole('heading', { name: 'Welcome' }))).toBeVisible();
      if (!(await verse.isVisible())) await page.getByRole('button', { name: 'Next Part' }).click();
      await verse.click();
      await expect(
        page.getByRole('button', { name: 'Verse', exact: true, pressed: true }),
      ).toBeVisible();
      await expectClean(page, `the leader's live view mid-set in ${theme}`);
      const projector = await page.context().newPage();
      await projector.goto(`/setlists/presenter/${setlistId}`);
      await expect(projector.getByText('Every screen is read')).toBeVisible();
      await expectClean(projector, `the projector mid-set in ${theme}`);
      const stage = await page.context().newPage();
      await stage.goto(`/setlists/stage/${setlistId}`);
      await expect(stage.getByText('Every screen is read')).toBeVisible();
      await expectClean(stage, `the stage display mid-set in ${theme}`);
    });
  });
}
