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
import { installed } from '../support/service-worker.ts';
import { seatsWith } from '../support/seats.ts';

/**
 * Issue 17: a guitarist who opened Segue at home can play the set from their phone in a basement
 * with no signal, and it catches up with the leader the moment a signal appears.
 */
test.use({ serviceWorkers: 'allow' });

const seat = seatsWith();

/** A day `days` from today, as the setlist form sends it. */
function dayFromToday(days: number): string {
  const date = new Date(Date.now() + days * 24 * 60 * 60 * 1000);
  return date.toISOString().slice(0, 10);
}

/** The ids of the setlists kept on the device, read from its IndexedDB (never created here). */
const keptSetlistIds = (page: Page) =>
  page.evaluate(async () => {
    const databases = await indexedDB.databases();
    if (!databases.some((database) => database.name === 'segue-offline')) return [];
    return new Promise<string[]>((resolve, reject) => {
      const open = indexedDB.open('segue-offline');
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const db = open.result;
        const keys = db.transaction('setlists').objectStore('setlists').getAllKeys();
        keys.onsuccess = () => {
          db.close();
          resolve((keys.result as string[]).sort());
        };
        keys.onerror = () => reject(keys.error);
      };
    });
  });

const activePart = (page: Page, label: string) =>
  expect(page.getByRole('button', { name: label, exact: true, pressed: true })).toBeVisible();
const songHeading = (page: Page, title: string) =>
  page.getByRole('heading', { level: 1, name: title });

async function bandWithSunday(request: Parameters<typeof createVerifiedPerson>[0]) {
  const leader = await createVerifiedPerson(request, 'Miriam');
  const guitarist = await createVerifiedPerson(request, 'Asaf');
  const teamId = await createTeamWith(request, leader, 'Basement Band', [guitarist]);
  const headers = await apiSession(request, leader, teamId);
  const guitaristHeaders = await apiSession(request, guitarist);
  const account = await request.get('/api/account', { headers: guitaristHeaders });
  const guitaristId = ((await account.json()) as { $id: string }).$id;
  const song = async (title: string, labels: string[]) =>
    createdId(
      await request.post('/api/songs', {
        headers,
        data: {
          title,
          key: 'G',
          parts: labels.map((label) => ({
            label,
            lines: [{ chords: 'G    D    Em   C', lyrics: `${title} ${label} words` }],
          })),
        },
      }),
    );
  const first = await song('Morning Song', ['Verse 1', 'Chorus']);
  const second = await song('Evening Song', ['Verse 1', 'Chorus', 'Bridge']);
  const setlist = async (name: string, date: string) =>
    createdId(
      await request.post('/api/setlist', {
        headers,
        data: {
          name,
          date,
          songs: [
            { song: first, leader: null },
            { song: second, leader: guitaristId },
          ],
          // The guitarist plays in it: the set is on their dashboard.
          positions: [{ name: 'Guitar', assignedTo: guitaristId }],
        },
      }),
    );
  const sunday = await setlist('Sunday Morning', dayFromToday(3));
  const later = await setlist('Christmas Eve', dayFromToday(40));
  return {
    leader,
    guitarist,
    guitaristId,
    teamId,
    headers,
    sunday,
    later,
    songs: { first, second },
  };
}

test('the week is kept on the phone; offline it opens, steps locally, and catches up when the signal returns', async ({
  browser,
  baseURL,
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  const band = await bandWithSunday(request);
  await signIn(page, band.guitarist);
  await page.goto('/dashboard');
  await installed(page);
  // Sunday is within the next two weeks; Christmas Eve is not.
  await expect.poll(() => keptSetlistIds(page)).toEqual([band.sunday]);

  await page.goto('/settings');
  await expect(
    page.getByText(/^Kept on this device: 1 setlist, 2 songs, \d+ (bytes|KB)/),
  ).toBeVisible();

  // No signal: every screen the band needs opens from the kept copy, with changes turned off.
  await context.setOffline(true);
  await page.goto('/dashboard');
  const notice = page.getByRole('status').filter({ hasText: 'Offline – showing the copy from' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('Changes are turned off until the connection is back.');
  await expect(page.getByRole('link', { name: 'Live View Sunday Morning' }).first()).toBeVisible();
  await page.goto('/setlists');
  await expect(page.getByRole('cell', { name: 'Sunday Morning' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit Sunday Morning' })).toBeDisabled();
  await expect(page.getByRole('link', { name: 'New Setlist' })).toBeDisabled();
  await page.goto(`/setlists/view/${band.sunday}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Sunday Morning' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit' })).toBeDisabled();
  await page.goto(`/songs/${band.songs.second}`);
  await expect(songHeading(page, 'Evening Song')).toBeVisible();
  await expect(page.getByText('Evening Song Bridge words')).toBeVisible();

  // The live view, reloaded without a signal, shows the songs and parts and steps locally.
  await page.goto(`/setlists/live/${band.sunday}`);
  await page.reload();
  await expect(songHeading(page, 'Morning Song')).toBeVisible();
  await expect(notice).toBeVisible();
  await page.getByRole('button', { name: 'Chorus', exact: true }).click();
  await activePart(page, 'Chorus');
  await page.getByRole('button', { name: 'Next Song' }).click();
  await expect(songHeading(page, 'Evening Song')).toBeVisible();
  await activePart(page, 'Verse 1');

  // Meanwhile the leader, online, starts the set on the first song's chorus.
  const lead = await seat(browser, baseURL, band.leader, '203.0.127.1');
  await lead.page.goto(`/setlists/live/${band.sunday}`);
  await expect(songHeading(lead.page, 'Morning Song')).toBeVisible();
  await lead.page.getByRole('button', { name: 'Verse 1', exact: true }).click();
  await lead.page.getByRole('button', { name: 'Chorus', exact: true }).click();
  await activePart(lead.page, 'Chorus');

  // The signal returns: the phone joins and lands where the leader is, and follows from there.
  await context.setOffline(false);
  await expect(songHeading(page, 'Morning Song')).toBeVisible({ timeout: 20_000 });
  await activePart(page, 'Chorus');
  await expect(notice).toHaveCount(0);
  await lead.page.getByRole('button', { name: 'Next Song' }).click();
  await expect(songHeading(page, 'Evening Song')).toBeVisible();
  await activePart(page, 'Verse 1');
  await lead.context.close();

  // Signing out takes the kept music off the device.
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect.poll(() => keptSetlistIds(page)).toEqual([]);
});

test('signed in stays signed in offline after a restart; a session revoked meanwhile ends when the signal returns', async ({
  page,
  context,
  request,
}) => {
  const band = await bandWithSunday(request);
  await signIn(page, band.guitarist);
  await page.goto('/dashboard');
  await installed(page);
  await expect.poll(() => keptSetlistIds(page)).toEqual([band.sunday]);

  // The phone restarts without a signal: a new page has no token, only the kept data.
  await context.setOffline(true);
  await page.close();
  const restarted = await context.newPage();
  await restarted.goto(`/setlists/live/${band.sunday}`);
  await expect(songHeading(restarted, 'Morning Song')).toBeVisible();
  await expect(restarted).toHaveURL(new RegExp(`/setlists/live/${band.sunday}$`));

  // Meanwhile the guitarist signs out every other device from elsewhere.
  const elsewhere = await apiSession(request, band.guitarist);
  expect((await request.delete('/api/account/sessions', { headers: elsewhere })).status()).toBe(
    204,
  );

  // Back online the session is checked again: it ended, and the kept music goes with it.
  await context.setOffline(false);
  await expect(restarted).toHaveURL(/\/login$/, { timeout: 20_000 });
  await expect.poll(() => keptSetlistIds(restarted)).toEqual([]);
});

test('a team the musician was removed from is gone from the device at the next online start', async ({
  page,
  request,
}) => {
  const band = await bandWithSunday(request);
  await signIn(page, band.guitarist);
  await page.goto('/dashboard');
  await expect.poll(() => keptSetlistIds(page)).toEqual([band.sunday]);

  const removed = await request.delete(`/api/teams/${band.teamId}/member`, {
    headers: band.headers,
    data: { userId: band.guitaristId },
  });
  expect(removed.status()).toBe(200);

  await page.reload();
  await expect.poll(() => keptSetlistIds(page)).toEqual([]);
  await page.goto('/settings');
  await expect(page.getByText(/^Kept on this device: 0 setlists, 0 songs/)).toBeVisible();
});
