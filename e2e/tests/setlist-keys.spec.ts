import type { APIRequestContext } from '@playwright/test';
import {
  apiSession,
  createdId,
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

/** Each entry's tempo and what the click does between songs, as the server stores the setlist. */
async function storedClick(
  request: APIRequestContext,
  headers: Record<string, string>,
  setlistId: string,
) {
  const res = await request.get(`/api/setlist/${setlistId}`, { headers });
  expect(res.status()).toBe(200);
  const { songs, clickOnStep } = (await res.json()) as {
    songs: { tempo: number | null }[];
    clickOnStep: string;
  };
  return { tempos: songs.map((entry) => entry.tempo), clickOnStep };
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

test("a setlist entry's tempo and the click between songs are kept; an empty tempo is the song's", async ({
  page,
  request,
}) => {
  const leader = await createVerifiedPerson(request, 'Asaph');
  const teamId = await createTeamWith(request, leader, 'Tempo Team');
  const headers = await apiSession(request, leader, teamId);
  const songIds: string[] = [];
  for (const [title, tempo] of [
    ['Cornerstone', 72],
    ['Goodness of God', null],
  ] as const) {
    songIds.push(
      await createdId(
        await request.post('/api/songs', {
          headers,
          data: {
            title,
            artist: 'Someone',
            key: 'G',
            tempo,
            parts: [{ label: 'Verse 1', lines: [{ chords: 'G', lyrics: `${title} verse` }] }],
          },
        }),
      ),
    );
  }
  const setlistId = await createdId(
    await request.post('/api/setlist', {
      headers,
      data: {
        name: 'Harvest',
        date: nextWeek(),
        songs: songIds.map((song) => ({ song, leader: null, key: null })),
      },
    }),
  );
  expect(await storedClick(request, headers, setlistId)).toEqual({
    tempos: [null, null],
    clickOnStep: 'follow',
  });

  await signIn(page, leader);
  await page.goto(`/setlists/edit/${setlistId}`);
  await expect(page.getByRole('heading', { name: 'Edit Setlist' })).toBeVisible();
  // An empty Tempo shows the song's own, where the song has one.
  const cornerstoneTempo = page.getByRole('textbox', { name: 'Tempo for Cornerstone' });
  await expect(cornerstoneTempo).toHaveValue('');
  await expect(cornerstoneTempo).toHaveAttribute('placeholder', 'Song: 72');
  await expect(page.getByRole('textbox', { name: 'Tempo for Goodness of God' })).toHaveAttribute(
    'placeholder',
    '',
  );
  const click = page.getByRole('radiogroup', {
    name: 'When the leader moves to the next song, the click…',
  });
  await expect(click.getByRole('radio', { name: "follows the next song's tempo" })).toBeChecked();

  // On a 390 px phone the row's Tempo stays on screen without sideways scrolling.
  await page.setViewportSize({ width: 390, height: 844 });
  await cornerstoneTempo.scrollIntoViewIfNeeded();
  await expect(cornerstoneTempo).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole('combobox', { name: 'Key for Cornerstone' })).toBeInViewport({
    ratio: 1,
  });
  await expectNoSidewaysScroll(page, 'the setlist form');

  // A tempo out of the song's limits is refused at its field, in the shared words.
  await cornerstoneTempo.fill('401');
  await page.getByRole('button', { name: 'Update Setlist' }).click();
  await expect(cornerstoneTempo).toHaveAccessibleDescription(
    'Tempo must be a whole number of beats per minute from 20 to 400.',
  );
  await expectNoSidewaysScroll(page, 'the setlist form with a tempo refused');
  await page.setViewportSize({ width: 1280, height: 720 });
  await cornerstoneTempo.fill('80');
  await click.getByRole('radio', { name: 'stops' }).check();
  await page.getByRole('button', { name: 'Update Setlist' }).click();
  await expect(page).toHaveURL(/\/setlists\/view\//);
  expect(await storedClick(request, headers, setlistId)).toEqual({
    tempos: [80, null],
    clickOnStep: 'stop',
  });

  // The view says the tempo the entry is played at, over the song's.
  const cornerstone = page.getByRole('article').filter({ hasText: 'Cornerstone' });
  await expect(cornerstone.locator('[data-chart-facts]')).toHaveText('Key G · 80 BPM');

  // The form reads both back; an emptied Tempo goes back to the song's.
  await page.goto(`/setlists/edit/${setlistId}`);
  await expect(cornerstoneTempo).toHaveValue('80');
  await expect(click.getByRole('radio', { name: 'stops' })).toBeChecked();
  await cornerstoneTempo.fill('');
  await page.getByRole('button', { name: 'Update Setlist' }).click();
  await expect(page).toHaveURL(/\/setlists\/view\//);
  expect(await storedClick(request, headers, setlistId)).toEqual({
    tempos: [null, null],
    clickOnStep: 'stop',
  });
  await expect(cornerstone.locator('[data-chart-facts]')).toHaveText('Key G · 72 BPM');
});
