import { readFileSync } from 'node:fs';
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

/** The calendar quarter before today's, as the CCLI tab first shows it. */
function lastFullQuarter(today = new Date()) {
  const day = (d: Date) =>
    `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  const start = Math.floor(today.getMonth() / 3) * 3;
  return {
    from: day(new Date(today.getFullYear(), start - 3, 1)),
    to: day(new Date(today.getFullYear(), start, 0)),
  };
}

/** Issue 18: the team's CCLI licence number and what it sang in a period, on screen and as CSV. */
test('an admin saves the licence number, reads the usage report and downloads it as CSV', async ({
  page,
  request,
}) => {
  const owner = await createVerifiedPerson(request, 'Cecily');
  const teamId = await createTeamWith(request, owner, 'CCLI Band');
  const headers = await apiSession(request, owner, teamId);
  const song = async (title: string, artist: string, ccli: string) =>
    createdId(
      await request.post('/api/songs', {
        headers,
        data: {
          title,
          artist,
          ccli,
          parts: [{ label: 'Verse 1', lines: [{ chords: 'G', lyrics: `${title} verse` }] }],
        },
      }),
    );
  const grace = await song('Amazing Grace', 'Newton, John', '4755360');
  const life = await song('Build My Life', 'Housefires', '7070345');
  const setlist = async (date: string, songs: string[]) =>
    createdId(
      await request.post('/api/setlist', {
        headers,
        data: {
          name: `Service ${date}`,
          date,
          songs: songs.map((s) => ({ song: s, leader: null })),
        },
      }),
    );
  await setlist('2030-01-05', [grace, life]);
  await setlist('2030-02-09', [grace]);
  await setlist('2030-04-06', [grace, life]);

  await signIn(page, owner);
  await page.goto('/teams');
  await page.getByRole('tab', { name: 'CCLI' }).click();

  // The licence number: saved, and still there when the page is opened again.
  const licence = page.getByLabel('CCLI Licence Number');
  await expect(licence).toHaveValue('');
  await licence.fill(' 1234567 ');
  await page.getByRole('button', { name: 'Save Licence' }).click();
  await expect(page.getByText('CCLI licence number saved')).toBeVisible();
  await page.reload();
  await page.getByRole('tab', { name: 'CCLI' }).click();
  await expect(page.getByLabel('CCLI Licence Number')).toHaveValue('1234567');

  // The period starts as the last full quarter.
  const from = page.getByLabel('From', { exact: true });
  const to = page.getByLabel('To', { exact: true });
  const quarter = lastFullQuarter();
  await expect(from).toHaveValue(quarter.from);
  await expect(to).toHaveValue(quarter.to);

  await from.fill('2030-01-01');
  await to.fill('2030-03-31');
  const table = page.getByRole('table', {
    name: 'Songs used in 2 services from 2030-01-01 to 2030-03-31.',
  });
  await expect(table.getByRole('columnheader')).toHaveText([
    'Title',
    'Artist',
    'CCLI Song Number',
    'Uses',
    'Last Used',
  ]);
  const graceRow = table.getByRole('row').filter({ hasText: 'Amazing Grace' });
  await expect(graceRow.getByRole('rowheader')).toHaveText('Amazing Grace');
  await expect(graceRow.getByRole('cell')).toHaveText([
    'Newton, John',
    '4755360',
    '2',
    '2030-02-09',
  ]);
  const lifeRow = table.getByRole('row').filter({ hasText: 'Build My Life' });
  await expect(lifeRow.getByRole('cell')).toHaveText(['Housefires', '7070345', '1', '2030-01-05']);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('ccli-report-2030-01-01-to-2030-03-31.csv');
  expect(readFileSync(await file.path(), 'utf8')).toBe(
    '\uFEFF' +
      'Title,Artist,CCLI Song Number,Uses,Last Used\r\n' +
      'Amazing Grace,"Newton, John",4755360,2,2030-02-09\r\n' +
      'Build My Life,Housefires,7070345,1,2030-01-05\r\n',
  );

  // On a phone the page does not scroll sideways: the table scrolls within itself.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(table).toBeVisible();
  await expectNoSidewaysScroll(page, 'the CCLI report');

  // A period without services, and one that is not a period.
  await from.fill('2031-01-01');
  await to.fill('2031-03-31');
  await expect(page.getByText('No songs were used in this period.')).toBeVisible();
  await from.fill('2031-04-01');
  await expect(page.getByText('From must be on or before To.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download CSV' })).toBeDisabled();
});
