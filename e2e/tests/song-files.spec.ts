import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  apiSession,
  createTeamWith,
  createVerifiedPerson,
  expect,
  signIn,
  test,
} from '../support/fixtures.ts';
import { seriousViolations } from '../support/axe.ts';

/** Issue 16: a member adds songs from files of several formats, and exports them again. */
const fixture = (path: string) =>
  fileURLToPath(new URL(`../../packages/shared/test/fixtures/${path}`, import.meta.url));

test('a member adds three files of three formats from a preview, and exports one as it came', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const owner = await createVerifiedPerson(request, 'Asaph');
  const member = await createVerifiedPerson(request, 'Jeduthun');
  const teamId = await createTeamWith(request, owner, 'File Band', [member]);
  // One song is in the library already: the same song in a file is flagged.
  const headers = await apiSession(request, owner, teamId);
  const existing = await request.post('/api/songs', {
    headers,
    data: {
      // As SongSelect's file names it: the title, and its authors as the artist.
      title: 'Test Song',
      artist: 'Author One, Author Two',
      parts: [{ label: 'Verse', lines: [{ chords: '', lyrics: 'Already here' }] }],
    },
  });
  expect(existing.status()).toBe(201);
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });

  await signIn(page, member);
  await page.goto('/songs');
  await page.getByRole('button', { name: 'Add from file' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add songs from files' });
  await dialog
    .getByLabel('Song files')
    .setInputFiles([
      fixture('chordpro/swinglow.cho'),
      fixture('openlyrics/openlp_amazing-grace_0.8-chords-in-words.xml'),
      fixture('songselect/openlp_TestSong.usr'),
    ]);

  // Every song is previewed before anything is saved: title, key, parts, and the warnings.
  const swing = dialog.getByRole('checkbox', { name: 'Add Swing Low Sweet Chariot' });
  const grace = dialog.getByRole('checkbox', { name: 'Add Amazing Grace' });
  const test1 = dialog.getByRole('checkbox', { name: 'Add Test Song' });
  for (const box of [swing, grace]) await expect(box).toBeChecked();
  await expect(dialog.getByText('swinglow.cho (ChordPro)')).toBeVisible();
  await expect(dialog.getByText(/\(OpenLyrics\)/)).toBeVisible();
  await expect(dialog.getByText(/\(SongSelect\)/)).toBeVisible();
  await expect(dialog.getByText(/hold no chords/)).toBeVisible();
  // The song already in the library is flagged and left out, as the JSON import does.
  await expect(test1).not.toBeChecked();
  await expect(dialog.getByText('Already in the library')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await test1.check();
  await expect(dialog.getByRole('button', { name: 'Add 3 songs' })).toBeEnabled();
  const library = await request.get('/api/songs', { headers });
  expect(((await library.json()) as unknown[]).length).toBe(1);

  await dialog.getByRole('button', { name: 'Add 3 songs' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Added 3 song(s).');
  await dialog.getByRole('button', { name: 'Close' }).click();
  for (const title of ['Swing Low Sweet Chariot', 'Amazing Grace']) {
    await expect(page.getByRole('link', { name: title })).toBeVisible();
  }
  expect(dialogs).toEqual([]);

  // The ChordPro song exported right after its import is the file that came in, byte for byte.
  await page.getByRole('link', { name: 'Swing Low Sweet Chariot' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Swing Low Sweet Chariot' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Export' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'ChordPro (.cho)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('Swing Low Sweet Chariot.cho');
  expect(
    readFileSync(await file.path()).equals(readFileSync(fixture('chordpro/swinglow.cho'))),
  ).toBe(true);
});

test('a file Segue cannot read says why in the preview, and nothing is saved', async ({
  page,
  request,
}) => {
  const owner = await createVerifiedPerson(request, 'Heman');
  await createTeamWith(request, owner, 'Junk Band');
  await signIn(page, owner);
  await page.goto('/songs');
  await page.getByRole('button', { name: 'Add from file' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add songs from files' });
  await dialog.getByLabel('Song files').setInputFiles([
    { name: 'empty.cho', mimeType: 'text/plain', buffer: Buffer.alloc(0) },
    {
      name: 'picture.png',
      mimeType: 'image/png',
      buffer: Buffer.from(Array.from({ length: 2048 }, (_, i) => (i * 37 + 11) % 256)),
    },
  ]);
  await expect(dialog.getByText('empty.cho: The file is empty.')).toBeVisible();
  await expect(dialog.getByText(/picture\.png: This is not a song file Segue reads/)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Add 0 songs' })).toBeDisabled();
});

test('a chart pasted into the song form becomes its parts and lines, previewed first', async ({
  page,
  request,
}) => {
  const owner = await createVerifiedPerson(request, 'Ethan');
  await createTeamWith(request, owner, 'Paste Band');
  await signIn(page, owner);
  await page.goto('/songs/new');
  await expect(page.getByRole('heading', { name: 'New Song' })).toBeVisible();
  await page.getByRole('button', { name: 'Paste chart' }).click();
  const dialog = page.getByRole('dialog', { name: 'Paste a chart' });
  await dialog
    .getByLabel('Chart')
    .fill(
      [
        'Title: Be Thou My Vision',
        'Key: D',
        '',
        '[Verse 1]',
        'D         G        D',
        'Be thou my vision, O Lord of my heart',
        '',
        '[Chorus]',
        'G      A',
        'High King of heaven',
      ].join('\n'),
    );
  const preview = dialog.getByRole('region', { name: 'Preview' });
  await expect(preview.getByRole('heading', { name: 'Verse 1' })).toBeVisible();
  await expect(preview.getByRole('heading', { name: 'Chorus' })).toBeVisible();
  await expect(preview.getByText('Key D')).toBeVisible();
  await dialog.getByRole('button', { name: 'Use this chart' }).click();
  await expect(dialog).toBeHidden();

  await expect(page.getByLabel('Title', { exact: true })).toHaveValue('Be Thou My Vision');
  await page.getByRole('tab', { name: 'Line by line' }).click();
  await expect(page.getByLabel('Part 1 label', { exact: true })).toHaveValue('Verse 1');
  await expect(page.getByLabel('Part 1 line 1 chords')).toHaveValue('D         G        D');
  await expect(page.getByLabel('Part 1 line 1 lyrics')).toHaveValue(
    'Be thou my vision, O Lord of my heart',
  );
  await expect(page.getByLabel('Part 2 label', { exact: true })).toHaveValue('Chorus');
  await expect(page.getByLabel('Part 2 line 1 chords')).toHaveValue('G      A');
  // The form's own preview shows the chart as the live view will.
  const formPreview = page.getByRole('region', { name: 'Preview as in the live view' });
  await expect(formPreview.getByRole('heading', { name: 'Chorus' })).toBeVisible();
  await expect(formPreview.getByText('High King of heaven')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
