import type { APIRequestContext } from '@playwright/test';
import {
  apiSession,
  createTeamWith,
  createVerifiedPerson,
  expect,
  signIn,
  test,
} from '../support/fixtures.ts';
import { expectNoSidewaysScroll } from '../support/layout.ts';
import { moveUpWithKeyboard, songOrder } from '../support/setlist-form.ts';

/** Each entry's song title and key as the server stores the setlist. */
async function storedEntries(
  request: APIRequestContext,
  headers: Record<string, string>,
  setlistId: string,
) {
  const res = await request.get(`/api/setlist/${setlistId}`, { headers });
  expect(res.status()).toBe(200);
  const { songs } = (await res.json()) as {
    songs: { song: { title: string }; key: string | null }[];
  };
  return songs.map((entry) => ({ title: entry.song.title, key: entry.key }));
}

const nextWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);

test('a setlist entry is played in its own key, kept through save, reorder and clone', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const leader = await createVerifiedPerson(request, 'Jubal');
  const teamId = await createTeamWith(request, leader, 'Key Team');
  const headers = await apiSession(request, leader, teamId);
  for (const [title, key] of [
    ['Cornerstone', 'G'],
    ['Goodness of God', 'D'],
  ] as const) {
    const res = await request.post('/api/songs', {
      headers,
      data: {
        title,
        artist: 'Someone',
        key,
        parts: [{ label: 'Verse 1', lines: [{ chords: key, lyrics: `${title} verse` }] }],
      },
    });
    expect(res.status()).toBe(201);
  }

  await signIn(page, leader);
  await page.goto('/setlists/new');
  await expect(page.getByRole('heading', { name: 'New Setlist' })).toBeVisible();
  await page.getByLabel('Setlist Name').fill('Pentecost');
  await page.getByLabel('Date').fill(nextWeek());
  const picker = page.getByRole('combobox', { name: 'Songs' });
  for (const title of ['Cornerstone', 'Goodness of God']) {
    await picker.click();
    await picker.fill(title.slice(0, 5));
    await page.getByRole('option', { name: new RegExp(title) }).click();
  }
  await page.keyboard.press('Escape');
  expect(await songOrder(page)).toEqual(['Cornerstone', 'Goodness of God']);

  // Each entry starts on its song's own key, named in the first option.
  const cornerstoneKey = page.getByRole('combobox', { name: 'Key for Cornerstone' });
  const goodnessKey = page.getByRole('combobox', { name: 'Key for Goodness of God' });
  await expect(cornerstoneKey).toHaveValue('');
  await expect(cornerstoneKey.locator('option:checked')).toHaveText("Song's key (G)");
  await expect(goodnessKey.locator('option:checked')).toHaveText("Song's key (D)");
  await expect(cornerstoneKey.locator('optgroup[label="Minor"] > option')).toContainText([
    'F#m',
    'Am',
  ]);
  await cornerstoneKey.selectOption('A');

  await page.getByRole('button', { name: 'Create Setlist' }).click();
  await expect(page).toHaveURL(/\/setlists\/view\//);
  const setlistId = page.url().split('/').pop()!;
  expect(await storedEntries(request, headers, setlistId)).toEqual([
    { title: 'Cornerstone', key: 'A' },
    { title: 'Goodness of God', key: null },
  ]);

  // The view names the key each song is played in, and the song's own when it differs.
  const articles = page.getByRole('article');
  await expect(articles.filter({ hasText: 'Cornerstone' })).toContainText('Key A (song in G)');
  await expect(articles.filter({ hasText: 'Goodness of God' })).toContainText('Key D');
  await expect(articles.filter({ hasText: 'Goodness of God' })).not.toContainText('song in');

  // The edit form reads the keys back; a reorder carries each key with its song.
  await page.goto(`/setlists/edit/${setlistId}`);
  await expect(page.getByRole('heading', { name: 'Edit Setlist' })).toBeVisible();
  await expect(cornerstoneKey).toHaveValue('A');
  await expect(goodnessKey).toHaveValue('');
  await moveUpWithKeyboard(page, 'Goodness of God', 1);
  await expect.poll(() => songOrder(page)).toEqual(['Goodness of God', 'Cornerstone']);
  const rows = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: /^Reorder / }) });
  await expect(rows.nth(1).getByRole('combobox', { name: /^Key for / })).toHaveValue('A');
  await expect(rows.nth(0).getByRole('combobox', { name: /^Key for / })).toHaveValue('');

  // On a 390 px phone the row's selects stay on screen without sideways scrolling.
  await page.setViewportSize({ width: 390, height: 844 });
  await cornerstoneKey.scrollIntoViewIfNeeded();
  await expect(cornerstoneKey).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole('combobox', { name: 'Leader for Cornerstone' })).toBeInViewport({
    ratio: 1,
  });
  await expectNoSidewaysScroll(page, 'the setlist form');
  await page.setViewportSize({ width: 1280, height: 720 });

  await page.getByRole('button', { name: 'Update Setlist' }).click();
  await expect(page).toHaveURL(/\/setlists\/view\//);
  expect(await storedEntries(request, headers, setlistId)).toEqual([
    { title: 'Goodness of God', key: null },
    { title: 'Cornerstone', key: 'A' },
  ]);

  // A clone plays the same keys; back on the song's key, an entry sends none.
  await page.goto(`/setlists/edit/${setlistId}`);
  await expect(cornerstoneKey).toHaveValue('A');
  await page.getByRole('button', { name: 'Clone' }).click();
  await page
    .getByRole('dialog', { name: 'Clone Setlist' })
    .getByRole('button', { name: 'Clone' })
    .click();
  await expect(page.getByText('Setlist cloned')).toBeVisible();
  await expect(page.getByLabel('Setlist Name')).toHaveValue('Pentecost (Copy)');
  const cloneId = page.url().split('/').pop()!;
  expect(cloneId).not.toBe(setlistId);
  expect(await storedEntries(request, headers, cloneId)).toEqual([
    { title: 'Goodness of God', key: null },
    { title: 'Cornerstone', key: 'A' },
  ]);
  await expect(cornerstoneKey).toHaveValue('A');
  await cornerstoneKey.selectOption({ label: "Song's key (G)" });
  await page.getByRole('button', { name: 'Update Setlist' }).click();
  await expect(page).toHaveURL(/\/setlists\/view\//);
  expect(await storedEntries(request, headers, cloneId)).toEqual([
    { title: 'Goodness of God', key: null },
    { title: 'Cornerstone', key: null },
  ]);
  await expect(page.getByRole('article').filter({ hasText: 'Cornerstone' })).toContainText('Key G');
});
