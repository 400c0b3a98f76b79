import type { APIRequestContext, Page } from '@playwright/test';
import {
  apiSession,
  createdId,
  createTeamWith,
  createVerifiedPerson,
  expect,
  signIn,
  test,
} from '../support/fixtures.ts';
import { seriousViolations } from '../support/axe.ts';

// A reader west of Greenwich: a setlist's day must not slip to the evening before.
test.use({ locale: 'en-US', timezoneId: 'America/Los_Angeles' });

const parts = [{ label: 'Verse 1', lines: [{ chords: 'G', lyrics: 'La la' }] }];

async function addSong(
  request: APIRequestContext,
  headers: Record<string, string>,
  song: { title: string; artist?: string; key?: string; tempo?: number },
): Promise<string> {
  return createdId(await request.post('/api/songs', { headers, data: { ...song, parts } }));
}

/** The songs' titles as the table lists them, top to bottom. */
const titles = (page: Page) => page.getByRole('table', { name: 'Songs' }).getByRole('rowheader');

test.describe('song library columns', () => {
  test('Key, Tempo and Last used per song; the Tempo header sorts on the server, both ways', async ({
    page,
    request,
  }) => {
    const leader = await createVerifiedPerson(request, 'Lydia');
    const teamId = await createTeamWith(request, leader, 'Columns Team');
    const headers = await apiSession(request, leader, teamId);
    const grace = await addSong(request, headers, {
      title: 'Amazing Grace',
      artist: 'John Newton',
      key: 'G',
      tempo: 72,
    });
    await addSong(request, headers, { title: 'Be Still', key: 'D', tempo: 120 });
    const fount = await addSong(request, headers, { title: 'Come Thou Fount' });
    await addSong(request, headers, { title: 'Doxology', key: 'C', tempo: 60 });
    for (const [date, songs] of [
      ['2025-12-24', [grace, fount]],
      ['2026-03-01', [grace]],
    ] as const) {
      await createdId(
        await request.post('/api/setlist', {
          headers,
          data: {
            name: `Sunday ${date}`,
            date,
            songs: songs.map((song) => ({ song, leader: null })),
          },
        }),
      );
    }

    await signIn(page, leader);
    await page.goto('/songs');
    const table = page.getByRole('table', { name: 'Songs' });
    await expect(table.getByRole('columnheader')).toHaveText([
      'Title',
      'Artist',
      'Key',
      'Tempo',
      'Last used',
      'Created',
      'Updated',
      'Actions',
    ]);

    // Each cell under its header; the dates of creation and update are today's.
    const row = (title: string) =>
      table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: title }) });
    const today = /\w{3} \d{1,2}, \d{4}/;
    await expect(row('Amazing Grace').getByRole('cell')).toHaveText([
      'John Newton',
      'G',
      '72 BPM',
      'Mar 1, 2026',
      today,
      today,
      '',
    ]);
    await expect(row('Come Thou Fount').getByRole('cell')).toHaveText([
      '—',
      '—',
      '—',
      'Dec 24, 2025',
      today,
      today,
      '',
    ]);
    await expect(row('Be Still').getByRole('cell').nth(3)).toHaveText('Never');
    await expect(row('Doxology').getByRole('cell').nth(3)).toHaveText('Never');
    // The title opens the song's chart; the edit button still opens the form.
    await expect(row('Amazing Grace').getByRole('link', { name: 'Amazing Grace' })).toHaveAttribute(
      'href',
      `/songs/${grace}`,
    );
    await expect(
      row('Amazing Grace').getByRole('button', { name: 'Edit Amazing Grace' }),
    ).toBeVisible();

    // Title order to start with.
    const title = table.getByRole('columnheader', { name: 'Title' });
    const tempo = table.getByRole('columnheader', { name: 'Tempo' });
    await expect(titles(page)).toHaveText([
      'Amazing Grace',
      'Be Still',
      'Come Thou Fount',
      'Doxology',
    ]);
    await expect(title).toHaveAttribute('aria-sort', 'ascending');
    await expect(tempo).not.toHaveAttribute('aria-sort');

    // Tempo, slowest first; a song without a tempo stays last.
    const ascending = page.waitForRequest((r) => /[?&]sort=tempo&dir=asc\b/.test(r.url()));
    await tempo.getByRole('button', { name: 'Tempo' }).click();
    await ascending;
    await expect(titles(page)).toHaveText([
      'Doxology',
      'Amazing Grace',
      'Be Still',
      'Come Thou Fount',
    ]);
    await expect(tempo).toHaveAttribute('aria-sort', 'ascending');
    await expect(title).not.toHaveAttribute('aria-sort');

    // Again: fastest first, the song without a tempo still last.
    const descending = page.waitForRequest((r) => /[?&]sort=tempo&dir=desc\b/.test(r.url()));
    await tempo.getByRole('button', { name: 'Tempo' }).click();
    await descending;
    await expect(titles(page)).toHaveText([
      'Be Still',
      'Amazing Grace',
      'Doxology',
      'Come Thou Fount',
    ]);
    await expect(tempo).toHaveAttribute('aria-sort', 'descending');
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('a new order starts again on the first page', async ({ page, request }) => {
    const leader = await createVerifiedPerson(request, 'Silas');
    const teamId = await createTeamWith(request, leader, 'Paging Team');
    const headers = await apiSession(request, leader, teamId);
    // 26 songs: two pages of 25. The slowest one is last by title.
    for (let i = 1; i <= 25; i += 1) {
      await addSong(request, headers, {
        title: `Hymn ${String(i).padStart(2, '0')}`,
        tempo: 100 + i,
      });
    }
    await addSong(request, headers, { title: 'Zion', tempo: 50 });

    await signIn(page, leader);
    await page.goto('/songs');
    await expect(titles(page)).toHaveCount(25);
    await page.getByRole('button', { name: 'Go to next page' }).click();
    await expect(titles(page)).toHaveText(['Zion']);

    await page.getByRole('button', { name: 'Tempo' }).click();
    await expect(page.getByText('1–25 of 26')).toBeVisible();
    await expect(titles(page)).toHaveCount(25);
    await expect(titles(page).first()).toHaveText('Zion');
  });
});
