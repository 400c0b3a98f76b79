import type { APIRequestContext, Page } from '@playwright/test';
import {
  apiSession,
  createTeamWith,
  createVerifiedPerson,
  createdId,
  expect,
  test,
  type Person,
} from '../support/fixtures.ts';
import AxeBuilder from '@axe-core/playwright';
import { seriousViolations } from '../support/axe.ts';
import { seatsWith } from '../support/seats.ts';

/**
 * The live view on the band's phones and tablets, and the page-turn keys: a follower's phone
 * opens compact with most of a verse on screen, a tablet fits the part to its width (two columns
 * before it would scroll), PageDown/PageUp/Space/arrows step for a driver and browse for a
 * follower, and no chord wraps alone onto a row of its own.
 */

/** A verse as real ones run: ten lines of 20 to 30 characters, most with chords. */
const VERSE = [
  { chords: 'G           D', lyrics: 'Morning breaks across the hill' },
  { chords: 'Em          C', lyrics: 'Light runs down the valley' },
  { chords: 'G           D', lyrics: 'Every field is waking still' },
  { chords: 'C', lyrics: 'Sing it out again' },
  { chords: 'G       D', lyrics: 'Rivers turn toward the sea' },
  { chords: 'Em        C', lyrics: 'Wind is in the cedars' },
  { chords: '', lyrics: 'Carry every song to me' },
  { chords: 'G      D       C', lyrics: 'Over stone and water' },
  { chords: 'Em           D', lyrics: 'All the earth is humming low' },
  // The last chord sits past the end of the words; on a phone it must not wrap alone.
  { chords: 'C             G                 D', lyrics: 'Home is where the river goes' },
];

/** A part too long for one column of a tablet at the reader's size. */
const LONG_VERSE = Array.from({ length: 18 }, (_, i) => ({
  chords: 'G        D',
  lyrics: `Long road line ${i + 1} runs on`,
}));

interface Band {
  setlistId: string;
  leader: Person;
  follower: Person;
}

async function band(request: APIRequestContext): Promise<Band> {
  const leader = await createVerifiedPerson(request, 'Miriam');
  const follower = await createVerifiedPerson(request, 'Asaph');
  const teamId = await createTeamWith(request, leader, 'Pocket Band', [follower]);
  const headers = await apiSession(request, leader, teamId);
  const song = async (title: string, parts: { label: string; lines: object[] }[]) =>
    createdId(
      await request.post('/api/songs', { headers, data: { title, artist: 'Pocket Band', parts } }),
    );
  const first = await song('River Song', [
    { label: 'Verse', lines: VERSE },
    { label: 'Chorus', lines: [{ chords: 'C     G', lyrics: 'River Song Chorus words' }] },
  ]);
  const second = await song('Road Song', [
    { label: 'Intro', lines: [{ chords: 'G   D', lyrics: 'Road Song Intro words' }] },
    { label: 'Long Verse', lines: LONG_VERSE },
  ]);
  const res = await request.post('/api/setlist', {
    headers,
    data: {
      name: 'Pocket Set',
      date: new Date().toISOString().slice(0, 10),
      songs: [
        { song: first, leader: null },
        { song: second, leader: null },
      ],
      positions: [],
    },
  });
  return { setlistId: await createdId(res), leader, follower };
}

/** A device at the reader's text size of 125%, with the screen wake lock answered. */
const seat = seatsWith(() => {
  localStorage.setItem('segue.live.textSize', '1.25');
  Object.defineProperty(navigator, 'wakeLock', {
    value: { request: () => new Promise(() => {}) },
    configurable: true,
  });
});

const activePart = (page: Page) => page.locator('section[aria-current="step"] h2');
const songHeading = (page: Page, title: string) =>
  expect(page.getByRole('heading', { level: 1, name: title })).toBeAttached();

/**
 * The active part's lines whose boxes are wholly on screen: below the top, above the part
 * controls at the bottom (which cover what is under them), and inside the width.
 */
function linesOnScreen(page: Page) {
  return page.evaluate(() => {
    const bar = document.querySelector('nav[aria-label="Part controls"]')?.getBoundingClientRect();
    const bottom = Math.min(window.innerHeight, bar?.top ?? window.innerHeight);
    return Array.from(document.querySelectorAll('section[aria-current="step"] [data-line]')).filter(
      (line) => {
        const box = line.getBoundingClientRect();
        return (
          box.height > 0 && box.top >= 0 && box.bottom <= bottom + 0.5 && box.right <= innerWidth
        );
      },
    ).length;
  });
}

/** The font size (CSS px) the active part's lyrics are drawn at. */
const lyricSize = (page: Page) =>
  page
    .locator('section[aria-current="step"] [data-line]')
    .first()
    .evaluate((line) => parseFloat(getComputedStyle(line).fontSize));

test('a follower reads a verse on a phone either way up, and a tablet fits it to the screen', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(120_000);
  const { setlistId, follower } = await band(request);

  // Upright: compact by itself, the lyrics at the top, eight lines or more at 125%.
  const upright = await seat(browser, baseURL, follower, '203.0.131.1', {
    width: 390,
    height: 844,
  });
  await upright.page.goto(`/setlists/live/${setlistId}`);
  await songHeading(upright.page, 'River Song');
  await expect(upright.page.getByText('Morning breaks across the hill')).toBeVisible();
  await expect(upright.page.getByRole('banner')).toHaveCount(0);
  await expect(upright.page.getByRole('navigation', { name: 'Part controls' })).toBeVisible();
  expect(await lyricSize(upright.page)).toBe(20);
  const firstLineTop = await upright.page
    .locator('section[aria-current="step"] [data-line]')
    .first()
    .evaluate((line) => line.getBoundingClientRect().top);
  expect(firstLineTop).toBeLessThan(80);
  expect(await linesOnScreen(upright.page)).toBeGreaterThanOrEqual(8);
  expect(
    await upright.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
  ).toBe(true);

  // The last line wraps on this phone; its trailing chord stays on the row of the last word.
  const lastLine = upright.page.locator('section[aria-current="step"] [data-line]').last();
  const rows = await lastLine.evaluate((line) => {
    const chords = Array.from(line.querySelectorAll('[data-chord]'));
    const trailing = chords.at(-1)!.closest('[data-segment]')!.getBoundingClientRect();
    const lyrics = Array.from(line.querySelectorAll('[data-lyric]'));
    const lastLyric = lyrics.at(-1)!.getBoundingClientRect();
    const firstLyric = lyrics[0]!.getBoundingClientRect();
    return {
      trailingChord: chords.at(-1)!.textContent,
      trailingBottom: trailing.bottom,
      lastLyricBottom: lastLyric.bottom,
      wrapped: lastLyric.bottom > firstLyric.bottom + 1,
    };
  });
  expect(rows.trailingChord).toBe('D');
  expect(rows.wrapped).toBe(true);
  expect(Math.abs(rows.trailingBottom - rows.lastLyricBottom)).toBeLessThanOrEqual(1);

  // The choice stays with the device: turned off, the phone opens the full view.
  await upright.page.getByRole('button', { name: 'Stage mode' }).click();
  await expect(upright.page.getByRole('banner')).toBeVisible();
  await upright.page.reload();
  await songHeading(upright.page, 'River Song');
  await expect(upright.page.getByRole('banner')).toBeVisible();
  await expect(upright.page.getByRole('button', { name: 'Next Song' })).toBeVisible();
  await upright.context.close();

  // Sideways: compact too, five lines or more at 125%.
  const sideways = await seat(browser, baseURL, follower, '203.0.131.2', {
    width: 844,
    height: 390,
  });
  await sideways.page.goto(`/setlists/live/${setlistId}`);
  await expect(sideways.page.getByText('Morning breaks across the hill')).toBeVisible();
  await expect(sideways.page.getByRole('banner')).toHaveCount(0);
  expect(await lyricSize(sideways.page)).toBe(20);
  expect(await linesOnScreen(sideways.page)).toBeGreaterThanOrEqual(5);
  await sideways.context.close();

  // A tablet upright: the whole verse on screen, larger than the reader's 125%.
  const tablet = await seat(browser, baseURL, follower, '203.0.131.3', {
    width: 820,
    height: 1180,
  });
  const { page } = tablet;
  await page.goto(`/setlists/live/${setlistId}`);
  await expect(page.getByText('Morning breaks across the hill')).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();
  await expect.poll(() => linesOnScreen(page)).toBe(VERSE.length);
  expect(await lyricSize(page)).toBeGreaterThan(20);
  // Each line on one row: fitted to the width, not wrapped by it.
  const wrappedLines = await page.evaluate(
    () =>
      Array.from(document.querySelectorAll('section[aria-current="step"] [data-line]')).filter(
        (line) => {
          const lyrics = Array.from(line.querySelectorAll('[data-lyric]'));
          if (lyrics.length === 0) return false;
          return (
            lyrics.at(-1)!.getBoundingClientRect().bottom >
            lyrics[0]!.getBoundingClientRect().bottom + 1
          );
        },
      ).length,
  );
  expect(wrappedLines).toBe(0);

  // A part longer than the screen: two columns, every line on screen, none scrolled to.
  await page.getByRole('button', { name: 'Next Song' }).click();
  await songHeading(page, 'Road Song');
  await page.getByRole('button', { name: 'Long Verse', exact: true }).click();
  await expect(activePart(page)).toHaveText('Long Verse');
  await expect.poll(() => linesOnScreen(page)).toBe(LONG_VERSE.length);
  const columns = await page.evaluate(
    () =>
      new Set(
        Array.from(document.querySelectorAll('section[aria-current="step"] [data-line]')).map(
          (line) => Math.round(line.getBoundingClientRect().left),
        ),
      ).size,
  );
  expect(columns).toBe(2);
  expect(await lyricSize(page)).toBeGreaterThanOrEqual(20);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);
  await tablet.context.close();
});

test('page-turn keys step the set for a driver, and browse alone for a follower', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(120_000);
  const { setlistId, leader, follower } = await band(request);
  const driver = await seat(browser, baseURL, leader, '203.0.131.4', { width: 390, height: 844 });
  const phone = await seat(browser, baseURL, follower, '203.0.131.5', { width: 390, height: 844 });
  for (const s of [driver, phone]) {
    await s.page.goto(`/setlists/live/${setlistId}`);
    await songHeading(s.page, 'River Song');
    await expect(activePart(s.page)).toHaveText('Verse');
  }

  // The driver's phone keeps its controls: Previous and Next within one tap, unscrolled.
  await expect(driver.page.getByRole('banner')).toBeVisible();
  await expect(driver.page.getByRole('button', { name: 'Next Song' })).toBeVisible();
  for (const name of ['Previous Part', 'Next Part']) {
    await expect(driver.page.getByRole('button', { name })).toBeInViewport({ ratio: 1 });
  }
  expect(await driver.page.evaluate(() => window.scrollY)).toBe(0);

  // PageDown, Space and ArrowRight, what pedals send: a step for everyone, across songs.
  await driver.page.keyboard.press('PageDown');
  for (const s of [driver, phone]) await expect(activePart(s.page)).toHaveText('Chorus');
  await driver.page.keyboard.press('Space');
  for (const s of [driver, phone]) {
    await songHeading(s.page, 'Road Song');
    await expect(activePart(s.page)).toHaveText('Intro');
  }
  await driver.page.keyboard.press('ArrowRight');
  for (const s of [driver, phone]) await expect(activePart(s.page)).toHaveText('Long Verse');
  await driver.page.keyboard.press('PageUp');
  for (const s of [driver, phone]) await expect(activePart(s.page)).toHaveText('Intro');
  await driver.page.keyboard.press('ArrowLeft');
  for (const s of [driver, phone]) {
    await songHeading(s.page, 'River Song');
    await expect(activePart(s.page)).toHaveText('Chorus');
  }

  // Space on a focused button presses the button, and steps nothing.
  const myView = driver.page.getByRole('button', { name: 'My view' });
  await myView.focus();
  await driver.page.keyboard.press('Space');
  await expect(driver.page.getByRole('group', { name: 'My view' })).toBeVisible();
  await driver.page.waitForTimeout(500);
  for (const s of [driver, phone]) await expect(activePart(s.page)).toHaveText('Chorus');
  // Nor do keys typed into a text field.
  await phone.page.getByRole('button', { name: 'Message the band' }).click();
  await phone.page.getByLabel('Announce Message').fill('Capo');
  await phone.page.getByLabel('Announce Message').press('Space');
  await phone.page.getByLabel('Announce Message').press('ArrowLeft');
  await expect(phone.page.getByLabel('Announce Message')).toHaveValue('Capo ');
  await expect(activePart(phone.page)).toHaveText('Chorus');
  await phone.page.getByLabel('Announce Message').blur();

  // The follower's keys move that phone alone, which says where live is.
  await phone.page.keyboard.press('PageDown');
  await songHeading(phone.page, 'Road Song');
  await expect(activePart(phone.page)).toHaveText('Intro');
  await expect(phone.page.getByRole('status').filter({ hasText: 'Live is at:' })).toHaveText(
    'Live is at: River Song · Chorus',
  );
  await phone.page.keyboard.press('Space');
  await expect(activePart(phone.page)).toHaveText('Long Verse');
  await driver.page.waitForTimeout(1000);
  await songHeading(driver.page, 'River Song');
  await expect(activePart(driver.page)).toHaveText('Chorus');
  await phone.page.getByRole('button', { name: 'Back to live' }).click();
  await songHeading(phone.page, 'River Song');
  await expect(activePart(phone.page)).toHaveText('Chorus');
  await expect(phone.page.getByText('Live is at:')).toHaveCount(0);

  // In the full view too: the line beside Back to live.
  await phone.page.getByRole('button', { name: 'Stage mode' }).click();
  await expect(phone.page.getByRole('banner')).toBeVisible();
  await phone.page.keyboard.press('ArrowLeft');
  await expect(activePart(phone.page)).toHaveText('Verse');
  await expect(phone.page.getByText('Live is at: River Song · Chorus')).toBeVisible();
  await phone.page.getByRole('button', { name: 'Back to live' }).click();
  await expect(activePart(phone.page)).toHaveText('Chorus');

  for (const s of [driver, phone]) await s.context.close();
});

/** What axe's `target-size` rule (WCAG 2.2, 24 by 24 CSS px) finds, whatever its impact. */
async function smallTargets(page: Page): Promise<string[]> {
  // Measured once the part's slide has ended.
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running'),
  );
  const results = await new AxeBuilder({ page }).withRules(['target-size']).analyze();
  return results.violations.flatMap((v) => v.nodes.map((n) => n.target.join(' ')));
}

test("axe finds no target too small, nor anything serious, in a driver's live view", async ({
  browser,
  baseURL,
  request,
}) => {
  const { setlistId, leader } = await band(request);
  for (const [viewport, address] of [
    [{ width: 390, height: 844 }, '203.0.131.6'],
    [{ width: 1280, height: 800 }, '203.0.131.7'],
  ] as const) {
    const { context, page } = await seat(browser, baseURL, leader, address, viewport);
    const where = `${viewport.width}×${viewport.height}`;
    await page.goto(`/setlists/live/${setlistId}`);
    await songHeading(page, 'River Song');
    await expect(page.getByText('Morning breaks across the hill')).toBeVisible();
    expect(await smallTargets(page), where).toEqual([]);
    expect(await seriousViolations(page), where).toEqual([]);
    // The whole song, its active part highlighted: the page does not slide controls under the
    // app bar to show a part already on screen.
    await page.getByRole('button', { name: 'Full Song' }).click();
    await expect(page.getByRole('button', { name: 'Split View' })).toBeVisible();
    expect(await smallTargets(page), `${where}, Full Song`).toEqual([]);
    await page.getByRole('button', { name: 'Single Part' }).click();
    // Compact too.
    await page.getByRole('button', { name: 'Stage mode' }).click();
    await expect(page.getByRole('banner')).toHaveCount(0);
    expect(await smallTargets(page), `${where}, stage mode`).toEqual([]);
    await context.close();
  }
});
