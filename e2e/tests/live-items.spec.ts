import type { APIRequestContext, Page } from '@playwright/test';
import {
  apiSession,
  createTeamWith,
  createVerifiedPerson,
  expect,
  test,
  createdId,
  type Person,
} from '../support/fixtures.ts';
import { seriousViolations } from '../support/axe.ts';
import { seatsWith } from '../support/seats.ts';

/**
 * Issue 18, "A real order of service": the live view steps over items (a welcome, a sermon) as
 * entries of their own, showing their title and notes; the projector stays blank on them; the
 * stage display shows them; followers browse over them and come back to them.
 */

interface Service {
  setlistId: string;
  leader: Person;
  follower: Person;
}

/** Welcome, Song A (Verse, Chorus), Sermon (with notes), Song B (Intro, Bridge). */
async function service(request: APIRequestContext): Promise<Service> {
  const leader = await createVerifiedPerson(request, 'Hannah');
  const follower = await createVerifiedPerson(request, 'Eli');
  const teamId = await createTeamWith(request, leader, 'Order Band', [follower]);
  const headers = await apiSession(request, leader, teamId);
  const song = async (title: string, labels: string[]) =>
    createdId(
      await request.post('/api/songs', {
        headers,
        data: {
          title,
          artist: 'Order Band',
          parts: labels.map((label) => ({
            label,
            lines: [{ chords: 'G       D', lyrics: `${title} ${label} line 1` }],
          })),
        },
      }),
    );
  const songA = await song('Song A', ['Verse', 'Chorus']);
  const songB = await song('Song B', ['Intro', 'Bridge']);
  const res = await request.post('/api/setlist', {
    headers,
    data: {
      name: 'Order of Service',
      date: new Date().toISOString().slice(0, 10),
      songs: [
        { song: songA, leader: null },
        { song: songB, leader: null },
      ],
      items: [
        { title: 'Welcome', notes: '', duration: 120, at: 0 },
        { title: 'Sermon', notes: 'Romans 8:28\nPastor Ann preaches', duration: 1800, at: 1 },
      ],
      positions: [],
    },
  });
  return { setlistId: await createdId(res), leader, follower };
}

const seat = seatsWith();

const heading = (page: Page, title: string) =>
  expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
const activePart = (page: Page, label: string) =>
  expect(page.getByRole('button', { name: label, exact: true, pressed: true })).toBeVisible();
const upNext = (page: Page) => page.getByRole('note', { name: 'Up next' });

/**
 * The words a person in the room can see on a screen. Text only a screen reader reads (the
 * projector's visually hidden heading, 1 px square) is left out.
 */
const shownText = (page: Page) =>
  page.evaluate(() => {
    const words: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      const element = node.parentElement;
      if (!text || !element || !element.checkVisibility()) continue;
      const box = element.getBoundingClientRect();
      if (box.width > 1 && box.height > 1) words.push(text);
    }
    return words.join(' ');
  });

/** The item's page: its title as the heading, its notes, what comes next, and no parts. */
async function onSermon(page: Page) {
  await heading(page, 'Sermon');
  await expect(page.getByText('Romans 8:28')).toBeVisible();
  await expect(page.getByText('Pastor Ann preaches')).toBeVisible();
  await expect(upNext(page)).toContainText('Next song: Song B');
  await expect(page.getByRole('group', { name: 'Parts' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Full Song' })).toHaveCount(0);
  await expect(page.getByText('Song A Chorus line 1')).toHaveCount(0);
}

test('the leader steps into an item: phones show its notes, the projector goes blank, then all move on', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(180_000);
  const { setlistId, leader, follower } = await service(request);
  const lead = await seat(browser, baseURL, leader, '203.0.128.1');
  const phone = await seat(browser, baseURL, follower, '203.0.128.2', {
    width: 390,
    height: 844,
  });
  const projector = await seat(browser, baseURL, leader, '203.0.128.3');
  const stage = await seat(browser, baseURL, leader, '203.0.128.4');

  for (const s of [lead, phone]) {
    await s.page.goto(`/setlists/live/${setlistId}`);
    await heading(s.page, 'Song A');
  }
  await projector.page.goto(`/setlists/presenter/${setlistId}`);
  await expect(projector.page.getByText('Waiting for active part...')).toBeVisible();
  await stage.page.goto(`/setlists/stage/${setlistId}`);
  await heading(stage.page, 'Song A');

  // The leader steps with Next Part through Song A; the preview names the item that follows.
  await lead.page.getByRole('button', { name: 'Verse', exact: true }).click();
  await expect(projector.page.getByText('Song A Verse line 1')).toBeVisible();
  await lead.page.getByRole('button', { name: 'Next Part' }).click();
  await activePart(phone.page, 'Chorus');
  await expect(projector.page.getByText('Song A Chorus line 1')).toBeVisible();
  await expect(upNext(phone.page)).toContainText('Next: Sermon');
  await expect(upNext(stage.page)).toContainText('Next: Sermon');

  // Next Part from the song's last part: the Sermon, for everyone.
  await lead.page.getByRole('button', { name: 'Next Part' }).click();
  for (const s of [lead, phone]) await onSermon(s.page);
  await expect(phone.page.getByText('Moved by Hannah Tester')).toBeVisible();
  expect(await seriousViolations(phone.page), 'an item on a phone').toEqual([]);
  // The projector shows nothing at all: no lyrics, no waiting message.
  await expect(projector.page.getByText('Song A Chorus line 1')).toHaveCount(0);
  await expect(projector.page.getByText('Waiting for active part...')).toHaveCount(0);
  await expect.poll(() => shownText(projector.page)).toBe('');
  // The stage display shows the item and what comes after it.
  await heading(stage.page, 'Sermon');
  await expect(stage.page.getByText('Pastor Ann preaches')).toBeVisible();
  await expect(upNext(stage.page)).toContainText('Next song: Song B');

  // A phone that joins late lands on the item.
  const late = await seat(browser, baseURL, follower, '203.0.128.5');
  await late.page.goto(`/setlists/live/${setlistId}`);
  await onSermon(late.page);
  await late.context.close();

  // A follower who looks ahead comes back to the leader's item.
  await phone.page.getByRole('button', { name: 'Next Part' }).click();
  await heading(phone.page, 'Song B');
  await activePart(phone.page, 'Intro');
  await phone.page.getByRole('button', { name: 'Back to live' }).click();
  await onSermon(phone.page);
  await expect(phone.page.getByRole('button', { name: 'Back to live' })).toHaveCount(0);
  await expect.poll(() => shownText(projector.page)).toBe('');

  // The leader steps on: Song B's first part everywhere.
  await lead.page.getByRole('button', { name: 'Next Part' }).click();
  for (const s of [lead, phone, stage]) await heading(s.page, 'Song B');
  await activePart(phone.page, 'Intro');
  await expect(projector.page.getByText('Song B Intro line 1')).toBeVisible();

  // A follower browses back onto the item alone; Back to live returns to the leader's part.
  await phone.page.getByRole('button', { name: 'Previous Part' }).click();
  await onSermon(phone.page);
  await expect(phone.page.getByRole('button', { name: 'Back to live' })).toBeVisible();
  await lead.page.waitForTimeout(1000);
  await heading(lead.page, 'Song B');
  await expect(projector.page.getByText('Song B Intro line 1')).toBeVisible();
  await phone.page.getByRole('button', { name: 'Back to live' }).click();
  await heading(phone.page, 'Song B');
  await activePart(phone.page, 'Intro');

  // Previous Song steps entry by entry for the leader too: the Sermon, then Song A, then the
  // Welcome before it.
  await lead.page.keyboard.press('ArrowUp');
  await onSermon(phone.page);
  await expect.poll(() => shownText(projector.page)).toBe('');
  await lead.page.keyboard.press('ArrowUp');
  await heading(phone.page, 'Song A');
  await activePart(phone.page, 'Verse');
  await lead.page.keyboard.press('ArrowUp');
  await heading(phone.page, 'Welcome');
  await expect(upNext(phone.page)).toContainText('Next song: Song A');
  await expect(lead.page.getByRole('button', { name: 'Previous Song' })).toBeDisabled();
  await expect(lead.page.getByRole('button', { name: 'Previous Part' })).toBeDisabled();

  // Without a signal the leader steps over the items on their own screen only (issue 17), and
  // lands on the band's entry again when the signal returns.
  await lead.context.setOffline(true);
  for (let step = 0; step < 3; step += 1) {
    await lead.page.getByRole('button', { name: 'Next Part' }).click();
  }
  await onSermon(lead.page);
  await phone.page.waitForTimeout(1000);
  await heading(phone.page, 'Welcome');
  await lead.context.setOffline(false);
  await expect(lead.page.getByRole('heading', { level: 1, name: 'Welcome' })).toBeVisible({
    timeout: 20_000,
  });
  await heading(phone.page, 'Welcome');

  for (const s of [lead, phone, projector, stage]) await s.context.close();
});
