import {
  apiSession,
  createdId,
  createTeamWith,
  createVerifiedPerson,
  expect,
  signIn,
  test,
} from '../support/fixtures.ts';
import { installed } from '../support/service-worker.ts';
import { toneWav, uploadRecording } from '../support/wav.ts';

/**
 * On request, the recordings of the coming services are kept on the phone too, so practice mode
 * works on the train (docs/DECISIONS.md, "Recordings kept for practice").
 */
test.use({ serviceWorkers: 'allow' });

/** A day `days` from today, as the setlist form sends it. */
function dayFromToday(days: number): string {
  return new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

test('a kept recording plays in practice mode offline, never downloaded there; removed, practice says it is not kept', async ({
  page,
  context,
  request,
}) => {
  const leader = await createVerifiedPerson(request, 'Ruth');
  const member = await createVerifiedPerson(request, 'Tomas');
  const teamId = await createTeamWith(request, leader, 'Commuter Band', [member]);
  const headers = await apiSession(request, leader, teamId);
  const songId = await createdId(
    await request.post('/api/songs', {
      headers,
      data: {
        title: 'Train Hymn',
        key: 'G',
        parts: [{ label: 'Verse', lines: [{ chords: 'G', lyrics: 'Rolling words' }] }],
      },
    }),
  );
  // 6 s of 8 kHz 16-bit mono: 96,044 bytes, 94 KB.
  await uploadRecording(
    request,
    headers,
    songId,
    'Band demo',
    toneWav([440, 554.37, 659.25], 2000),
  );
  await createdId(
    await request.post('/api/setlist', {
      headers,
      data: {
        name: 'Sunday Morning',
        date: dayFromToday(3),
        songs: [{ song: songId, leader: null }],
        positions: [],
      },
    }),
  );

  // Asked for in Account Settings: kept, with its size shown.
  await signIn(page, member);
  await page.goto('/settings');
  await installed(page);
  const keepRecordings = page.getByRole('switch', { name: 'Keep recordings for offline practice' });
  await expect(keepRecordings).not.toBeChecked();
  await keepRecordings.check();
  const recordingsLine = page
    .getByRole('status')
    .filter({ hasText: /^(Recordings kept: |No recordings are kept)/ });
  await expect(recordingsLine).toHaveText('Recordings kept: 1 (94 KB).', { timeout: 20_000 });

  // On the train: practice mode opens from the kept copy, and the recording plays from the device.
  await context.setOffline(true);
  const downloads: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/media/')) downloads.push(r.url());
  });
  await page.goto(`/songs/${songId}/practice`);
  await expect(page.getByRole('heading', { level: 1, name: 'Train Hymn' })).toBeVisible();
  const player = page.getByRole('region', { name: 'Player' });
  const play = player.getByRole('button', { name: 'Play' });
  await expect(play).toBeEnabled({ timeout: 20_000 });
  // The worklet is precached too: tempo and pitch work offline.
  await expect(player).toHaveAttribute('data-engine', 'stretch');
  await play.click();
  await expect
    .poll(async () => Number(await player.getAttribute('data-position-ms')), { timeout: 15_000 })
    .toBeGreaterThanOrEqual(500);
  await player.getByRole('button', { name: 'Pause' }).click();
  // Marks are saved on the server: marking waits for the connection, as every change does.
  await expect(page.getByRole('button', { name: 'Mark parts' })).toBeDisabled();
  expect(downloads).toEqual([]);

  // Removed from the device (offline too): the line says so, and practice says why it cannot play.
  await page.goto('/settings');
  await expect(recordingsLine).toHaveText('Recordings kept: 1 (94 KB).');
  await page.getByRole('button', { name: 'Remove kept recordings' }).click();
  await expect(recordingsLine).toHaveText('No recordings are kept on this device.');
  await expect(page.getByRole('button', { name: 'Remove kept recordings' })).toBeDisabled();
  await page.goto(`/songs/${songId}/practice`);
  await expect(page.getByText('This recording is not kept on this device:')).toBeVisible();
});
