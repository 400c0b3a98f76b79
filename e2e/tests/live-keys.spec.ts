import {
  apiSession,
  createTeamWith,
  createVerifiedPerson,
  expect,
  signIn,
  test,
  createdId,
} from '../support/fixtures.ts';

/** Issue 15: a song stored in G and played in A at this service shows its chords in A. */
test('the live view and the stage display show each song in its key for the service', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  const owner = await createVerifiedPerson(request, 'Kenan');
  const teamId = await createTeamWith(request, owner, 'Key Band');
  const headers = await apiSession(request, owner, teamId);
  const created = await request.post('/api/songs', {
    headers,
    data: {
      title: 'Stored in G',
      key: 'G',
      parts: [
        { label: 'Verse', lines: [{ chords: 'G    D    Em   C', lyrics: 'one two three four' }] },
      ],
    },
  });
  const songId = await createdId(created);
  const setlist = await request.post('/api/setlist', {
    headers,
    data: {
      name: 'In A',
      date: '2030-01-01',
      songs: [
        { song: songId, leader: null, key: 'A' },
        { song: songId, leader: null },
      ],
    },
  });
  const setlistId = await createdId(setlist);

  await signIn(page, owner);
  const chords = () => page.locator('section[aria-current="step"] [data-chord]').allTextContents();
  await page.goto(`/setlists/live/${setlistId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Stored in G' })).toBeVisible();
  await expect(page.getByText('Key A', { exact: true })).toBeVisible();
  await expect.poll(chords).toEqual(['A', 'E', 'F#m', 'D']);
  // The same song without a key for the service: as stored.
  await page.getByRole('button', { name: 'Next Song' }).click();
  await expect(page.getByText('Key G', { exact: true })).toBeVisible();
  await expect.poll(chords).toEqual(['G', 'D', 'Em', 'C']);
  await page.getByRole('button', { name: 'Previous Song' }).click();
  await expect.poll(chords).toEqual(['A', 'E', 'F#m', 'D']);

  // My view: this phone's capo 2 shows G shapes, then Nashville numbers; remembered here.
  await page.getByRole('button', { name: 'My view' }).click();
  const myView = page.getByRole('group', { name: 'My view' });
  await myView.getByLabel('Capo').selectOption('2');
  await expect.poll(chords).toEqual(['G', 'D', 'Em', 'C']);
  await expect(page.getByText('Key A · Capo 2 · G shapes')).toBeVisible();
  await myView.getByLabel('Notation').selectOption('nashville');
  await expect.poll(chords).toEqual(['1', '5', '6m', '4']);
  await page.reload();
  await expect.poll(chords).toEqual(['1', '5', '6m', '4']);

  // Another device is not touched by this one's view.
  const other = await browser.newContext({ baseURL });
  const otherPage = await other.newPage();
  await signIn(otherPage, owner);
  await otherPage.goto(`/setlists/live/${setlistId}`);
  await expect
    .poll(() => otherPage.locator('section[aria-current="step"] [data-chord]').allTextContents())
    .toEqual(['A', 'E', 'F#m', 'D']);
  await other.close();
  // Back to letters, no capo, for the stage check below.
  await page.getByRole('button', { name: 'My view' }).click();
  await myView.getByLabel('Capo').selectOption('0');
  await myView.getByLabel('Notation').selectOption('letters');
  await expect.poll(chords).toEqual(['A', 'E', 'F#m', 'D']);

  await page.goto(`/setlists/stage/${setlistId}`);
  await expect(page.getByText('Key A', { exact: true })).toBeVisible();
  await expect
    .poll(() => page.locator('[data-chord]').allTextContents())
    .toEqual(['A', 'E', 'F#m', 'D']);
});
