import type { Dialog, Page } from '@playwright/test';
import {
  apiSession,
  createTeamWith,
  createVerifiedPerson,
  createdId,
  expect,
  signIn,
  test,
} from '../support/fixtures.ts';

interface SongAnswer {
  _id: string;
  title: string;
  parts: { label: string; lines: { chords: string; lyrics: string }[] }[];
}

/** Counts the requests that would save a new song. */
function countSongPosts(page: Page): () => number {
  let posts = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/songs') posts += 1;
  });
  return () => posts;
}

/** Records every browser dialog (alert, confirm, beforeunload) and dismisses it. */
function recordDialogs(page: Page): Dialog[] {
  const dialogs: Dialog[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog);
    void dialog.dismiss();
  });
  return dialogs;
}

/** Presses the browser's Back button; a page that holds the step keeps Playwright waiting. */
async function goBack(page: Page) {
  await page.goBack({ timeout: 1_000 }).catch(() => null);
}

/** Pastes `text` with the keyboard, as copied from a chord sheet. */
async function paste(page: Page, text: string) {
  await page.evaluate((copied) => navigator.clipboard.writeText(copied), text);
  await page.keyboard.press('ControlOrMeta+V');
}

test.describe('song entry', () => {
  test('Enter adds a line and sends nothing; a pasted chord sheet becomes lines with chords over words', async ({
    page,
    request,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const leader = await createVerifiedPerson(request, 'Fanny');
    const teamId = await createTeamWith(request, leader, 'Entry Team');
    const headers = await apiSession(request, leader, teamId);
    await signIn(page, leader);
    await page.goto('/songs/new');
    await expect(page.getByRole('heading', { name: 'New Song' })).toBeVisible();
    const posts = countSongPosts(page);
    const banner = page.getByRole('main').getByRole('alert');

    // Enter in the title or a part's label sends nothing, not even to be refused.
    await page.getByLabel('Title', { exact: true }).click();
    await page.keyboard.type('Blessed Assurance');
    await page.keyboard.press('Enter');
    await page.getByRole('tab', { name: 'Line by line' }).click();
    const label = page.getByLabel('Part 1 label', { exact: true });
    await label.click();
    await page.keyboard.type('Verse 1');
    await page.keyboard.press('Enter');
    await expect(label).toHaveValue('Verse 1');

    // Enter in a lyric line: a new empty line below it has the focus.
    await page.getByLabel('Part 1 line 1 lyrics').click();
    await page.keyboard.type('Blessed assurance, Jesus is mine');
    await page.keyboard.press('Enter');
    const second = page.getByLabel('Part 1 line 2 lyrics');
    await expect(second).toBeFocused();
    await expect(second).toHaveValue('');
    await expect(page.getByLabel('Part 1 line 2 chords')).toHaveValue('');
    await expect(page.getByLabel('Part 1 line 1 lyrics')).toHaveValue(
      'Blessed assurance, Jesus is mine',
    );
    // Shift+Enter too, and in a chords field the new line's chords have the focus.
    await page.keyboard.press('Shift+Enter');
    await expect(page.getByLabel('Part 1 line 3 lyrics')).toBeFocused();
    await page.getByLabel('Part 1 line 1 chords').click();
    await page.keyboard.press('Enter');
    await expect(page.getByLabel('Part 1 line 2 chords')).toBeFocused();
    await expect(page.getByLabel('Part 1 line 4 lyrics')).toHaveValue('');
    await page.getByRole('button', { name: 'Remove part 1 line 4' }).click();
    await page.getByRole('button', { name: 'Remove part 1 line 3' }).click();

    await expect(page).toHaveURL(/\/songs\/new$/);
    await expect(banner).toHaveCount(0);
    expect(posts()).toBe(0);

    // Two chord lines over two lyric lines, pasted into the empty second line: two lines.
    await page.getByLabel('Part 1 line 2 lyrics').click();
    await paste(
      page,
      [
        'D              G       D',
        'O what a foretaste of glory divine',
        'A          D     E       A',
        'Heir of salvation, purchase of God',
        '',
      ].join('\n'),
    );
    await expect(page.getByLabel('Part 1 line 2 chords')).toHaveValue('D              G       D');
    await expect(page.getByLabel('Part 1 line 2 lyrics')).toHaveValue(
      'O what a foretaste of glory divine',
    );
    await expect(page.getByLabel('Part 1 line 3 chords')).toHaveValue('A          D     E       A');
    await expect(page.getByLabel('Part 1 line 3 lyrics')).toHaveValue(
      'Heir of salvation, purchase of God',
    );
    await expect(page.getByLabel('Part 1 line 3 lyrics')).toBeFocused();
    await expect(page.getByLabel('Part 1 line 4 lyrics')).toHaveCount(0);
    expect(posts()).toBe(0);

    await page.getByRole('button', { name: 'Create Song' }).click();
    await expect(page).toHaveURL(/\/songs$/);
    expect(posts()).toBe(1);
    const songs = (await (await request.get('/api/songs', { headers })).json()) as SongAnswer[];
    expect(songs.map((song) => [song.title, song.parts])).toEqual([
      [
        'Blessed Assurance',
        [
          {
            id: expect.any(String),
            label: 'Verse 1',
            lines: [
              { chords: '', lyrics: 'Blessed assurance, Jesus is mine' },
              { chords: 'D              G       D', lyrics: 'O what a foretaste of glory divine' },
              {
                chords: 'A          D     E       A',
                lyrics: 'Heir of salvation, purchase of God',
              },
            ],
            translations: [],
          },
        ],
      ],
    ]);
  });

  test('leaving with unsaved changes asks first, in the app and on reload; not after a save or with nothing changed', async ({
    page,
    request,
  }) => {
    const leader = await createVerifiedPerson(request, 'Horatio');
    const teamId = await createTeamWith(request, leader, 'Leave Team');
    const headers = await apiSession(request, leader, teamId);
    await createdId(
      await request.post('/api/songs', {
        headers,
        data: {
          title: 'It Is Well',
          artist: 'Horatio Spafford',
          parts: [
            { label: 'Verse 1', lines: [{ chords: 'C', lyrics: 'When peace like a river' }] },
          ],
        },
      }),
    );
    await signIn(page, leader);
    await page.goto('/dashboard');
    const browserDialogs = recordDialogs(page);
    const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
    const title = page.getByLabel('Title', { exact: true });

    await page.getByRole('link', { name: 'Songs', exact: true }).click();
    await page.getByRole('link', { name: 'Add Song' }).click();
    await expect(page).toHaveURL(/\/songs\/new$/);
    await title.click();
    await page.keyboard.type('Great Is Thy Faithfulness');

    // Cancel: Stay keeps the form as it was.
    await page.getByRole('link', { name: 'Cancel' }).click();
    await expect(leave).toBeVisible();
    await expect(leave).toContainText('Your changes to this song are not saved.');
    await leave.getByRole('button', { name: 'Stay' }).click();
    await expect(leave).toBeHidden();
    await expect(page).toHaveURL(/\/songs\/new$/);
    await expect(title).toHaveValue('Great Is Thy Faithfulness');

    // The browser's Back button asks too (the browser waits on the answer), and Stay keeps the
    // address.
    await goBack(page);
    await expect(leave).toBeVisible();
    await expect(page).toHaveURL(/\/songs\/new$/);
    await leave.getByRole('button', { name: 'Stay' }).click();
    await expect(page).toHaveURL(/\/songs\/new$/);
    await expect(title).toHaveValue('Great Is Thy Faithfulness');

    // A reload asks the browser's own question; dismissed, the typing is still there.
    // (Playwright waits for a load that does not come.)
    await page.reload({ timeout: 1_000 }).catch(() => null);
    expect(browserDialogs.map((dialog) => dialog.type())).toEqual(['beforeunload']);
    await expect(title).toHaveValue('Great Is Thy Faithfulness');

    // Back, then Leave: to the library, without the song.
    await goBack(page);
    await leave.getByRole('button', { name: 'Leave' }).click();
    await expect(page).toHaveURL(/\/songs$/);
    await expect(page.getByRole('heading', { name: 'Song Library' })).toBeVisible();
    await expect(
      page.getByRole('row').filter({ hasText: 'Great Is Thy Faithfulness' }),
    ).toHaveCount(0);

    // Nothing changed (or typed and typed back): no question.
    await page.getByRole('button', { name: 'Edit It Is Well' }).click();
    await expect(title).toHaveValue('It Is Well');
    await title.click();
    await page.keyboard.type('!');
    await page.keyboard.press('Backspace');
    await page.getByRole('link', { name: 'Back to Song Library' }).click();
    await expect(page).toHaveURL(/\/songs$/);

    // Saved: neither the app nor the browser asks.
    await page.getByRole('button', { name: 'Edit It Is Well' }).click();
    await title.click();
    await page.keyboard.type(' (Hymn)');
    await page.getByRole('button', { name: 'Update Song' }).click();
    await expect(page).toHaveURL(/\/songs$/);
    await expect(page.getByRole('row').filter({ hasText: 'It Is Well (Hymn)' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Song Library' })).toBeVisible();
    await expect(leave).toHaveCount(0);
    expect(browserDialogs).toHaveLength(1);
  });

  test('a problem shows at the field it is about, from the form or from the server', async ({
    page,
    request,
  }) => {
    const leader = await createVerifiedPerson(request, 'Isaac');
    await createTeamWith(request, leader, 'Problem Team');
    await signIn(page, leader);
    await page.goto('/songs/new');
    const posts = countSongPosts(page);
    const banner = page.getByRole('main').getByRole('alert');
    const title = page.getByLabel('Title', { exact: true });
    const submit = page.getByRole('button', { name: 'Create Song' });

    // The spec's banner, and the same words at the title, which has the focus.
    await submit.click();
    await expect(banner).toHaveText('Title is required.');
    await expect(title).toHaveAttribute('aria-invalid', 'true');
    await expect(title).toHaveAccessibleDescription('Title is required.');
    await expect(title).toBeFocused();

    await title.fill('When I Survey');
    await page.getByRole('tab', { name: 'Line by line' }).click();
    await submit.click();
    await expect(banner).toHaveText('Part 1 is missing a label.');
    await expect(title).toHaveAttribute('aria-invalid', 'false');
    const label = page.getByLabel('Part 1 label', { exact: true });
    await expect(label).toHaveAttribute('aria-invalid', 'true');
    await expect(label).toHaveAccessibleDescription('Part 1 is missing a label.');
    expect(posts()).toBe(0);

    // The server's refusal, which the form could not foresee, goes to its field too.
    await label.fill('Verse 1');
    await page.getByLabel('Part 1 line 1 lyrics').fill('When I survey the wondrous cross');
    const capoMessage = 'Capo must be a whole number from 0 to 11.';
    await page.route('**/api/songs', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 400, json: { error: capoMessage, code: 'validation' } })
        : route.fallback(),
    );
    await submit.click();
    await expect(banner).toHaveText(capoMessage);
    const capo = page.getByLabel('Capo', { exact: true });
    await expect(capo).toHaveAttribute('aria-invalid', 'true');
    // Said again right under the details, above the parts (the banner is by the buttons).
    const atDetails = page.getByRole('main').getByText(capoMessage, { exact: true }).first();
    const below = (await capo.boundingBox())!;
    const message = (await atDetails.boundingBox())!;
    const parts = (await page.getByRole('heading', { name: 'Parts' }).boundingBox())!;
    expect(message.y).toBeGreaterThan(below.y + below.height);
    expect(message.y + message.height).toBeLessThan(parts.y);
    await expect(label).toHaveAttribute('aria-invalid', 'false');
    await expect(page).toHaveURL(/\/songs\/new$/);
  });

  test('an import shows its result in the page, and a refused file the server’s reason; no browser alert', async ({
    page,
    request,
  }) => {
    const creator = await createVerifiedPerson(request, 'Charlotte');
    await createTeamWith(request, creator, 'Import Team');
    await signIn(page, creator);
    const browserDialogs = recordDialogs(page);
    await page.goto('/songs');
    await expect(page.getByText('No matching songs.')).toBeVisible();

    const song = (title: string) => ({
      title,
      artist: 'Charlotte Elliott',
      parts: [{ label: 'Verse 1', lines: [{ chords: 'G', lyrics: title }] }],
    });
    const file = (songs: unknown[]) => ({
      name: 'library.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify({ songs })),
    });

    await page
      .getByLabel('Library file')
      .setInputFiles(file([song('Just As I Am'), song('O Lamb of God'), song('')]));
    await expect(page.getByRole('alert')).toHaveText(
      'Failed to import. Please check the file format. Song 3: Title is required.',
    );
    await expect(page.getByText('No matching songs.')).toBeVisible();

    // A good file: the count in the page, the songs in the list without a reload.
    await page.getByLabel('Library file').setInputFiles(file([song('Just As I Am')]));
    await expect(page.getByRole('status')).toHaveText(
      'Imported 1 song(s). Skipped 0 duplicate(s).',
    );
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByRole('row').filter({ hasText: 'Just As I Am' })).toBeVisible();

    // Not JSON at all: said so in the page too.
    await page.getByLabel('Library file').setInputFiles({
      name: 'library.json',
      mimeType: 'application/json',
      buffer: Buffer.from('hello'),
    });
    await expect(page.getByRole('alert')).toHaveText(
      'Failed to import. Please check the file format. The file is not valid JSON.',
    );
    expect(browserDialogs.map((dialog) => dialog.message())).toEqual([]);
  });
});
