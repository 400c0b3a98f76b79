import { readFileSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import {
  apiSession,
  createTeamWith,
  createVerifiedPerson,
  expect,
  signIn,
  test,
} from '../support/fixtures.ts';

interface SongAnswer {
  _id: string;
  title: string;
  key: string | null;
  capo: number;
  tempo: number | null;
  time: string | null;
  ccli: string | null;
  copyright: string;
  authors: { name: string; type: string }[];
  parts: { id: string; label: string; lines: { chords: string; lyrics: string }[] }[];
}

const COPYRIGHT = '© 1779 John Newton. Public Domain';
const AUTHORS = [
  { name: 'John Newton', type: 'words' },
  { name: 'Traditional American melody', type: 'music' },
];

async function getSong(
  request: APIRequestContext,
  headers: Record<string, string>,
  id: string,
): Promise<SongAnswer> {
  const res = await request.get(`/api/songs/${id}`, { headers });
  expect(res.status()).toBe(200);
  return (await res.json()) as SongAnswer;
}

test.describe('song details', () => {
  test('key, capo, tempo, time, CCLI, copyright and authors: create, edit, refuse, export and import', async ({
    page,
    request,
  }) => {
    const leader = await createVerifiedPerson(request, 'Miriam');
    const teamId = await createTeamWith(request, leader, 'Details Team');
    const headers = await apiSession(request, leader, teamId);
    await signIn(page, leader);

    await page.goto('/songs');
    await page.getByRole('link', { name: 'Add Song' }).click();
    await expect(page.getByRole('heading', { name: 'New Song' })).toBeVisible();

    await page.getByLabel('Title', { exact: true }).fill('Amazing Grace');
    await page.getByLabel('Artist').fill('John Newton');
    await page.getByLabel('Key', { exact: true }).selectOption('Bb');
    await page.getByLabel('Capo', { exact: true }).selectOption('3');
    await page.getByLabel('Tempo (BPM)').fill('72');
    await page.getByLabel('Time', { exact: true }).fill('6/8');

    const more = page.getByRole('button', { name: 'More details' });
    await expect(more).toHaveAttribute('aria-expanded', 'false');
    await more.click();
    await expect(more).toHaveAttribute('aria-expanded', 'true');
    await page.getByLabel('CCLI number').fill('22025');
    await page.getByLabel('Copyright').fill(COPYRIGHT);
    await page.getByRole('button', { name: 'Add author' }).click();
    // The new author's name has the focus.
    await expect(page.getByLabel('Author 1 name')).toBeFocused();
    await page.keyboard.type(AUTHORS[0]!.name);
    await page.getByRole('button', { name: 'Add author' }).click();
    await page.getByLabel('Author 2 name').fill('Someone else');
    await page.getByRole('button', { name: 'Add author' }).click();
    await page.getByLabel('Author 3 name').fill(AUTHORS[1]!.name);
    await page.getByLabel('Author 3 type').selectOption({ label: 'Music' });
    await page.getByRole('button', { name: 'Remove author 2' }).click();
    await expect(page.getByLabel('Author 3 name')).toHaveCount(0);
    await expect(page.getByLabel('Author 2 name')).toHaveValue(AUTHORS[1]!.name);
    await expect(page.getByLabel('Author 1 type')).toHaveValue('words');

    await page.getByRole('tab', { name: 'Line by line' }).click();
    await page.getByLabel('Part 1 label', { exact: true }).fill('Verse 1');
    await page.getByLabel('Part 1 line 1 chords').fill('G         C      G');
    await page.getByLabel('Part 1 line 1 lyrics').fill('Amazing grace, how sweet the sound');
    await page.getByRole('button', { name: 'Add Part' }).click();
    await page.getByLabel('Part 2 label', { exact: true }).fill('Verse 2');
    await page.getByLabel('Part 2 line 1 lyrics').fill('’Twas grace that taught my heart to fear');

    const posted = page.waitForRequest(
      (r) => r.method() === 'POST' && r.url().endsWith('/api/songs'),
    );
    await page.getByRole('button', { name: 'Create Song' }).click();
    // Numbers go as numbers; new parts go without ids (the server gives them).
    const sent = (await posted).postDataJSON() as Record<string, unknown>;
    expect(sent).toMatchObject({
      key: 'Bb',
      capo: 3,
      tempo: 72,
      time: '6/8',
      ccli: '22025',
      copyright: COPYRIGHT,
      authors: AUTHORS,
    });
    expect((sent.parts as object[]).every((part) => !('id' in part))).toBe(true);
    await expect(page).toHaveURL(/\/songs$/);

    const listed = await request.get('/api/songs', { headers });
    const [created] = (await listed.json()) as SongAnswer[];
    expect(created).toMatchObject({ title: 'Amazing Grace', key: 'Bb', capo: 3, tempo: 72 });
    const partIds = created!.parts.map((part) => part.id);
    expect(partIds).toHaveLength(2);
    expect(new Set(partIds).size).toBe(2);

    // Reopened, the form shows every value, the details under "More details" unfolded.
    await page.getByRole('button', { name: 'Edit Amazing Grace' }).click();
    await expect(page.getByRole('heading', { name: 'Edit Song' })).toBeVisible();
    await expect(page.getByLabel('Key', { exact: true })).toHaveValue('Bb');
    await expect(page.getByLabel('Capo', { exact: true })).toHaveValue('3');
    await expect(page.getByLabel('Tempo (BPM)')).toHaveValue('72');
    await expect(page.getByLabel('Time', { exact: true })).toHaveValue('6/8');
    await expect(more).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByLabel('CCLI number')).toHaveValue('22025');
    await expect(page.getByLabel('Copyright')).toHaveValue(COPYRIGHT);
    await expect(page.getByLabel('Author 1 name')).toHaveValue(AUTHORS[0]!.name);
    await expect(page.getByLabel('Author 1 type')).toHaveValue('words');
    await expect(page.getByLabel('Author 2 name')).toHaveValue(AUTHORS[1]!.name);
    await expect(page.getByLabel('Author 2 type')).toHaveValue('music');

    // A new key; the parts, moved and relabelled, keep their ids.
    await page.getByLabel('Key', { exact: true }).selectOption('A');
    await page.getByRole('tab', { name: 'Line by line' }).click();
    await page.getByRole('button', { name: 'Move part 2 up' }).click();
    await page.getByLabel('Part 1 label', { exact: true }).fill('Verse 2 (sung first)');
    await page.getByRole('button', { name: 'Update Song' }).click();
    await expect(page).toHaveURL(/\/songs$/);

    const edited = await getSong(request, headers, created!._id);
    expect(edited).toMatchObject({
      key: 'A',
      capo: 3,
      tempo: 72,
      time: '6/8',
      ccli: '22025',
      copyright: COPYRIGHT,
      authors: AUTHORS,
    });
    expect(edited.parts.map((part) => [part.id, part.label])).toEqual([
      [partIds[1], 'Verse 2 (sung first)'],
      [partIds[0], 'Verse 1'],
    ]);

    // A bad time: the schema's message, marked on the field, and nothing saved.
    await page.getByRole('button', { name: 'Edit Amazing Grace' }).click();
    await expect(page.getByLabel('Key', { exact: true })).toHaveValue('A');
    let puts = 0;
    page.on('request', (r) => {
      if (r.method() === 'PUT' && r.url().includes('/api/songs/')) puts += 1;
    });
    const banner = page.getByRole('main').getByRole('alert');
    await page.getByLabel('Time', { exact: true }).fill('6/0');
    await page.getByLabel('Tempo (BPM)').fill('');
    // The spec's four checks still come first.
    await page.getByLabel('Title', { exact: true }).fill('');
    await page.getByRole('button', { name: 'Update Song' }).click();
    await expect(banner).toHaveText('Title is required.');
    await page.getByLabel('Title', { exact: true }).fill('Amazing Grace');
    await page.getByRole('button', { name: 'Update Song' }).click();
    await expect(banner).toHaveText('Time must look like 4/4 or 6/8.');
    await expect(page.getByLabel('Time', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel('Tempo (BPM)').fill('fast');
    await page.getByRole('button', { name: 'Update Song' }).click();
    await expect(banner).toHaveText(
      'Tempo must be a whole number of beats per minute from 20 to 400.',
    );
    expect(puts).toBe(0);
    expect(await getSong(request, headers, created!._id)).toMatchObject({ time: '6/8', tempo: 72 });

    // An emptied tempo is sent as null: the song has no tempo any more.
    await page.getByLabel('Tempo (BPM)').fill('');
    await page.getByLabel('Time', { exact: true }).fill('6/8');
    await page.getByRole('button', { name: 'Update Song' }).click();
    await expect(page).toHaveURL(/\/songs$/);
    const withoutTempo = await getSong(request, headers, created!._id);
    expect(withoutTempo).toMatchObject({ key: 'A', tempo: null, time: '6/8' });

    // Export, delete, import: the details and the parts' ids come back.
    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export Library' }).click();
    const download = await downloadPromise;
    const file = readFileSync(await download.path());
    const exported = JSON.parse(file.toString('utf8')) as { songs: SongAnswer[] };
    const { title, key, capo, tempo, time, ccli, copyright, authors, parts } = withoutTempo;
    expect(exported.songs).toEqual([
      expect.objectContaining({ title, key, capo, tempo, time, ccli, copyright, authors, parts }),
    ]);

    await page.getByRole('button', { name: 'Delete Amazing Grace' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('No matching songs.')).toBeVisible();
    await page.getByLabel('Library file').setInputFiles({
      name: download.suggestedFilename(),
      mimeType: 'application/json',
      buffer: file,
    });
    await expect(page.getByRole('status')).toHaveText(
      'Imported 1 song(s). Skipped 0 duplicate(s).',
    );
    const [imported] = (await (
      await request.get('/api/songs', { headers })
    ).json()) as SongAnswer[];
    expect(imported).toMatchObject({
      title: 'Amazing Grace',
      key: 'A',
      capo: 3,
      tempo: null,
      time: '6/8',
      ccli: '22025',
      copyright: COPYRIGHT,
      authors: AUTHORS,
      parts: withoutTempo.parts,
    });
  });

  test('on a phone the details leave the first part on the first screen', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const leader = await createVerifiedPerson(request, 'Tabitha');
    await createTeamWith(request, leader, 'Phone Details Team');
    await signIn(page, leader);
    await page.goto('/songs/new');
    await expect(page.getByLabel('Key', { exact: true })).toBeVisible();
    const chart = await page.getByRole('textbox', { name: 'Chart' }).boundingBox();
    expect(chart).not.toBeNull();
    // The chart starts on the first screen with its first rows (about 24 px each) in view.
    expect(chart!.y + 5 * 24).toBeLessThan(844);
    await page.getByRole('tab', { name: 'Line by line' }).click();
    const label = await page.getByLabel('Part 1 label', { exact: true }).boundingBox();
    expect(label).not.toBeNull();
    expect(label!.y + label!.height).toBeLessThan(844);
  });
});
