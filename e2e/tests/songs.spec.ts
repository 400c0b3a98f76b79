import { readFileSync } from 'node:fs';
import {
  apiSession,
  createTeamWith,
  createVerifiedPerson,
  expect,
  signIn,
  test,
} from '../support/fixtures.ts';

test.describe('song library', () => {
  test('create with validation banners in order, edit, search, delete', async ({
    page,
    request,
  }) => {
    const leader = await createVerifiedPerson(request, 'Hannah');
    await createTeamWith(request, leader, 'Library Team');
    await signIn(page, leader);

    await page.goto('/songs');
    await expect(page.getByRole('heading', { name: 'Song Library' })).toBeVisible();
    await expect(page.getByText('No matching songs.')).toBeVisible();
    await page.getByRole('link', { name: 'Add Song' }).click();
    await expect(page.getByRole('heading', { name: 'New Song' })).toBeVisible();

    // The form's banner, not a toast (toasts live outside <main>).
    const banner = page.getByRole('main').getByRole('alert');
    const submit = page.getByRole('button', { name: 'Create Song' });
    let posts = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/songs')) posts += 1;
    });

    // 1. Title
    await submit.click();
    await expect(banner).toHaveText('Title is required.');
    await page.getByLabel('Title', { exact: true }).fill('How Great Thou Art');
    await page.getByLabel('Artist').fill('Carl Boberg');
    // The parts' checks, in the line-by-line view (the chart view's: song-chart-entry.spec.ts).
    await page.getByRole('tab', { name: 'Line by line' }).click();

    // 2. At least one part
    await page.getByRole('button', { name: 'Remove part 1', exact: true }).click();
    await submit.click();
    await expect(banner).toHaveText('At least one part is required.');

    // 3. A label
    await page.getByRole('button', { name: 'Add Part' }).click();
    await submit.click();
    await expect(banner).toHaveText('Part 1 is missing a label.');
    await page.getByLabel('Part 1 label', { exact: true }).fill('Verse 1');

    // 4. A line
    await page.getByRole('button', { name: 'Remove part 1 line 1' }).click();
    await submit.click();
    await expect(banner).toHaveText('Part "Verse 1" needs at least one line.');
    expect(posts).toBe(0);

    await page.getByRole('button', { name: 'Add line to part 1' }).click();
    await page.getByLabel('Part 1 line 1 chords').fill('C        F       C');
    await page.getByLabel('Part 1 line 1 lyrics').fill('O Lord my God, when I in awesome wonder');
    await page.getByRole('button', { name: 'Add Part' }).click();
    await page.getByLabel('Part 2 label', { exact: true }).fill('Chorus');
    await page.getByLabel('Part 2 line 1 chords').fill('C          F');
    await page.getByLabel('Part 2 line 1 lyrics').fill('Then sings my soul');
    await submit.click();
    await expect(page).toHaveURL(/\/songs$/);
    expect(posts).toBe(1);

    const row = page.getByRole('row').filter({ hasText: 'How Great Thou Art' });
    await expect(row).toContainText('Carl Boberg');

    // Edit
    await page.getByRole('button', { name: 'Edit How Great Thou Art' }).click();
    await expect(page.getByRole('heading', { name: 'Edit Song' })).toBeVisible();
    await page.getByRole('tab', { name: 'Line by line' }).click();
    await expect(page.getByLabel('Part 2 line 1 lyrics')).toHaveValue('Then sings my soul');
    await expect(page.getByLabel('Part 1 line 1 chords')).toHaveValue('C        F       C');
    await page.getByLabel('Title', { exact: true }).fill('How Great Thou Art (Hymn)');
    await page.getByRole('button', { name: 'Update Song' }).click();
    await expect(page).toHaveURL(/\/songs$/);

    // Search by artist, case-insensitively
    await page.getByLabel('Search by title or artist').fill('boberg');
    await expect(
      page.getByRole('row').filter({ hasText: 'How Great Thou Art (Hymn)' }),
    ).toBeVisible();
    await page.getByLabel('Search by title or artist').fill('nothing like this');
    await expect(page.getByText('No matching songs.')).toBeVisible();
    await page.getByLabel('Search by title or artist').fill('');

    // Delete with the confirmation
    await page.getByRole('button', { name: 'Delete How Great Thou Art (Hymn)' }).click();
    const confirm = page.getByRole('dialog');
    await expect(confirm.getByText('Are you sure you want to delete this song?')).toBeVisible();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('No matching songs.')).toBeVisible();
  });

  test('export, delete a song, import the file; only the creator sees export and import', async ({
    page,
    request,
    browser,
    baseURL,
  }) => {
    const creator = await createVerifiedPerson(request, 'Isaac');
    const musician = await createVerifiedPerson(request, 'Jael');
    const teamId = await createTeamWith(request, creator, 'Export Team', [musician]);
    const headers = await apiSession(request, creator, teamId);
    const ids: Record<string, string> = {};
    for (const title of ['Be Thou My Vision', 'It Is Well', 'Holy Holy Holy']) {
      const res = await request.post('/api/songs', {
        headers,
        data: {
          title,
          artist: 'Traditional',
          parts: [{ label: 'Verse 1', lines: [{ chords: 'D', lyrics: title }] }],
        },
      });
      expect(res.status()).toBe(201);
      ids[title] = ((await res.json()) as { _id: string })._id;
    }
    // A reference link goes out with its song; recordings stay out, and the file says so.
    const link = { name: 'Choir', url: 'https://example.com/it-is-well' };
    const linked = await request.post(`/api/songs/${ids['It Is Well']}/links`, {
      headers,
      data: link,
    });
    expect(linked.status()).toBe(201);

    await signIn(page, creator);
    await page.goto('/songs');
    await expect(page.getByRole('row').filter({ hasText: 'It Is Well' })).toBeVisible();

    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export Library' }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toBe('segue-song-library.json');
    const file = await download.path();
    const exported = JSON.parse(readFileSync(file, 'utf8'));
    expect(exported).toMatchObject({ teamId, teamName: 'Export Team' });
    expect(new Date(exported.exportedAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(exported.songs).toHaveLength(3);
    expect(exported.recordings).toBe(
      'Recordings are not part of the JSON export; their links are.',
    );
    const well = exported.songs.find((song: { title: string }) => song.title === 'It Is Well');
    expect(well.links).toEqual([link]);

    await page.getByRole('button', { name: 'Delete It Is Well' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    // While the dialog is open the table behind it is hidden from the accessibility tree, so its
    // rows count none at once: the dialog closes when the server has answered.
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('row').filter({ hasText: 'It Is Well' })).toHaveCount(0);

    // The outcome shows beside the buttons (issue 16), never in a browser alert.
    const browserDialogs: string[] = [];
    page.on('dialog', (dialog) => {
      browserDialogs.push(dialog.message());
      void dialog.dismiss();
    });
    // Uploaded under the name it was downloaded as.
    await page.getByLabel('Library file').setInputFiles({
      name: download.suggestedFilename(),
      mimeType: 'application/json',
      buffer: readFileSync(file),
    });
    await expect(page.getByRole('status')).toHaveText(
      'Imported 1 song(s). Skipped 2 duplicate(s).',
    );
    await expect(page.getByRole('row').filter({ hasText: 'It Is Well' })).toBeVisible();
    // The song came back with its link (the deleted one keeps its own in the trash).
    const links = (await (await request.get('/api/songs/links', { headers })).json()) as {
      songId: string;
      name: string;
      url: string;
    }[];
    const back = links.filter((l) => l.songId !== ids['It Is Well']);
    expect(back.map(({ name, url }) => ({ name, url }))).toEqual([link]);

    // Not a JSON file
    await page.getByLabel('Library file').setInputFiles({
      name: 'library.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('hello'),
    });
    await expect(page.getByRole('alert')).toHaveText(
      'Failed to import. Please check the file format. Only .json files can be imported.',
    );
    expect(browserDialogs).toEqual([]);

    // A member who did not create the team sees neither button.
    const context = await browser.newContext({
      baseURL,
      extraHTTPHeaders: { 'x-forwarded-for': '203.0.122.9' },
    });
    const musicianPage = await context.newPage();
    await signIn(musicianPage, musician);
    await musicianPage.goto('/songs');
    await expect(musicianPage.getByRole('row').filter({ hasText: 'It Is Well' })).toBeVisible();
    await expect(musicianPage.getByRole('button', { name: 'Export Library' })).toHaveCount(0);
    await expect(musicianPage.getByRole('button', { name: 'Import Library' })).toHaveCount(0);
    await context.close();
  });
});
