import type { APIRequestContext, Page } from '@playwright/test';
import {
  apiSession,
  createTeamWith,
  createVerifiedPerson,
  expect,
  test,
  type Person,
  createdId,
} from '../support/fixtures.ts';
import { seriousViolations } from '../support/axe.ts';
import { seatsWith } from '../support/seats.ts';

/**
 * Issue 14: the leader drives, a follower browses alone, the projector shows only what the
 * room should see, and a phone on a music stand stays awake and readable.
 */

/** Records what the page asks of a stubbed Screen Wake Lock. */
const wakeLockStub = () => {
  const asked: string[] = [];
  Object.defineProperty(navigator, 'wakeLock', {
    value: {
      request: (type: string) => {
        asked.push(type);
        return Promise.resolve({
          released: false,
          release() {
            this.released = true;
            return Promise.resolve();
          },
          addEventListener() {},
        });
      },
    },
    configurable: true,
  });
  (window as unknown as { __wakeLocks: string[] }).__wakeLocks = asked;
};

interface Band {
  setlistId: string;
  owner: Person;
  songLeader: Person;
  follower: Person;
}

/** A team (owner, a member who leads the second song, a member who only follows) and a set. */
async function band(request: APIRequestContext, lines = 2): Promise<Band> {
  const owner = await createVerifiedPerson(request, 'Olga');
  const songLeader = await createVerifiedPerson(request, 'Lea');
  const follower = await createVerifiedPerson(request, 'Finn');
  const teamId = await createTeamWith(request, owner, 'Stage Band', [songLeader, follower]);
  const headers = await apiSession(request, owner, teamId);
  const song = async (title: string, labels: string[]) => {
    const res = await request.post('/api/songs', {
      headers,
      data: {
        title,
        artist: 'Stage Band',
        parts: labels.map((label) => ({
          label,
          lines: Array.from({ length: lines }, (_, i) => ({
            chords: 'G       D',
            lyrics: `${title} ${label} line ${i + 1}`,
          })),
        })),
      },
    });
    return createdId(res);
  };
  const first = await song('First Song', ['Verse', 'Chorus']);
  const second = await song('Second Song', ['Intro', 'Bridge']);
  const me = await request.get('/api/account', { headers: await apiSession(request, songLeader) });
  const leaderId = ((await me.json()) as { $id: string }).$id;
  const res = await request.post('/api/setlist', {
    headers,
    data: {
      name: 'Stage Set',
      date: new Date().toISOString().slice(0, 10),
      songs: [
        { song: first, leader: null },
        { song: second, leader: leaderId },
      ],
      positions: [],
    },
  });
  return {
    setlistId: await createdId(res),
    owner,
    songLeader,
    follower,
  };
}

/** A device of the band, with the screen wake lock stubbed. */
const seat = seatsWith(wakeLockStub);

const activePart = (page: Page, label: string) =>
  expect(page.getByRole('button', { name: label, exact: true, pressed: true })).toBeVisible();
const songHeading = (page: Page, title: string) =>
  expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

test('the drivers move everyone, a follower browses alone, and the projector shows only the room’s messages', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(150_000);
  const { setlistId, owner, songLeader, follower } = await band(request);
  const driver = await seat(browser, baseURL, owner, '203.0.125.1');
  const phone = await seat(browser, baseURL, follower, '203.0.125.2', {
    width: 390,
    height: 844,
  });
  const second = await seat(browser, baseURL, songLeader, '203.0.125.3');
  const projector = await seat(browser, baseURL, owner, '203.0.125.4');

  for (const s of [driver, phone, second]) {
    await s.page.goto(`/setlists/live/${setlistId}`);
    await songHeading(s.page, 'First Song');
  }
  await projector.page.goto(`/setlists/presenter/${setlistId}`);
  await expect(projector.page.getByText('Waiting for active part...')).toBeVisible();

  // The live view keeps the screen awake.
  await expect
    .poll(() =>
      phone.page.evaluate(() => (window as unknown as { __wakeLocks: string[] }).__wakeLocks),
    )
    .toContain('screen');

  // Drivers get the pedal; a follower gets a button to message the band.
  await expect(driver.page.getByRole('button', { name: 'Connect MIDI' })).toBeVisible();
  await expect(phone.page.getByRole('button', { name: 'Connect MIDI' })).toHaveCount(0);
  await expect(phone.page.getByLabel('Announce Message')).toHaveCount(0);
  await expect(phone.page.getByRole('button', { name: 'Message the band' })).toBeVisible();

  // The owner drives: everyone follows, and learns who moved the set.
  await driver.page.getByRole('button', { name: 'Chorus', exact: true }).click();
  for (const s of [driver, phone, second]) await activePart(s.page, 'Chorus');
  await expect(projector.page.getByText('First Song Chorus line 1')).toBeVisible();
  await expect(phone.page.getByText('Moved by Olga Tester')).toBeVisible();

  // The follower browses on their own: nobody else moves.
  await phone.page.getByRole('button', { name: 'Verse', exact: true }).click();
  await activePart(phone.page, 'Verse');
  await expect(phone.page.getByRole('button', { name: 'Back to live' })).toBeVisible();
  await phone.page.getByRole('button', { name: 'Next Song' }).click();
  await songHeading(phone.page, 'Second Song');
  await phone.page.keyboard.press('ArrowRight');
  await activePart(phone.page, 'Bridge');
  // Long enough for a step to have reached the others, had one been sent.
  await driver.page.waitForTimeout(1000);
  for (const s of [driver, second]) {
    await songHeading(s.page, 'First Song');
    await activePart(s.page, 'Chorus');
  }
  await expect(projector.page.getByText('First Song Chorus line 1')).toBeVisible();
  await expect(driver.page.getByRole('button', { name: 'Back to live' })).toHaveCount(0);

  // Back to live returns to the leader's part.
  await phone.page.getByRole('button', { name: 'Back to live' }).click();
  await songHeading(phone.page, 'First Song');
  await activePart(phone.page, 'Chorus');
  await expect(phone.page.getByRole('button', { name: 'Back to live' })).toHaveCount(0);

  // The second song's leader drives too. Next Part on a song's last part: the next song.
  await second.page.getByRole('button', { name: 'Next Part' }).click();
  for (const s of [driver, phone, second]) {
    await songHeading(s.page, 'Second Song');
    await activePart(s.page, 'Intro');
  }
  await expect(projector.page.getByText('Second Song Intro line 1')).toBeVisible();
  await expect(phone.page.getByText('Moved by Lea Tester')).toBeVisible();
  // Previous Part on a song's first part: the previous song's last part, for everyone.
  await driver.page.keyboard.press('ArrowLeft');
  for (const s of [driver, phone, second]) {
    await songHeading(s.page, 'First Song');
    await activePart(s.page, 'Chorus');
  }

  // A follower's message reaches the band, never the projector.
  await phone.page.getByRole('button', { name: 'Message the band' }).click();
  await phone.page.getByLabel('Announce Message').fill('Capo 2 please');
  await phone.page.getByRole('button', { name: 'Send' }).click();
  for (const s of [driver, second]) {
    await expect(s.page.getByRole('alert').filter({ hasText: 'Capo 2 please' })).toBeVisible();
  }
  await expect(phone.page.getByRole('checkbox', { name: 'Show on screen' })).toHaveCount(0);
  // A driver's message with "Show on screen" reaches the projector too.
  await driver.page.getByLabel('Announce Message').fill('Welcome, please stand');
  await driver.page.getByRole('checkbox', { name: 'Show on screen' }).check();
  await driver.page.getByRole('button', { name: 'Send' }).click();
  const onProjector = projector.page
    .getByRole('alert')
    .filter({ hasText: 'Welcome, please stand' });
  await expect(onProjector).toBeVisible();
  await expect(projector.page.getByText('Capo 2 please')).toHaveCount(0);
  // Banners go by themselves after 10 s.
  await expect(onProjector).toHaveCount(0, { timeout: 15_000 });
  await expect(driver.page.getByRole('alert')).toHaveCount(0);

  // The presenter opens in a window of its own.
  const [presenterWindow] = await Promise.all([
    driver.context.waitForEvent('page'),
    driver.page.getByRole('button', { name: 'Open presenter' }).click(),
  ]);
  await expect(presenterWindow).toHaveURL(new RegExp(`/setlists/presenter/${setlistId}$`));
  await expect(presenterWindow.getByText('First Song Chorus line 1')).toBeVisible();

  for (const s of [driver, phone, second, projector]) await s.context.close();
});

test('stage mode gives the song the screen, and a phone held sideways shows six lines', async ({
  browser,
  baseURL,
  request,
}) => {
  const { setlistId, follower } = await band(request, 8);
  const phone = await seat(browser, baseURL, follower, '203.0.125.5', { width: 390, height: 844 });
  const { page } = phone;
  await page.goto(`/setlists/live/${setlistId}`);
  await songHeading(page, 'First Song');
  // A follower's phone opens in stage mode by itself.
  await expect(page.getByRole('banner')).toHaveCount(0);

  // Turned off, the app bar and the full controls are back; the choice is remembered.
  await page.getByRole('button', { name: 'Stage mode' }).click();
  await expect(page.getByRole('banner')).toBeVisible();
  await page.reload();
  await songHeading(page, 'First Song');
  await expect(page.getByRole('banner')).toBeVisible();

  // Stage mode hides the app bar and folds the controls into one bar; it is remembered.
  await page.getByRole('button', { name: 'Stage mode' }).click();
  await expect(page.getByRole('banner')).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Part controls' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Part controls' })).toBeVisible();
  await expect(page.getByRole('banner')).toHaveCount(0);
  await expect(page.getByText('First Song Verse line 1')).toBeVisible();
  // A follower browsing in stage mode gets Back to live in the bar, still without sideways scroll.
  await page.getByRole('button', { name: 'Next Part' }).click();
  await expect(page.getByRole('button', { name: 'Back to live' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
    true,
  );
  await page.getByRole('button', { name: 'Back to live' }).click();
  await expect(page.getByRole('button', { name: 'Back to live' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Stage mode' }).click();
  await expect(page.getByRole('banner')).toBeVisible();
  await phone.context.close();

  // Sideways, at 100% text, a whole verse: at least six lines fully on screen.
  const sideways = await seat(browser, baseURL, follower, '203.0.125.6', {
    width: 844,
    height: 390,
  });
  await sideways.page.addInitScript(() => localStorage.setItem('segue.live.textSize', '1'));
  await sideways.page.goto(`/setlists/live/${setlistId}`);
  await expect(sideways.page.getByText('First Song Verse line 1')).toBeVisible();
  const visibleLines = await sideways.page.evaluate(() => {
    const lyrics = Array.from(
      document.querySelectorAll('section[aria-current="step"] [data-line]'),
    );
    return lyrics.filter((line) => {
      const box = line.getBoundingClientRect();
      const bar = document
        .querySelector('nav[aria-label="Part controls"]')
        ?.getBoundingClientRect();
      return box.top >= 0 && box.bottom <= (bar?.top ?? window.innerHeight);
    }).length;
  });
  expect(visibleLines).toBeGreaterThanOrEqual(6);
  expect(
    await sideways.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
  ).toBe(true);
  await sideways.context.close();
});

test('unknown setlists are not found; axe finds nothing serious on the live view in either theme', async ({
  browser,
  baseURL,
  request,
}) => {
  const { setlistId, owner } = await band(request);
  const { context, page } = await seat(browser, baseURL, owner, '203.0.125.7');
  await page.goto('/setlists/live/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { level: 1, name: 'Setlist not found.' })).toBeVisible();

  for (const theme of ['light', 'dark']) {
    await page.evaluate((mode) => localStorage.setItem('theme', mode), theme);
    await page.goto(`/setlists/live/${setlistId}`);
    await songHeading(page, 'First Song');
    await page.getByRole('button', { name: 'Chorus', exact: true }).click();
    await activePart(page, 'Chorus');
    expect(await seriousViolations(page), theme).toEqual([]);
    // The "Reconnecting…" chip too.
    await context.setOffline(true);
    await expect(page.getByText('Reconnecting…')).toBeVisible();
    expect(await seriousViolations(page), `${theme}, reconnecting`).toEqual([]);
    await context.setOffline(false);
    await expect(page.getByText('Reconnecting…')).toHaveCount(0, { timeout: 20_000 });
  }
  await context.close();
});
