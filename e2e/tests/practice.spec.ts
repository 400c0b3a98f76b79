import type { APIRequestContext, Locator, Page } from '@playwright/test';
import {
  apiSession,
  createdId,
  createTeamWith,
  createVerifiedPerson,
  expect,
  signIn,
  teamWhereOnlyAdminsEditSongs,
  test,
} from '../support/fixtures.ts';
import { seriousViolations } from '../support/axe.ts';
import { expectNoSidewaysScroll } from '../support/layout.ts';
import { toneWav, uploadRecording } from '../support/wav.ts';

/** Each part of the recording lasts 2 s: Verse from 0, Chorus from 2 s, Bridge from 4 s. */
const PART_MS = 2000;
const LABELS = ['Verse', 'Chorus', 'Bridge'] as const;

/** One tone a part (A4, C#5, E5), so each part's place in the recording is known exactly. */
const partsWav = () => toneWav([440, 554.37, 659.25], PART_MS);

interface SongSetup {
  songId: string;
  partIds: string[];
  headers: Record<string, string>;
}

/** A song in G with three parts and the recording of them, made by `headers`' person. */
async function songWithRecording(
  request: APIRequestContext,
  headers: Record<string, string>,
  title = 'Rehearsal Hymn',
): Promise<SongSetup> {
  const songId = await createdId(
    await request.post('/api/songs', {
      data: {
        title,
        artist: 'Segue Band',
        key: 'G',
        parts: LABELS.map((label, i) => ({
          label,
          lines: [{ chords: ['G', 'C', 'D'][i], lyrics: `${label} words` }],
        })),
      },
      headers,
    }),
  );
  const song = (await (await request.get(`/api/songs/${songId}`, { headers })).json()) as {
    parts: { id: string; label: string }[];
  };
  await uploadRecording(request, headers, songId, 'Band demo', partsWav());
  return { songId, partIds: song.parts.map((part) => part.id), headers };
}

/** The page's player: where the recording is, as the page shows it (data-position-ms). */
function playerOf(page: Page) {
  return page.getByRole('region', { name: 'Player' });
}

async function positionMs(player: Locator): Promise<number> {
  return Number(await player.getAttribute('data-position-ms'));
}

/** Waits until the recording has played past `ms`. */
async function playedPast(player: Locator, ms: number) {
  await expect
    .poll(() => positionMs(player), { intervals: [25], timeout: 15_000 })
    .toBeGreaterThanOrEqual(ms);
}

/** A time under 10 s as a mark's slider says it, to the tenth: "0:02.5". */
function tenths(ms: number) {
  return `0:0${(Math.round(ms / 100) / 10).toFixed(1)}`;
}

/** The chart's part marked current (the one the recording is in). */
function currentPart(page: Page) {
  return page.locator('section[data-chart-part][aria-current="true"]');
}

test.describe('practice mode', () => {
  test.describe('with the stretch player', () => {
    test('an editor marks the parts as the recording plays; the chart follows, jumps and loops; tempo and pitch', async ({
      page,
      request,
    }) => {
      test.setTimeout(180_000);
      const leader = await createVerifiedPerson(request, 'Priya');
      const teamId = await createTeamWith(request, leader, 'Practice Team');
      const setup = await songWithRecording(request, await apiSession(request, leader, teamId));

      await signIn(page, leader);
      await page.goto(`/songs/${setup.songId}`);
      await page.getByRole('link', { name: 'Practise' }).click();
      await expect(page).toHaveURL(new RegExp(`/songs/${setup.songId}/practice$`));
      await expect(page.getByRole('heading', { level: 1, name: 'Rehearsal Hymn' })).toBeVisible();

      const player = playerOf(page);
      const play = player.getByRole('button', { name: 'Play' });
      await expect(play).toBeEnabled({ timeout: 20_000 });
      await expect(player).toHaveAttribute('data-engine', 'stretch');
      await expect(player.getByText('0:00 / 0:06')).toBeVisible();
      const parts = page.getByRole('list', { name: 'Parts' });
      await expect(parts.getByText('not marked')).toHaveCount(3);

      // Marking: a tap on a part's name marks it where the recording is.
      await page.getByRole('button', { name: 'Mark parts' }).click();
      await parts.getByRole('button', { name: 'Mark Verse' }).click();
      await play.click();
      // Where the recording was just before and just after each tap: the mark is in between.
      const tapped: { before: number; after: number }[] = [];
      for (const [label, startMs] of [
        ['Chorus', PART_MS],
        ['Bridge', 2 * PART_MS],
      ] as const) {
        await playedPast(player, startMs);
        const before = await positionMs(player);
        await parts.getByRole('button', { name: `Mark ${label}` }).click();
        tapped.push({ before, after: await positionMs(player) });
      }
      await player.getByRole('button', { name: 'Pause' }).click();
      await expect(page.getByText('3 marks')).toBeVisible();

      const saved = page.waitForRequest((r) => r.method() === 'PUT' && r.url().endsWith('/marks'));
      await page.getByRole('button', { name: 'Save marks' }).click();
      const put = await saved;
      expect(put.headers()['x-team-id']).toBe(teamId);
      const marks = put.postDataJSON() as { partId: string; atMs: number }[];
      expect(marks.map((mark) => mark.partId)).toEqual(setup.partIds);
      expect(marks[0]!.atMs).toBe(0);
      // The page learns the position every 50 ms, so a tap's time is within that of the readout's.
      for (const [i, { before, after }] of tapped.entries()) {
        expect(marks[i + 1]!.atMs).toBeGreaterThanOrEqual(before);
        expect(marks[i + 1]!.atMs).toBeLessThanOrEqual(after + 60);
        expect(marks[i + 1]!.atMs).toBeLessThan((i + 2) * PART_MS);
      }
      expect((await put.response())?.status()).toBe(200);
      await expect(page.getByText('Marks saved.')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Mark parts' })).toBeVisible();
      await expect(parts.getByRole('button', { name: 'Jump to Verse' })).toContainText('0:00');
      // Shown as a player shows a time, to the nearest second.
      await expect(parts.getByRole('button', { name: 'Jump to Chorus' })).toContainText(
        `0:0${Math.round(marks[1]!.atMs / 1000)}`,
      );

      // Following: from the start, the chart marks the part the recording is in.
      await parts.getByRole('button', { name: 'Jump to Verse' }).click();
      await expect.poll(() => positionMs(player)).toBeLessThan(300);
      await expect(currentPart(page)).toHaveAccessibleName('Verse');
      await play.click();
      await expect(currentPart(page)).toHaveAccessibleName('Chorus', { timeout: 15_000 });
      expect(await positionMs(player)).toBeGreaterThanOrEqual(marks[1]!.atMs - 100);
      await expect(currentPart(page)).toHaveAccessibleName('Bridge', { timeout: 15_000 });
      expect(await positionMs(player)).toBeGreaterThanOrEqual(marks[2]!.atMs - 100);
      await expect(parts.getByRole('button', { name: 'Jump to Bridge' })).toHaveAttribute(
        'aria-current',
        'true',
      );
      // The recording ends, and the player stops at its end.
      await expect(player).toHaveAttribute('data-playing', 'false', { timeout: 15_000 });

      // Loop: the Chorus again and again, from its mark back to its mark.
      await parts.getByRole('button', { name: 'Jump to Chorus' }).click();
      await page.getByRole('switch', { name: 'Loop part' }).check();
      await play.click();
      const seen: number[] = [];
      const until = Date.now() + 3 * PART_MS;
      while (Date.now() < until) {
        seen.push(await positionMs(player));
        await page.waitForTimeout(50);
      }
      // Never past the Chorus's end, never before its mark, and back to the mark at least once.
      expect(Math.max(...seen)).toBeLessThanOrEqual(marks[2]!.atMs + 150);
      expect(Math.min(...seen)).toBeGreaterThanOrEqual(marks[1]!.atMs - 50);
      const wrapped = seen.findIndex((ms, i) => i > 0 && ms < seen[i - 1]! - 500);
      expect(wrapped, `positions seen: ${seen.join(', ')}`).toBeGreaterThan(0);
      expect(seen[wrapped]!).toBeLessThan(marks[1]!.atMs + 400);
      await expect(currentPart(page)).toHaveAccessibleName('Chorus');
      await player.getByRole('button', { name: 'Pause' }).click();
      await page.getByRole('switch', { name: 'Loop part' }).uncheck();

      // Tempo 75%: the recording runs at three quarters of its speed, its pitch kept.
      const tempo = page.getByRole('slider', { name: 'Tempo' });
      await tempo.focus();
      for (let i = 0; i < 5; i += 1) await tempo.press('ArrowLeft');
      await expect(tempo).toHaveAttribute('aria-valuetext', '75%');
      await expect(page.locator('[data-tempo]')).toHaveText('75%');
      await expect(player).toHaveAttribute('data-rate', '0.75');
      await parts.getByRole('button', { name: 'Jump to Verse' }).click();
      await play.click();
      await playedPast(player, 100);
      const from = { ms: await positionMs(player), at: Date.now() };
      await page.waitForTimeout(1500);
      const speed = ((await positionMs(player)) - from.ms) / (Date.now() - from.at);
      expect(speed).toBeGreaterThan(0.55);
      expect(speed).toBeLessThan(0.95);
      await player.getByRole('button', { name: 'Pause' }).click();

      // Pitch +2: the song in G sounds in A, and the chart shows it in A.
      const pitch = page.getByRole('group', { name: 'Pitch' });
      await pitch.getByRole('button', { name: 'Pitch up' }).click();
      await pitch.getByRole('button', { name: 'Pitch up' }).click();
      await expect(pitch).toContainText('+2 (key A)');
      await expect(player).toHaveAttribute('data-semitones', '2');
      await expect(page.locator('[data-chart-facts]')).toHaveText('Key A');
      await expect(page.getByText(/More than 4 semitones/)).toHaveCount(0);

      expect(await seriousViolations(page)).toEqual([]);
      await page.setViewportSize({ width: 390, height: 844 });
      await expectNoSidewaysScroll(page, 'practice mode');

      // The server kept the marks, sorted by time.
      const media = await request.get(`/api/songs/${setup.songId}/media`, {
        headers: setup.headers,
      });
      const kept = (await media.json()) as { recordings: { marks: unknown[] }[] };
      expect(kept.recordings[0]!.marks).toEqual(marks);

      // On the waveform, at a phone's width: the Chorus's mark moved with the keys, then dragged.
      const chorus = page.getByRole('slider', { name: 'Mark for Chorus' });
      await expect(chorus).toHaveAttribute('aria-valuenow', String(marks[1]!.atMs));
      await expect(chorus).toHaveAttribute('aria-valuetext', `Chorus at ${tenths(marks[1]!.atMs)}`);
      await chorus.focus();
      for (let i = 0; i < 3; i += 1) await chorus.press('ArrowRight');
      await chorus.press('PageUp');
      await expect(chorus).toHaveAttribute('aria-valuenow', String(marks[1]!.atMs + 1300));
      await chorus.press('Shift+ArrowLeft');
      await expect(chorus).toHaveAttribute('aria-valuenow', String(marks[1]!.atMs + 300));
      // Moving is not tapping: Save marks and Cancel, no Undo, and a part's name still jumps.
      await expect(page.getByText('Marks moved')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Undo last mark' })).toHaveCount(0);
      await parts.getByRole('button', { name: 'Jump to Bridge' }).click();
      await expect.poll(() => positionMs(player)).toBe(marks[2]!.atMs);
      await expect(page.getByRole('slider', { name: /^Mark for / })).toHaveCount(3);

      // Dragged past the Bridge's mark, it stops there; then a second back, and dragged 30 px.
      const waveform = page.getByRole('img', { name: 'Waveform of the recording' });
      const wave = (await waveform.boundingBox())!;
      const dragBy = async (toX: (x: number) => number) => {
        const handle = (await chorus.boundingBox())!;
        const [x, y] = [handle.x + handle.width / 2, handle.y + handle.height / 2];
        await page.mouse.move(x, y);
        await page.mouse.down();
        await page.mouse.move(toX(x), y, { steps: 5 });
        await page.mouse.up();
      };
      await dragBy(() => wave.x + wave.width);
      await expect(chorus).toHaveAttribute('aria-valuenow', String(marks[2]!.atMs));
      await expect(chorus).toBeFocused();
      await chorus.press('PageDown');
      await expect(chorus).toHaveAttribute('aria-valuenow', String(marks[2]!.atMs - 1000));
      await dragBy((x) => x - 30);
      const expected = marks[2]!.atMs - 1000 - (30 / wave.width) * 3 * PART_MS;
      const movedTo = Number(await chorus.getAttribute('aria-valuenow'));
      expect(Math.abs(movedTo - expected), `dragged to ${movedTo}`).toBeLessThan(20);

      const resaved = page.waitForRequest(
        (r) => r.method() === 'PUT' && r.url().endsWith('/marks'),
      );
      await page.getByRole('button', { name: 'Save marks' }).click();
      const moved = (await resaved).postDataJSON() as { partId: string; atMs: number }[];
      expect(moved).toEqual([marks[0], { ...marks[1], atMs: movedTo }, marks[2]]);
      await expect(page.getByRole('button', { name: 'Mark parts' })).toBeVisible();
      await page.reload();
      await expect(play).toBeEnabled({ timeout: 20_000 });
      await expect(chorus).toHaveAttribute('aria-valuenow', String(movedTo));
      await expect(chorus).toHaveAttribute('aria-valuetext', `Chorus at ${tenths(movedTo)}`);

      // A tap on the waveform goes there: a fifth of the way in is the Verse, 90% the Bridge.
      await waveform.click({ position: { x: wave.width * 0.2, y: wave.height / 2 } });
      await expect(player.getByText('0:01 / 0:06')).toBeVisible();
      await expect.poll(() => positionMs(player)).toBeGreaterThan(1150);
      await expect(currentPart(page)).toHaveAccessibleName('Verse');
      await waveform.click({ position: { x: wave.width * 0.9, y: wave.height / 2 } });
      await expect(player.getByText('0:05 / 0:06')).toBeVisible();
      await expect(currentPart(page)).toHaveAccessibleName('Bridge');
    });

    test("a member opened with a service's key: the pitch moves to it, with a warning past 4 semitones, and no marking", async ({
      page,
      request,
    }) => {
      const { member, ownerApi } = await teamWhereOnlyAdminsEditSongs(request, {
        owner: 'Oren',
        member: 'Maya',
        team: 'Service Key Team',
      });
      const setup = await songWithRecording(request, ownerApi);
      const media = (await (
        await request.get(`/api/songs/${setup.songId}/media`, { headers: ownerApi })
      ).json()) as { recordings: { id: string }[] };
      const marked = await request.put(`/api/media/${media.recordings[0]!.id}/marks`, {
        data: [
          { partId: setup.partIds[2], atMs: 4000 },
          { partId: setup.partIds[0], atMs: 0 },
          { partId: setup.partIds[1], atMs: 2000 },
        ],
        headers: ownerApi,
      });
      expect(marked.status(), await marked.text()).toBe(200);

      const setlistId = await createdId(
        await request.post('/api/setlist', {
          data: {
            name: 'Rehearsal Sunday',
            date: new Date().toISOString().slice(0, 10),
            songs: [{ song: setup.songId, leader: null, key: 'A' }],
            positions: [],
          },
          headers: ownerApi,
        }),
      );

      await signIn(page, member);
      await page.goto(`/songs/${setup.songId}`);
      await expect(page.getByRole('link', { name: 'Practise' })).toBeVisible();
      // The team lets only admins edit songs: the song view offers this member no Edit.
      await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0);
      // From the setlist, in the key it is played in there: G to A, two up.
      await page.goto(`/setlists/view/${setlistId}`);
      await page.getByRole('link', { name: 'Practise Rehearsal Hymn' }).click();
      await expect(page).toHaveURL(new RegExp(`/songs/${setup.songId}/practice\\?key=A$`));
      const pitch = page.getByRole('group', { name: 'Pitch' });
      await expect(playerOf(page).getByRole('button', { name: 'Play' })).toBeEnabled({
        timeout: 20_000,
      });
      await expect(pitch).toContainText('+2 (key A)');
      await expect(page.getByText('Pitch set for the service’s key, A.')).toBeVisible();
      await expect(page.getByText(/More than 4 semitones/)).toHaveCount(0);
      // G to C#: six up, past 4: said.
      await page.goto(`/songs/${setup.songId}/practice?key=C%23`);
      await expect(pitch).toContainText('+6 (key Db)');
      await expect(page.getByText(/More than 4 semitones/)).toBeVisible();
      await pitch.getByRole('button', { name: 'Pitch down' }).click();
      await pitch.getByRole('button', { name: 'Pitch down' }).click();
      await expect(pitch).toContainText('+4 (key B)');
      await expect(page.getByText(/More than 4 semitones/)).toHaveCount(0);

      // The marks the owner set, and no marking for a member who may not edit the song.
      const parts = page.getByRole('list', { name: 'Parts' });
      await expect(parts.getByRole('button', { name: 'Jump to Bridge' })).toContainText('0:04');
      await expect(page.getByRole('button', { name: 'Mark parts' })).toHaveCount(0);
      await expect(page.getByRole('slider', { name: 'Mark for Chorus' })).toHaveAttribute(
        'aria-readonly',
        'true',
      );
      await parts.getByRole('button', { name: 'Jump to Bridge' }).click();
      await expect(currentPart(page)).toHaveAccessibleName('Bridge');
      await expect.poll(() => positionMs(playerOf(page))).toBe(4000);
      expect(await seriousViolations(page)).toEqual([]);
    });
  });

  test('practise the set: from the dashboard, its songs in order and in their keys, the next one playing when a recording ends', async ({
    page,
    request,
  }) => {
    const owner = await createVerifiedPerson(request, 'Nadia');
    const teamId = await createTeamWith(request, owner, 'Set Practice Team');
    const headers = await apiSession(request, owner, teamId);
    const ownerId = (
      (await (await request.get('/api/account', { headers })).json()) as {
        $id: string;
      }
    ).$id;
    const first = await songWithRecording(request, headers, 'First Hymn');
    const second = await songWithRecording(request, headers, 'Second Hymn');
    // The first song's Bridge is marked at 4 s: played from there, it ends 2 s later.
    const media = (await (
      await request.get(`/api/songs/${first.songId}/media`, { headers })
    ).json()) as { recordings: { id: string }[] };
    const marked = await request.put(`/api/media/${media.recordings[0]!.id}/marks`, {
      data: first.partIds.map((partId, i) => ({ partId, atMs: i * PART_MS })),
      headers,
    });
    expect(marked.status(), await marked.text()).toBe(200);
    const setlistId = await createdId(
      await request.post('/api/setlist', {
        data: {
          name: 'Rehearsal Sunday',
          date: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
          songs: [
            { song: first.songId, leader: ownerId, key: 'A' },
            { song: second.songId, leader: ownerId },
          ],
          items: [{ title: 'Welcome', notes: '', duration: 60, at: 1 }],
          positions: [],
        },
        headers,
      }),
    );

    await signIn(page, owner);
    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'Practise the set' }).click();
    await expect(page).toHaveURL(new RegExp(`/setlists/practice/${setlistId}$`));
    const songs = page.getByRole('navigation', { name: 'Songs of the set' });
    await expect(songs).toContainText('Rehearsal Sunday: song 1 of 2');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('First Hymn');
    const player = playerOf(page);
    await expect(player.getByRole('button', { name: 'Play' })).toBeEnabled({ timeout: 20_000 });
    // Its key at this service: G to A.
    await expect(page.getByRole('group', { name: 'Pitch' })).toContainText('+2 (key A)');
    await expect(songs.getByRole('button', { name: 'Previous song' })).toBeDisabled();

    // Played from the Bridge to the end, the set goes on to the next song (the item is skipped),
    // which plays in its own key.
    await page
      .getByRole('list', { name: 'Parts' })
      .getByRole('button', { name: 'Jump to Bridge' })
      .click();
    await player.getByRole('button', { name: 'Play' }).click();
    await expect(songs).toContainText('Rehearsal Sunday: song 2 of 2', { timeout: 15_000 });
    await expect(page).toHaveURL(/\?song=2$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Second Hymn');
    await expect(player.getByRole('button', { name: 'Pause' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('group', { name: 'Pitch' })).toContainText('0 (key G)');
    await expect(songs.getByRole('button', { name: 'Next song' })).toBeDisabled();
    await player.getByRole('button', { name: 'Pause' }).click();

    // Back by hand; the back arrow leads to the setlist, which offers the set too.
    await songs.getByRole('button', { name: 'Previous song' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('First Hymn');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Back to the setlist' }).click();
    await expect(page).toHaveURL(new RegExp(`/setlists/view/${setlistId}$`));
    await page.getByRole('link', { name: 'Practise the set' }).click();
    await expect(songs).toContainText('Rehearsal Sunday: song 1 of 2');
  });

  test("under the server's own Content-Security-Policy; without AudioWorklet, the <audio> player; a song without recordings says so", async ({
    page,
    request,
  }) => {
    const leader = await createVerifiedPerson(request, 'Sol');
    const teamId = await createTeamWith(request, leader, 'Policy Team');
    const headers = await apiSession(request, leader, teamId);
    const setup = await songWithRecording(request, headers);
    await signIn(page, leader);

    // The server's policy lets the worklet compile its WebAssembly, and nothing else.
    const answer = await page.goto(`/songs/${setup.songId}/practice`);
    const policy = (await answer?.headerValue('content-security-policy')) ?? '';
    expect(policy).toContain("script-src 'self' 'wasm-unsafe-eval';");
    const player = playerOf(page);
    await expect(player.getByRole('button', { name: 'Play' })).toBeEnabled({ timeout: 20_000 });
    await expect(player).toHaveAttribute('data-engine', 'stretch');
    await player.getByRole('button', { name: 'Play' }).click();
    await playedPast(player, 500);
    await player.getByRole('button', { name: 'Pause' }).click();

    // A browser without AudioWorklet: the recording plays through <audio>, its tempo alone
    // changeable.
    await page.addInitScript(() => {
      delete (window as { AudioWorkletNode?: unknown }).AudioWorkletNode;
    });
    await page.reload();
    await expect(player.getByRole('button', { name: 'Play' })).toBeEnabled({ timeout: 20_000 });
    await expect(player).toHaveAttribute('data-engine', 'element');
    await expect(page.getByText(/can change the tempo here but not the pitch/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pitch up' })).toBeDisabled();
    await player.getByRole('button', { name: 'Play' }).click();
    await playedPast(player, 500);
    await player.getByRole('button', { name: 'Pause' }).click();

    const bare = await createdId(
      await request.post('/api/songs', {
        data: {
          title: 'Unrecorded',
          parts: [{ label: 'Verse', lines: [{ chords: 'G', lyrics: 'Words' }] }],
        },
        headers,
      }),
    );
    await page.goto(`/songs/${bare}/practice`);
    await expect(
      page.getByText('This song has no recordings yet.', { exact: false }),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Go to the song' }).click();
    await expect(page).toHaveURL(new RegExp(`/songs/${bare}$`));
  });
});
