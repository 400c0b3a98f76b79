import type { APIRequestContext, Page } from '@playwright/test';
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
import { toneWav } from '../support/wav.ts';

/** What the server says of a file that is not audio it can play (MEDIA_TEXTS.wrongType). */
const WRONG_TYPE =
  'This file is not a recording Segue can play: use MP3, M4A (AAC), OGG, WAV or FLAC.';

/** `seconds` of a 440 Hz tone, so its length is known exactly. */
const sineWav = (seconds: number) => toneWav([440], seconds * 1000);

const song = (title: string) => ({
  title,
  artist: 'Segue Band',
  parts: [{ label: 'Verse 1', lines: [{ chords: 'G', lyrics: `${title} words` }] }],
});

async function createSong(request: APIRequestContext, headers: Record<string, string>) {
  return createdId(await request.post('/api/songs', { data: song('Cornerstone'), headers }));
}

/** Play loads the file (with the session and the team, as every call) and the player plays it. */
async function expectPlays(page: Page, name: string) {
  const fetched = page.waitForResponse(
    (r) => r.request().method() === 'GET' && /\/api\/media\/[^/?]+$/.test(r.url()),
  );
  await page.getByRole('button', { name: `Play ${name}` }).click();
  expect((await fetched).status()).toBe(200);
  const player = page.getByLabel(`Recording ${name}`, { exact: true });
  await expect(player).toHaveAttribute('src', /^blob:/);
  // The browser read the file: its length is the tone's.
  await expect
    .poll(() => player.evaluate((audio: HTMLAudioElement) => Math.round(audio.duration)))
    .toBe(3);
}

test.describe("a song's recordings and links", () => {
  test('an editor adds, plays and deletes a recording and a link; a text file is refused', async ({
    page,
    context,
    request,
  }) => {
    const leader = await createVerifiedPerson(request, 'Miriam');
    const teamId = await createTeamWith(request, leader, 'Recordings Team');
    const headers = await apiSession(request, leader, teamId);
    const songId = await createSong(request, headers);

    await signIn(page, leader);
    await page.goto(`/songs/${songId}`);
    const section = page.getByRole('region', { name: 'Recordings' });
    await expect(section.getByRole('heading', { level: 2, name: 'Recordings' })).toBeVisible();
    await expect(section.getByText('No recordings yet.')).toBeVisible();
    await expect(section.getByText('No links yet.')).toBeVisible();
    await expect(section.getByText(/^0 MB of \d+ MB used$/)).toBeVisible();

    // A file is chosen: it is offered under its name without the extension, which may change.
    await section.getByLabel('Recording file').setInputFiles({
      name: 'Rehearsal take.wav',
      mimeType: 'audio/wav',
      buffer: sineWav(3),
    });
    const name = section.getByLabel('Recording name');
    await expect(name).toHaveValue('Rehearsal take');
    await expect(name).toBeFocused();
    await name.fill('Full band take');
    const posted = page.waitForRequest(
      (r) => r.method() === 'POST' && r.url().includes(`/api/songs/${songId}/media?`),
    );
    await section.getByRole('button', { name: 'Upload', exact: true }).click();
    const upload = await posted;
    expect(new URL(upload.url()).searchParams.get('name')).toBe('Full band take');
    expect(upload.headers()['x-team-id']).toBe(teamId);
    // The file's bytes as they are, not a form: the server read all of them as a WAV.
    const answer = await upload.response();
    expect(answer?.status()).toBe(201);
    expect(await answer?.json()).toMatchObject({
      name: 'Full band take',
      type: 'audio/wav',
      size: sineWav(3).length,
      durationMs: 3000,
    });

    const take = section.getByRole('listitem').filter({ hasText: 'Full band take' });
    await expect(take).toContainText('0:03');
    await expect(take).toContainText('Added by Miriam Tester');
    await expect(section.getByText('No recordings yet.')).toHaveCount(0);
    await expect(section.getByText(/^0\.1 MB of \d+ MB used$/)).toBeVisible();
    await expectPlays(page, 'Full band take');

    // A link that is not https is refused in the form, and nothing is sent.
    const links = section.getByRole('region', { name: 'Reference links' });
    await links.getByLabel('Link address').fill('http://example.com/video');
    await links.getByRole('button', { name: 'Add link' }).click();
    await expect(
      links.getByText('A link must be a web address starting with https://.'),
    ).toBeVisible();
    await expect(links.getByRole('listitem')).toHaveCount(0);

    await links.getByLabel('Link address').fill('https://www.example.com/watch?v=segue');
    await links.getByLabel('Link name (optional)').fill('Rehearsal video');
    await links.getByRole('button', { name: 'Add link' }).click();
    const video = links.getByRole('link', { name: 'Rehearsal video' });
    await expect(video).toHaveAttribute('href', 'https://www.example.com/watch?v=segue');
    await expect(video).toHaveAttribute('target', '_blank');
    await expect(video).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(links.getByLabel('Link address')).toHaveValue('');
    // Left unnamed, a link is named after its host.
    await links.getByLabel('Link address').fill('https://www.example.org/chart');
    await links.getByRole('button', { name: 'Add link' }).click();
    await expect(links.getByRole('link', { name: 'example.org' })).toBeVisible();

    // It opens in a new tab (answered here: the test reaches no outside site).
    await context.route('https://www.example.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Video</title>' }),
    );
    // Any new page of the browser: with noopener it has no opener to be the page's popup.
    const opened = context.waitForEvent('page');
    await video.click();
    const tab = await opened;
    await expect(tab).toHaveURL('https://www.example.com/watch?v=segue');
    await tab.close();

    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSidewaysScroll(page, 'the song with its recordings and links');
    await page.setViewportSize({ width: 1280, height: 720 });

    // A text file named .mp3 is refused with the server's words, and nothing is added.
    await section.getByLabel('Recording file').setInputFiles({
      name: 'not-a-song.mp3',
      mimeType: 'audio/mpeg',
      buffer: Buffer.from('These are words, not a recording.\n'.repeat(40)),
    });
    await expect(section.getByLabel('Recording name')).toHaveValue('not-a-song');
    await section.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(section.getByRole('alert')).toContainText(WRONG_TYPE);
    await expect(section.getByRole('listitem').filter({ hasText: 'not-a-song' })).toHaveCount(0);

    // Deleting asks first; Cancel keeps it.
    await section.getByRole('button', { name: 'Delete link Rehearsal video' }).click();
    let dialog = page.getByRole('dialog', { name: 'Delete link?' });
    await expect(dialog).toContainText('Rehearsal video');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(video).toBeVisible();
    await section.getByRole('button', { name: 'Delete link Rehearsal video' }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(video).toHaveCount(0);

    await section.getByRole('button', { name: 'Delete recording Full band take' }).click();
    dialog = page.getByRole('dialog', { name: 'Delete recording?' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(take).toHaveCount(0);
    await expect(section.getByText('No recordings yet.')).toBeVisible();
    await expect(section.getByText(/^0 MB of \d+ MB used$/)).toBeVisible();

    // The server agrees: one link left, no recording.
    const media = await request.get(`/api/songs/${songId}/media`, { headers });
    expect(media.status()).toBe(200);
    const left = (await media.json()) as { recordings: unknown[]; links: { name: string }[] };
    expect(left.recordings).toEqual([]);
    expect(left.links.map((link) => link.name)).toEqual(['example.org']);
  });

  test('a member who may not edit songs lists and plays them, with no Add or Delete', async ({
    page,
    request,
  }) => {
    const { member, teamId, ownerApi } = await teamWhereOnlyAdminsEditSongs(request, {
      owner: 'Olive',
      member: 'Mia',
      team: 'Listening Team',
    });
    const songId = await createSong(request, ownerApi);
    const uploaded = await request.post(`/api/songs/${songId}/media?name=Demo`, {
      data: sineWav(3),
      headers: { ...ownerApi, 'content-type': 'audio/wav' },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(201);
    expect(await uploaded.json()).toMatchObject({ name: 'Demo', type: 'audio/wav' });
    const linked = await request.post(`/api/songs/${songId}/links`, {
      data: { url: 'https://www.example.com/demo', name: 'Demo video' },
      headers: ownerApi,
    });
    expect(linked.status(), await linked.text()).toBe(201);

    await signIn(page, member);
    await page.goto(`/songs/${songId}`);
    const section = page.getByRole('region', { name: 'Recordings' });
    const demo = section.getByRole('listitem').filter({ hasText: 'Demo' }).first();
    await expect(demo).toContainText('0:03');
    await expect(demo).toContainText('Added by Olive Tester');
    await expect(section.getByRole('link', { name: 'Demo video' })).toBeVisible();
    await expect(section.getByRole('button', { name: 'Add recording' })).toHaveCount(0);
    await expect(section.getByLabel('Recording file')).toHaveCount(0);
    await expect(section.getByRole('button', { name: 'Add link' })).toHaveCount(0);
    await expect(section.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
    await expectPlays(page, 'Demo');
    expect(await seriousViolations(page)).toEqual([]);

    // The server refuses what the screen does not offer.
    const memberApi = await apiSession(request, member, teamId);
    const refused = await request.post(`/api/songs/${songId}/media?name=Mine`, {
      data: sineWav(3),
      headers: { ...memberApi, 'content-type': 'audio/wav' },
    });
    expect(refused.status()).toBe(403);
  });
});
