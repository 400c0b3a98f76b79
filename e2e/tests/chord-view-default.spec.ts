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

/** The chords of the song on screen in the live view. */
const chords = (page: Page) =>
  page.locator('section[aria-current="step"] [data-chord]').allTextContents();

/** A fresh browser (another device) of `person`, logged in and on the live view. */
async function deviceOnLiveView(browser: Browser, baseURL: string, person: Person, url: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signIn(page, person);
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1, name: 'Four Chords' })).toBeVisible();
  return { page, close: () => context.close() };
}

/** Issue 15: "My view" kept per device, with an account-wide default in Account Settings. */
test('a device without a view of its own starts from the account default; its own change wins there only', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  const owner = await createVerifiedPerson(request, 'Asaph');
  const teamId = await createTeamWith(request, owner, 'Default Band');
  const headers = await apiSession(request, owner, teamId);
  const songId = await createdId(
    await request.post('/api/songs', {
      headers,
      data: {
        title: 'Four Chords',
        key: 'C',
        parts: [
          { label: 'Verse', lines: [{ chords: 'C    G    Am   F', lyrics: 'one two three four' }] },
        ],
      },
    }),
  );
  const setlistId = await createdId(
    await request.post('/api/setlist', {
      headers,
      data: { name: 'Sunday', date: '2030-01-01', songs: [{ song: songId, leader: null }] },
    }),
  );
  const live = `/setlists/live/${setlistId}`;

  // Account Settings: Nashville numbers for every device that has no view of its own.
  await signIn(page, owner);
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Chord view' });
  await expect(
    section.getByText('The view each of your devices starts with. A device keeps its own changes.'),
  ).toBeVisible();
  const notation = section.getByRole('combobox', { name: 'Notation' });
  await expect(notation).toHaveValue('letters');
  expect(await seriousViolations(page)).toEqual([]);
  await notation.selectOption('nashville');
  await section.getByRole('button', { name: 'Save Chord View' }).click();
  await expect(page.getByText('Chord view saved')).toBeVisible();
  await page.reload();
  await expect(notation).toHaveValue('nashville');

  // A fresh device shows the account default.
  const phone = await deviceOnLiveView(browser, baseURL!, owner, live);
  await expect.poll(() => chords(phone.page)).toEqual(['1', '5', '6m', '4']);

  // Its own change is kept there, across a reload.
  await phone.page.getByRole('button', { name: 'My view' }).click();
  const myView = phone.page.getByRole('group', { name: 'My view' });
  await expect(myView.getByLabel('Notation')).toHaveValue('nashville');
  await myView.getByLabel('Notation').selectOption('letters');
  await expect.poll(() => chords(phone.page)).toEqual(['C', 'G', 'Am', 'F']);
  await phone.page.reload();
  await expect.poll(() => chords(phone.page)).toEqual(['C', 'G', 'Am', 'F']);

  // The account default stays Nashville: another fresh device still shows numbers.
  await page.reload();
  await expect(notation).toHaveValue('nashville');
  const tablet = await deviceOnLiveView(browser, baseURL!, owner, live);
  await expect.poll(() => chords(tablet.page)).toEqual(['1', '5', '6m', '4']);

  // A device that only looked stored nothing: it follows the next default; the phone keeps its own.
  await notation.selectOption('roman');
  await section.getByRole('button', { name: 'Save Chord View' }).click();
  await expect(page.getByText('Chord view saved')).toBeVisible();
  await tablet.page.reload();
  await expect.poll(() => chords(tablet.page)).toEqual(['I', 'V', 'vi', 'IV']);
  await phone.page.reload();
  await expect.poll(() => chords(phone.page)).toEqual(['C', 'G', 'Am', 'F']);
  await tablet.close();
  await phone.close();
});
