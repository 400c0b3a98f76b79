import {
  apiSession,
  createdId,
  createTeamWith,
  createVerifiedPerson,
  expect,
  signIn,
  test,
} from '../support/fixtures.ts';
import { songOrder } from '../support/setlist-form.ts';

/**
 * Issue 18: a real order of service plays a song again (a reprise), and a clone is for
 * another day, which it asks for.
 */

const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test('a song is played again as a reprise, and Clone asks for the new date', async ({
  page,
  request,
}) => {
  const leader = await createVerifiedPerson(request, 'Asaph');
  const teamId = await createTeamWith(request, leader, 'Reprise Team');
  const headers = await apiSession(request, leader, teamId);
  for (const title of ['Holy Forever', 'Gratitude']) {
    await createdId(
      await request.post('/api/songs', {
        headers,
        data: {
          title,
          parts: [{ label: 'Verse', lines: [{ chords: '', lyrics: `${title} words` }] }],
        },
      }),
    );
  }
  await signIn(page, leader);
  await page.goto('/setlists/new');
  await page.getByLabel('Setlist Name').fill('Sunday Evening');
  await page.getByLabel('Date').fill(day(3));
  const picker = page.getByRole('combobox', { name: 'Songs' });
  for (const title of ['Holy Forever', 'Gratitude']) {
    await picker.click();
    await picker.fill(title.slice(0, 5));
    await page.getByRole('option', { name: new RegExp(title) }).click();
  }
  await page.keyboard.press('Escape');

  // "Play again" adds the song once more at the end, with its own controls.
  await page.getByRole('button', { name: 'Play Holy Forever again' }).click();
  await expect
    .poll(() => songOrder(page))
    .toEqual(['Holy Forever', 'Gratitude', 'Holy Forever (reprise)']);
  await expect(page.getByRole('button', { name: 'Move Holy Forever (reprise) up' })).toBeEnabled();
  await page.getByRole('button', { name: 'Create Setlist' }).click();
  await expect(page).toHaveURL(/\/setlists\/view\//);
  const setlistId = page.url().split('/').pop()!;
  const stored = (await (await request.get(`/api/setlist/${setlistId}`, { headers })).json()) as {
    songs: { song: { title: string } }[];
  };
  expect(stored.songs.map((entry) => entry.song.title)).toEqual([
    'Holy Forever',
    'Gratitude',
    'Holy Forever',
  ]);

  // Removing the reprise's chip in the picker removes that one only.
  await page.goto(`/setlists/edit/${setlistId}`);
  await expect
    .poll(() => songOrder(page))
    .toEqual(['Holy Forever', 'Gratitude', 'Holy Forever (reprise)']);
  const chips = page.getByRole('button', { name: 'Holy Forever', exact: true });
  await expect(chips).toHaveCount(2);
  await chips.nth(1).locator('svg').click();
  await expect.poll(() => songOrder(page)).toEqual(['Holy Forever', 'Gratitude']);
  await page.getByRole('button', { name: 'Play Gratitude again' }).click();

  // Clone asks for the copy's day: a week later by default; here, two weeks later.
  await page.getByRole('button', { name: 'Clone' }).click();
  const dialog = page.getByRole('dialog', { name: 'Clone Setlist' });
  await expect(dialog.getByLabel('Date of the copy')).toHaveValue(day(10));
  await dialog.getByLabel('Date of the copy').fill(day(17));
  await dialog.getByRole('button', { name: 'Clone' }).click();
  await expect(page.getByText('Setlist cloned')).toBeVisible();
  await expect(page.getByLabel('Setlist Name')).toHaveValue('Sunday Evening (Copy)');
  await expect(page.getByLabel('Date')).toHaveValue(day(17));
  await expect
    .poll(() => songOrder(page))
    .toEqual(['Holy Forever', 'Gratitude', 'Gratitude (reprise)']);
});
