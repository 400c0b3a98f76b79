import {
  apiSession,
  createTeamWith,
  createVerifiedPerson,
  expect,
  signIn,
  test,
} from '../support/fixtures.ts';
import { dragOnto, moveUpWithKeyboard, songOrder } from '../support/setlist-form.ts';

const nextWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);

test('plan a setlist: songs in a dragged order, leaders, positions; clone and delete', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const leader = await createVerifiedPerson(request, 'Miriam');
  const drummer = await createVerifiedPerson(request, 'Gideon');
  const teamId = await createTeamWith(request, leader, 'Planning Team', [drummer]);
  const headers = await apiSession(request, leader, teamId);
  for (const [title, artist] of [
    ['10,000 Reasons', 'Matt Redman'],
    ['Cornerstone', 'Hillsong'],
    ['Goodness of God', 'Bethel'],
  ]) {
    const res = await request.post('/api/songs', {
      headers,
      data: {
        title,
        artist,
        parts: [{ label: 'Verse 1', lines: [{ chords: 'G', lyrics: `${title} verse` }] }],
      },
    });
    expect(res.status()).toBe(201);
  }

  await signIn(page, leader);
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Sets', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Setlists', exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'New Setlist' }).click();
  await expect(page.getByRole('heading', { name: 'New Setlist' })).toBeVisible();

  await page.getByLabel('Setlist Name').fill('Easter Sunday');
  await page.getByLabel('Date').fill(nextWeek());
  await page.getByLabel('Notes').fill('Bring the extra mics');

  // Two positions, one of them custom.
  await page.getByRole('combobox', { name: 'Position' }).click();
  await page.getByRole('option', { name: 'Drums' }).click();
  await page.getByRole('button', { name: 'Add Position' }).click();
  await page.getByRole('combobox', { name: 'Position' }).click();
  await page.getByRole('option', { name: 'Other' }).click();
  await page.getByLabel('Custom Position').fill('  Cajon  ');
  await page.getByRole('button', { name: 'Add Position' }).click();
  await page.getByRole('combobox', { name: 'Assign Member for Drums' }).click();
  await page.getByRole('option', { name: 'Gideon Tester' }).click();
  await expect(page.getByRole('combobox', { name: 'Assign Member for Cajon' })).toContainText(
    'Unassigned',
  );

  // Three songs, chosen in this order.
  const songs = page.getByRole('combobox', { name: 'Songs' });
  for (const title of ['10,000 Reasons', 'Cornerstone', 'Goodness of God']) {
    await songs.click();
    await songs.fill(title.slice(0, 5));
    await page.getByRole('option', { name: new RegExp(title) }).click();
  }
  await page.keyboard.press('Escape');
  expect(await songOrder(page)).toEqual(['10,000 Reasons', 'Cornerstone', 'Goodness of God']);

  // Keyboard: lift the last song, move it up twice, drop it.
  await moveUpWithKeyboard(page, 'Goodness of God', 2);
  await expect
    .poll(() => songOrder(page))
    .toEqual(['Goodness of God', '10,000 Reasons', 'Cornerstone']);

  // Mouse: drag Cornerstone onto the first place.
  await dragOnto(
    page,
    page.getByRole('button', { name: 'Reorder Cornerstone' }),
    page.getByRole('button', { name: 'Reorder Goodness of God' }),
  );
  await expect
    .poll(() => songOrder(page))
    .toEqual(['Cornerstone', 'Goodness of God', '10,000 Reasons']);

  // Leaders
  await page.getByRole('combobox', { name: 'Leader for Cornerstone' }).click();
  await page.getByRole('option', { name: 'Miriam Tester' }).click();
  await page.getByRole('combobox', { name: 'Leader for 10,000 Reasons' }).click();
  await page.getByRole('option', { name: 'Gideon Tester' }).click();
  await expect(page.getByRole('combobox', { name: 'Leader for Goodness of God' })).toContainText(
    'No Leader',
  );

  await page.getByRole('button', { name: 'Create Setlist' }).click();
  await expect(page).toHaveURL(/\/setlists\/view\//);
  await expect(page.getByRole('heading', { name: 'Easter Sunday' })).toBeVisible();
  await expect(page.getByText('Bring the extra mics')).toBeVisible();
  const entries = page.getByRole('heading', { level: 2 }).filter({ hasText: /^\d+\. / });
  await expect(entries).toHaveText([
    '1. Cornerstone — Hillsong',
    '2. Goodness of God — Bethel',
    '3. 10,000 Reasons — Matt Redman',
  ]);
  await expect(page.getByText('Cornerstone verse')).toBeVisible();

  // The order and the choices were saved: the edit form reads them back.
  const setlistUrl = page.url();
  const setlistId = setlistUrl.split('/').pop()!;
  await page.goto(`/setlists/edit/${setlistId}`);
  await expect(page.getByRole('heading', { name: 'Edit Setlist' })).toBeVisible();
  await expect
    .poll(() => songOrder(page))
    .toEqual(['Cornerstone', 'Goodness of God', '10,000 Reasons']);
  await expect(page.getByRole('combobox', { name: 'Leader for 10,000 Reasons' })).toContainText(
    'Gideon Tester',
  );
  await expect(page.getByRole('combobox', { name: 'Assign Member for Drums' })).toContainText(
    'Gideon Tester',
  );

  // The drummer sees it on the dashboard, with their position.
  const context = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': '203.0.123.7' },
  });
  const drummerPage = await context.newPage();
  await signIn(drummerPage, drummer);
  await drummerPage.goto('/dashboard');
  await expect(drummerPage.getByRole('heading', { name: 'Upcoming Setlists' })).toBeVisible();
  const row = drummerPage.getByRole('row').filter({ hasText: 'Easter Sunday' });
  await expect(row).toContainText('Drums');
  await expect(row.getByRole('link', { name: 'Live View Easter Sunday' })).toBeVisible();
  await expect(row.getByRole('link', { name: 'Presenter View Easter Sunday' })).toBeVisible();
  await context.close();

  // Clone, then delete the clone.
  await page.getByRole('button', { name: 'Clone' }).click();
  await page
    .getByRole('dialog', { name: 'Clone Setlist' })
    .getByRole('button', { name: 'Clone' })
    .click();
  await expect(page.getByText('Setlist cloned')).toBeVisible();
  await expect(page.getByLabel('Setlist Name')).toHaveValue('Easter Sunday (Copy)');
  await page.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm.getByText('Are you sure you want to delete this setlist?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/setlists$/);
  await expect(page.getByRole('row').filter({ hasText: 'Easter Sunday (Copy)' })).toHaveCount(0);
  const original = page.getByRole('row').filter({ hasText: 'Easter Sunday' });
  await expect(original).toContainText('Bring the extra mics');
  await expect(
    original.getByRole('link', { name: 'View Easter Sunday', exact: true }),
  ).toBeVisible();
});

test('the song picker offers every song of a library past a thousand songs', async ({
  page,
  request,
}) => {
  const leader = await createVerifiedPerson(request, 'Asaph');
  const teamId = await createTeamWith(request, leader, 'Big Library');
  const headers = await apiSession(request, leader, teamId);
  const songs = Array.from({ length: 1_004 }, (_, i) => ({
    title: `Hymn ${String(i + 1).padStart(4, '0')}`,
    parts: [{ label: 'Verse 1', lines: [{ chords: 'D', lyrics: 'words' }] }],
  }));
  // Sorted last by title: beyond the first thousand.
  songs.push({ title: 'Zion Last', parts: songs[0]!.parts });
  const imported = await request.post('/api/songs/import', { headers, data: { songs } });
  expect(imported.status()).toBe(200);

  await signIn(page, leader);
  // The library arrives late, as on a slow connection: what is typed meanwhile stays.
  let release!: () => void;
  const arrived = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/songs?fields=summary', async (route) => {
    await arrived;
    await route.continue();
  });
  await page.goto('/setlists/new');
  const picker = page.getByRole('combobox', { name: 'Songs' });
  await picker.click();
  await picker.fill('Zion');
  release();
  await page.getByRole('option', { name: /Zion Last/ }).click();
  await page.keyboard.press('Escape');
  expect(await songOrder(page)).toEqual(['Zion Last']);
});
