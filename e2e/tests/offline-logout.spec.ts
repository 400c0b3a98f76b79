import type { APIRequestContext, Page } from '@playwright/test';
import {
  apiSession,
  createdId,
  createTeamWith,
  createVerifiedPerson,
  expect,
  logIn,
  test,
} from '../support/fixtures.ts';
import { installed } from '../support/service-worker.ts';

/**
 * Signing out offline (docs/DECISIONS.md, "Signing out offline"): on a shared phone in a room
 * without signal, Logout takes the session and the kept music off the device at once, and the
 * server ends the session when the signal returns, without touching whoever signed in since.
 */
test.use({ serviceWorkers: 'allow' });

const OFFLINE_LOGOUT =
  'Signed out on this device. The server will end the session when the connection returns.';

/** A day `days` from today, as the setlist form sends it. */
function dayFromToday(days: number): string {
  return new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** A musician whose team plays a set in three days: the device keeps it. */
async function musicianWithASet(request: APIRequestContext, first: string) {
  const musician = await createVerifiedPerson(request, first);
  const teamId = await createTeamWith(request, musician, `${first}'s Band`);
  const headers = await apiSession(request, musician, teamId);
  const song = await createdId(
    await request.post('/api/songs', {
      headers,
      data: {
        title: 'Cellar Song',
        key: 'D',
        parts: [{ label: 'Verse 1', lines: [{ chords: 'D  G', lyrics: 'Down in the cellar' }] }],
      },
    }),
  );
  const setlist = await createdId(
    await request.post('/api/setlist', {
      headers,
      data: { name: 'Friday Night', date: dayFromToday(3), songs: [{ song, leader: null }] },
    }),
  );
  return { musician, setlist };
}

/** Every record of every IndexedDB database of the origin, by database and store. */
const indexedDbRecords = (page: Page) =>
  page.evaluate(async () => {
    const counts: Record<string, number> = {};
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      for (const store of Array.from(db.objectStoreNames)) {
        counts[`${name}/${store}`] = await new Promise<number>((resolve, reject) => {
          const count = db.transaction(store).objectStore(store).count();
          count.onsuccess = () => resolve(count.result);
          count.onerror = () => reject(count.error);
        });
      }
      db.close();
    }
    return counts;
  });

const keptRecordCount = async (page: Page) =>
  Object.values(await indexedDbRecords(page)).reduce((sum, count) => sum + count, 0);

/** How many setlists the device keeps: the week is kept some moments after sign-in. */
const keptSetlistCount = async (page: Page) =>
  (await indexedDbRecords(page))['segue-offline/setlists'] ?? 0;

/** Cache Storage: each cache's name with the paths of what it holds. */
const cachedPaths = (page: Page) =>
  page.evaluate(async () => {
    const found: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const requests = await (await caches.open(name)).keys();
      found[name] = requests.map((request) => new URL(request.url).pathname);
    }
    return found;
  });

const storageKeys = (page: Page) =>
  page.evaluate(() => ({
    local: Object.keys(localStorage).sort(),
    session: Object.keys(sessionStorage).sort(),
  }));

const sessionToken = (page: Page) => page.evaluate(() => sessionStorage.getItem('jwt'));

/** What the server answers a token: 200 while its session lives, 401 once it has ended. */
const accountStatus = async (request: APIRequestContext, token: string) =>
  (await request.get('/api/account', { headers: { authorization: `Bearer ${token}` } })).status();

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
}

async function expectSignedOut(page: Page) {
  await expect(page.getByRole('link', { name: 'Login', exact: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Account menu' })).toHaveCount(0);
}

test('signing out without a signal clears the device at once; the session ends when the signal returns', async ({
  page,
  context,
  request,
}) => {
  const { musician } = await musicianWithASet(request, 'Noa');
  await logIn(page, musician);
  await installed(page);
  await expect.poll(() => keptSetlistCount(page)).toBe(1);
  const token = await sessionToken(page);
  expect(token).toBeTruthy();
  expect((await storageKeys(page)).local).toContain('selectedTeamId');
  // Segue's worker caches no answers; a cache of them added one day must go too.
  await page.evaluate(async () => {
    const answers = await caches.open('segue-answers');
    await answers.put('/api/account', new Response('{"name":"Noa Tester"}'));
  });

  await context.setOffline(true);
  await logOut(page);

  await expect(page.getByText(OFFLINE_LOGOUT)).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expectSignedOut(page);
  await expect.poll(() => keptRecordCount(page)).toBe(0);
  const cached = await cachedPaths(page);
  expect(Object.keys(cached).every((name) => name.startsWith('workbox-precache'))).toBe(true);
  expect(Object.values(cached).flat()).toContain('/index.html');
  expect(
    Object.values(cached)
      .flat()
      .filter((path) => path.startsWith('/api/')),
  ).toEqual([]);
  const keys = await storageKeys(page);
  expect(keys.session).toEqual([]);
  // Only device settings and the note of what the server has to end are left.
  expect(keys.local.filter((key) => !key.startsWith('segue.') && key !== 'theme')).toEqual([]);
  expect(keys.local).not.toContain('segue.offline.kept');
  expect(keys.local).toContain('segue.pendingLogout');
  // The server has not heard of it yet.
  expect(await accountStatus(request, token!)).toBe(200);

  await context.setOffline(false);
  await expect.poll(() => accountStatus(request, token!), { timeout: 20_000 }).toBe(401);
  await expect
    .poll(async () => (await storageKeys(page)).local)
    .not.toContain('segue.pendingLogout');

  // The session cookie does not sign the musician back in.
  await page.reload();
  await expectSignedOut(page);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});

test('an installed app started offline signs out too; the server ends the cookie’s session', async ({
  page,
  context,
  request,
}) => {
  const { musician, setlist } = await musicianWithASet(request, 'Tamar');
  await logIn(page, musician);
  await installed(page);
  await expect.poll(() => keptSetlistCount(page)).toBe(1);
  // The cookie holds the same session as the tab's token.
  const token = (await sessionToken(page))!;

  // The phone restarts without a signal: the new page has no token, only the cookie and the kept copy.
  await context.setOffline(true);
  await page.close();
  const restarted = await context.newPage();
  await restarted.goto(`/setlists/view/${setlist}`);
  await expect(restarted.getByRole('heading', { level: 1, name: 'Friday Night' })).toBeVisible();
  expect(await sessionToken(restarted)).toBeNull();

  await logOut(restarted);
  await expect(restarted.getByText(OFFLINE_LOGOUT)).toBeVisible();
  await expectSignedOut(restarted);
  await expect.poll(() => keptRecordCount(restarted)).toBe(0);
  expect(await accountStatus(request, token)).toBe(200);

  await context.setOffline(false);
  await expect.poll(() => accountStatus(request, token), { timeout: 20_000 }).toBe(401);
  await restarted.goto('/dashboard');
  await expect(restarted).toHaveURL(/\/login$/);
});

test('whoever signs in before the server is told keeps their session', async ({
  page,
  context,
  request,
}) => {
  const { musician: ada } = await musicianWithASet(request, 'Ada');
  const grace = await createVerifiedPerson(request, 'Grace');
  await logIn(page, ada);
  await installed(page);
  await expect.poll(() => keptSetlistCount(page)).toBe(1);
  const adaToken = (await sessionToken(page))!;

  await context.setOffline(true);
  await logOut(page);
  await expect(page.getByText(OFFLINE_LOGOUT)).toBeVisible();

  // The signal returns, but the logout call still gets no answer (a flaky connection), and
  // Grace signs in on the same phone meanwhile.
  const unanswered = '**/api/account/sessions/current';
  await page.route(unanswered, (route) => route.abort('internetdisconnected'));
  await context.setOffline(false);
  await logIn(page, grace);
  const graceToken = (await sessionToken(page))!;
  expect(graceToken).not.toBe(adaToken);
  expect(await accountStatus(request, adaToken)).toBe(200);

  // At the next start the server answers: Ada's session ends, Grace's does not.
  await page.unroute(unanswered);
  await page.reload();
  await expect.poll(() => accountStatus(request, adaToken), { timeout: 20_000 }).toBe(401);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome Grace' })).toBeVisible();
  expect(await accountStatus(request, graceToken)).toBe(200);
  // Her session cookie lives on too: a new tab is signed in as her.
  const tab = await context.newPage();
  await tab.goto('/dashboard');
  await expect(tab.getByRole('heading', { name: 'Welcome Grace' })).toBeVisible();
});
