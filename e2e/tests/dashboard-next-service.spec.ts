import type { Browser, Page } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import {
  apiSession,
  createdId,
  createTeamWith,
  createVerifiedPerson,
  expect,
  signIn,
  test,
  type Person,
} from '../support/fixtures.ts';

// A phone: the field test's screen, where "Live View" used to sit below the fold.
const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });

/** A day `days` from now, as YYYY-MM-DD. */
const dayFromToday = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A phone of its own for another person, from another address, signed in, on the dashboard. */
async function phoneOf(browser: Browser, baseURL: string | undefined, person: Person, ip: string) {
  const context = await browser.newContext({
    baseURL,
    viewport: PHONE,
    extraHTTPHeaders: { 'x-forwarded-for': ip },
  });
  const page = await context.newPage();
  await signIn(page, person);
  await page.goto('/dashboard');
  return page;
}

/** The day as the dashboard writes it in the browser's language. */
const fullDate = (page: Page, day: string) =>
  page.evaluate(
    (d) =>
      new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeZone: 'UTC' }).format(
        Date.parse(`${d}T00:00:00Z`),
      ),
    day,
  );

test('the dashboard puts the next service first: the day, positions, keys, answers and Open live', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const leader = await createVerifiedPerson(request, 'Ruth');
  const bassist = await createVerifiedPerson(request, 'Boaz');
  const singer = await createVerifiedPerson(request, 'Orpah');
  const teamName = `Bethlehem Band ${Date.now().toString(36)}`;
  const teamId = await createTeamWith(request, leader, teamName, [bassist, singer]);
  const headers = await apiSession(request, leader, teamId);
  const idOf = async (person: Person) => {
    const res = await request.get('/api/account', { headers: await apiSession(request, person) });
    return ((await res.json()) as { $id: string }).$id;
  };
  const [leaderId, bassistId, singerId] = await Promise.all([leader, bassist, singer].map(idOf));

  const song = async (title: string, key: string) =>
    createdId(
      await request.post('/api/songs', {
        headers,
        data: { title, key, parts: [{ label: 'Verse 1', lines: [{ lyrics: `${title} words` }] }] },
      }),
    );
  const wayMaker = await song('Way Maker', 'E');
  const goodness = await song('Goodness of God', 'Ab');
  const day = dayFromToday(3);
  const setlistId = await createdId(
    await request.post('/api/setlist', {
      headers,
      data: {
        name: 'Sunday Gathering',
        date: day,
        startTime: '10:30',
        notes: '',
        teamId,
        songs: [
          { song: wayMaker, leader: leaderId },
          // Played a step up from the song's key.
          { song: goodness, leader: null, key: 'A' },
        ],
        // The leader's own assignment counts as accepted; the others are asked.
        positions: [
          { name: 'Leader', assignedTo: leaderId },
          { name: 'Bass', assignedTo: bassistId },
          { name: 'Vocal', assignedTo: singerId },
        ],
      },
    }),
  );
  // The singer declines from their phone (through the API: the dashboard's answer is tested
  // below with the bassist).
  const declined = await request.post(`/api/setlist/${setlistId}/positions/2/response`, {
    headers: await apiSession(request, singer),
    data: { response: 'declined', name: 'Vocal' },
  });
  expect(declined.status()).toBe(200);

  // The bassist's phone: the service first, with its day and time, their position and the keys.
  await signIn(page, bassist);
  await page.goto('/dashboard');
  const next = page.getByRole('region', { name: 'Your next service' });
  await expect(next).toContainText('Sunday Gathering');
  await expect(next).toContainText(`${await fullDate(page, day)} · 10:30`);
  await expect(next).toContainText(teamName);
  const positions = next.getByRole('list', { name: 'Your positions' });
  const bass = positions.getByRole('listitem');
  await expect(bass).toHaveCount(1);
  await expect(bass).toContainText('Bass');
  await expect(bass).toContainText('Pending');
  await expect(next.getByRole('list', { name: 'Songs' }).getByRole('listitem')).toHaveText([
    'Way Maker · Key E',
    'Goodness of God · Key A',
  ]);
  // A member is not shown how ready the band is.
  await expect(next).not.toContainText('confirmed');

  // "Open live" is within the phone's first screen, before any scrolling.
  const openLive = next.getByRole('link', { name: 'Open live' });
  await expect(openLive).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  const liveBox = (await openLive.boundingBox())!;
  expect(liveBox.y + liveBox.height).toBeLessThan(PHONE.height);

  // Find a Team and Create a Team come after the service and the team.
  const serviceBox = (await next.boundingBox())!;
  const teamBox = (await page.getByRole('heading', { name: teamName }).boundingBox())!;
  for (const name of ['Find a Team', 'Create a Team']) {
    const link = page.getByRole('link', { name, exact: true });
    await expect(link).toBeVisible();
    const box = (await link.boundingBox())!;
    expect(box.y, name).toBeGreaterThan(serviceBox.y + serviceBox.height);
    expect(box.y, name).toBeGreaterThan(teamBox.y + teamBox.height);
  }
  expect(await seriousViolations(page)).toEqual([]);

  // Accepting from the top of the dashboard.
  await next.getByRole('button', { name: 'Accept Bass at Sunday Gathering' }).click();
  await expect(page.getByText('Assignment accepted')).toBeVisible();
  await expect(bass).toContainText('Accepted');
  await expect(bass.getByRole('button')).toHaveCount(0);
  await expect(
    page
      .getByRole('region', { name: 'Your assignments' })
      .getByRole('listitem', { name: 'Bass at Sunday Gathering' }),
  ).toContainText('Accepted');

  // The leader (the team's owner) sees how ready the band is, the declined position named.
  const leaderPage = await phoneOf(browser, baseURL, leader, '203.0.124.31');
  const leaderNext = leaderPage.getByRole('region', { name: 'Your next service' });
  await expect(leaderNext).toContainText('2 of 3 confirmed · Vocal declined');
  await expect(leaderNext.getByRole('list', { name: 'Songs' }).getByRole('listitem')).toHaveText([
    'Way Maker · Key E · You lead',
    'Goodness of God · Key A',
  ]);
  expect(await seriousViolations(leaderPage)).toEqual([]);

  // The singer, who declined their only position, is in no coming service, and is told so;
  // the rest of the dashboard is as before.
  const singerPage = await phoneOf(browser, baseURL, singer, '203.0.124.32');
  const none = singerPage.getByRole('region', { name: 'Your next service' });
  await expect(none).toContainText('You have no upcoming services.');
  await expect(none.getByRole('link', { name: 'Open live' })).toHaveCount(0);
  await expect(singerPage.getByRole('heading', { name: teamName })).toBeVisible();
  await leaderPage.context().close();
  await singerPage.context().close();

  // Open live opens the service's live view.
  await openLive.click();
  await expect(page).toHaveURL(new RegExp(`/setlists/live/${setlistId}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Way Maker' })).toBeVisible();
});

test('Open live switches to the service’s team when another team is the current one', async ({
  page,
  request,
}) => {
  const person = await createVerifiedPerson(request, 'Naomi');
  const homeTeam = `A Home Team ${Date.now().toString(36)}`;
  const homeId = await createTeamWith(request, person, homeTeam);
  const leader = await createVerifiedPerson(request, 'Elimelech');
  const otherTeam = `Moab Singers ${Date.now().toString(36)}`;
  const otherId = await createTeamWith(request, leader, otherTeam, [person]);
  const headers = await apiSession(request, leader, otherId);
  const { $id: personId } = (await (
    await request.get('/api/account', { headers: await apiSession(request, person) })
  ).json()) as { $id: string };
  const songId = await createdId(
    await request.post('/api/songs', {
      headers,
      data: {
        title: 'Song of Ruth',
        parts: [{ label: 'Verse 1', lines: [{ lyrics: 'Whither' }] }],
      },
    }),
  );
  const setlistId = await createdId(
    await request.post('/api/setlist', {
      headers,
      data: {
        name: 'Harvest Evening',
        date: dayFromToday(0),
        notes: '',
        teamId: otherId,
        songs: [{ song: songId, leader: personId }],
        positions: [],
      },
    }),
  );

  await signIn(page, person);
  await page.goto('/dashboard');
  await page.evaluate((id) => localStorage.setItem('selectedTeamId', id), homeId);
  await page.reload();
  await expect(page.getByRole('heading', { name: homeTeam })).toBeVisible();
  // Leading a song is being in the service, without a position.
  const next = page.getByRole('region', { name: 'Your next service' });
  await expect(next).toContainText('Harvest Evening');
  await expect(next).toContainText(otherTeam);
  await expect(next).toContainText('You lead a song in this service.');

  await next.getByRole('link', { name: 'Open live' }).click();
  await expect(page).toHaveURL(new RegExp(`/setlists/live/${setlistId}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Song of Ruth' })).toBeVisible();
  // Back on the dashboard, the service's team is the current one.
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: otherTeam })).toBeVisible();
  await expect(page.getByRole('heading', { name: homeTeam })).toHaveCount(0);
});
