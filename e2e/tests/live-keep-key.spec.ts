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
 * A key changed live is this run's, not the plan's: every screen and the reprise play in it,
 * while the setlist's view (what prints) and the copy kept for offline use show the plan until
 * a driver, at the end of the set, keeps the new key.
 */
test.use({ serviceWorkers: 'allow' });

const seat = seatsWith();

/** A day `days` from today, as the setlist form sends it. */
function dayFromToday(days: number): string {
  return new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
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

/** The planned key of each entry of a setlist kept on the device, or null when it is not kept. */
const keptKeys = (page: Page, setlistId: string) =>
  page.evaluate(
    (id) =>
      new Promise<(string | null)[] | null>((resolve, reject) => {
        const open = indexedDB.open('segue-offline');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const read = db.transaction('setlists').objectStore('setlists').get(id);
          read.onsuccess = () => {
            db.close();
            const kept = read.result as
              { details: { songs: { key: string | null }[] } } | undefined;
            resolve(kept ? kept.details.songs.map((entry) => entry.key) : null);
          };
          read.onerror = () => reject(read.error);
        };
      }),
    setlistId,
  );

const offline = (page: Page) =>
  page.getByRole('status').filter({ hasText: 'Offline – showing the copy from' });
const chordsOf = (page: Page) =>
  page.locator('section[aria-current="step"] [data-chord]').allTextContents();
const songHeading = (page: Page, title: string) =>
  expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

test('a key changed live reaches the reprise, leaves the plan until a driver keeps it', async ({
  browser,
  baseURL,
  page,
  context,
  request,
}) => {
  test.setTimeout(150_000);
  const leader = await createVerifiedPerson(request, 'Miriam');
  const guitarist = await createVerifiedPerson(request, 'Asaf');
  const teamId = await createTeamWith(request, leader, 'Field Test', [guitarist]);
  const headers = await apiSession(request, leader, teamId);
  const song = async (title: string, key: string, chords: string) =>
    createdId(
      await request.post('/api/songs', {
        headers,
        data: {
          title,
          key,
          parts: [{ label: 'Verse', lines: [{ chords, lyrics: `${title} words` }] }],
        },
      }),
    );
  const cornerstone = await song('Cornerstone', 'E', 'E    B    C#m  A');
  const interlude = await song('Interlude', 'G', 'G    C');
  const setlistId = await createdId(
    await request.post('/api/setlist', {
      headers,
      data: {
        name: 'Field Sunday',
        date: dayFromToday(2),
        songs: [
          { song: cornerstone, leader: null, key: 'E' },
          { song: interlude, leader: null, key: null },
          { song: cornerstone, leader: null, key: 'E' },
        ],
      },
    }),
  );

  // The guitarist's phone keeps the week for offline use.
  await signIn(page, guitarist);
  await page.goto('/dashboard');
  await installed(page);
  await expect.poll(() => keptSetlistIds(page), { timeout: 30_000 }).toEqual([setlistId]);

  // Mid-song, the leader takes Cornerstone from E to F.
  const lead = await seat(browser, baseURL, leader, '203.0.127.1');
  await lead.page.goto(`/setlists/live/${setlistId}`);
  await songHeading(lead.page, 'Cornerstone');
  await expect.poll(() => chordsOf(lead.page)).toEqual(['E', 'B', 'C#m', 'A']);
  await lead.page.getByRole('combobox', { name: 'Key for the band' }).selectOption('F');
  await expect.poll(() => chordsOf(lead.page)).toEqual(['F', 'C', 'Dm', 'Bb']);

  // The guitarist's phone joins in F, and the reprise is in F too.
  await page.goto(`/setlists/live/${setlistId}`);
  await songHeading(page, 'Cornerstone');
  await expect(page.getByText('Key F', { exact: true })).toBeVisible();
  await expect.poll(() => chordsOf(page)).toEqual(['F', 'C', 'Dm', 'Bb']);
  await page.getByRole('button', { name: 'Next Song' }).click();
  await songHeading(page, 'Interlude');
  await page.getByRole('button', { name: 'Next Song' }).click();
  await songHeading(page, 'Cornerstone');
  await expect(page.getByText('Key F', { exact: true })).toBeVisible();
  await expect.poll(() => chordsOf(page)).toEqual(['F', 'C', 'Dm', 'Bb']);

  // The setlist's view, which is what prints, shows the plan: E for both.
  await page.goto(`/setlists/view/${setlistId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Field Sunday' })).toBeVisible();
  await expect(page.getByText('Key E', { exact: true })).toHaveCount(2);
  await expect(page.getByText('Key F', { exact: true })).toHaveCount(0);
  // A follower is not asked to change the plan.
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // So does the copy kept on the phone.
  await context.setOffline(true);
  await page.goto(`/setlists/view/${setlistId}`);
  await expect(offline(page)).toBeVisible();
  await expect(page.getByText('Key E', { exact: true })).toHaveCount(2);
  await context.setOffline(false);

  // The leader steps past the end of the set and is asked; Yes keeps F.
  await lead.page.getByRole('button', { name: 'Next Song' }).click();
  await songHeading(lead.page, 'Interlude');
  await lead.page.getByRole('button', { name: 'Next Song' }).click();
  await songHeading(lead.page, 'Cornerstone');
  await expect.poll(() => chordsOf(lead.page)).toEqual(['F', 'C', 'Dm', 'Bb']);
  await lead.page.getByRole('button', { name: 'Next Part' }).click();
  const ask = lead.page.getByRole('dialog', { name: "Keep F as this setlist's key?" });
  await expect(ask).toBeVisible();
  await expect(ask).toContainText('Cornerstone');
  await ask.getByRole('button', { name: 'Yes' }).click();
  await expect(ask).toHaveCount(0);

  // Now the setlist's view and the kept copy both say F.
  await page.goto(`/setlists/view/${setlistId}`);
  await expect(page.getByText('Key F (song in E)', { exact: true })).toHaveCount(2);
  await expect(page.getByText('Key E', { exact: true })).toHaveCount(0);
  // The copy on the phone is written after the answer is shown: offline only once it holds F.
  await expect.poll(() => keptKeys(page, setlistId), { timeout: 30_000 }).toEqual(['F', null, 'F']);
  await context.setOffline(true);
  await page.goto(`/setlists/view/${setlistId}`);
  await expect(offline(page)).toBeVisible();
  await expect(page.getByText('Key F (song in E)', { exact: true })).toHaveCount(2);
  await context.setOffline(false);

  await lead.context.close();
});
