import type { BrowserContext, Page } from '@playwright/test';
import { midiRequests, midiStub, sendMidi } from '../support/midi.ts';
import {
  apiSession,
  createTeamWith,
  createVerifiedPerson,
  expect,
  signIn,
  test,
  createdId,
} from '../support/fixtures.ts';

interface Seat {
  context: BrowserContext;
  page: Page;
}

test('a leader steps through songs and parts; followers and the projector follow, through an outage', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(180_000);
  const leader = await createVerifiedPerson(request, 'Leah');
  const singer = await createVerifiedPerson(request, 'Simeon');
  const guitarist = await createVerifiedPerson(request, 'Gad');
  const teamId = await createTeamWith(request, leader, 'Live Team', [singer, guitarist]);
  const headers = await apiSession(request, leader, teamId);
  const song = async (title: string, labels: string[]) => {
    const res = await request.post('/api/songs', {
      headers,
      data: {
        title,
        artist: 'Segue Band',
        parts: labels.map((label) => ({
          label,
          lines: [{ chords: 'G        D', lyrics: `${title} ${label} words` }],
        })),
      },
    });
    return createdId(res);
  };
  const first = await song('Morning Song', ['Verse 1', 'Chorus', 'Verse 2', 'Bridge', 'Outro']);
  const second = await song('Evening Song', ['Intro', 'Verse 1', 'Chorus']);
  const setlist = await request.post('/api/setlist', {
    headers,
    data: {
      name: 'Sunday Live',
      date: new Date().toISOString().slice(0, 10),
      songs: [
        { song: first, leader: null },
        { song: second, leader: null },
      ],
      positions: [],
    },
  });
  const setlistId = await createdId(setlist);

  const seat = async (person: typeof leader, address: string, withMidi = false): Promise<Seat> => {
    const context = await browser.newContext({
      baseURL,
      extraHTTPHeaders: { 'x-forwarded-for': address },
    });
    if (withMidi) await context.addInitScript(midiStub);
    const page = await context.newPage();
    await signIn(page, person);
    return { context, page };
  };
  const lead = await seat(leader, '203.0.124.1', true);
  const follow1 = await seat(singer, '203.0.124.2');
  const follow2 = await seat(guitarist, '203.0.124.3');
  const projector = await seat(singer, '203.0.124.4');

  for (const s of [lead, follow1, follow2]) {
    await s.page.goto(`/setlists/live/${setlistId}`);
    await expect(s.page.getByRole('heading', { level: 1, name: 'Morning Song' })).toBeVisible();
  }
  await projector.page.goto(`/setlists/presenter/${setlistId}`);
  await expect(projector.page.getByText('Waiting for active part...')).toBeVisible();

  const activePart = (page: Page, label: string) =>
    expect(page.getByRole('button', { name: label, exact: true, pressed: true })).toBeVisible();
  const everyone = [lead, follow1, follow2];

  // Parts
  await lead.page.getByRole('button', { name: 'Chorus', exact: true }).click();
  for (const s of everyone) await activePart(s.page, 'Chorus');
  await expect(projector.page.getByText('Morning Song Chorus words')).toBeVisible();
  // The projector shows only lyrics: no chords, no labels.
  await expect(projector.page.getByText('G        D')).toHaveCount(0);

  await lead.page.keyboard.press('ArrowRight');
  for (const s of everyone) await activePart(s.page, 'Verse 2');
  await expect(projector.page.getByText('Morning Song Verse 2 words')).toBeVisible();

  // Songs: the next song starts at its first part.
  await lead.page.getByRole('button', { name: 'Next Song' }).click();
  for (const s of everyone) {
    await expect(s.page.getByRole('heading', { level: 1, name: 'Evening Song' })).toBeVisible();
    await activePart(s.page, 'Intro');
  }
  await expect(lead.page.getByRole('button', { name: 'Next Song' })).toBeDisabled();
  await lead.page.keyboard.press('ArrowUp');
  for (const s of everyone)
    await expect(s.page.getByRole('heading', { level: 1, name: 'Morning Song' })).toBeVisible();
  await expect(lead.page.getByRole('button', { name: 'Previous Song' })).toBeDisabled();

  // An announcement reaches every band screen; the projector shows only what is sent for it.
  await lead.page.getByLabel('Announce Message').fill('Key change to D');
  await lead.page.getByRole('button', { name: 'Send' }).click();
  for (const s of everyone) {
    await expect(s.page.getByRole('alert').filter({ hasText: 'Key change to D' })).toBeVisible();
  }
  await lead.page.getByLabel('Announce Message').fill('Please stand');
  await lead.page.getByRole('checkbox', { name: 'Show on screen' }).check();
  await lead.page.getByRole('button', { name: 'Send' }).click();
  await expect(projector.page.getByRole('alert').filter({ hasText: 'Please stand' })).toBeVisible();
  await expect(projector.page.getByText('Key change to D')).toHaveCount(0);

  // A follower loses the network while the leader moves five times, then comes back.
  await follow2.context.setOffline(true);
  await lead.page.getByRole('button', { name: 'Next Song' }).click();
  await activePart(lead.page, 'Intro');
  for (const label of ['Verse 1', 'Chorus']) {
    await lead.page.getByRole('button', { name: label, exact: true }).click();
    await activePart(lead.page, label);
  }
  await lead.page.getByRole('button', { name: 'Previous Song' }).click();
  await activePart(lead.page, 'Verse 1');
  await lead.page.getByRole('button', { name: 'Bridge', exact: true }).click();
  await activePart(lead.page, 'Bridge');
  await follow2.context.setOffline(false);
  await expect(follow2.page.getByRole('heading', { level: 1, name: 'Morning Song' })).toBeVisible({
    timeout: 20_000,
  });
  await activePart(follow2.page, 'Bridge');
  await activePart(follow1.page, 'Bridge');

  // MIDI is asked for only when someone chooses it on a device; then it is remembered there.
  expect(await midiRequests(lead.page)).toBe(0);
  // Only drivers get the pedal: a follower's screen has no Connect MIDI.
  await expect(follow1.page.getByRole('button', { name: 'Connect MIDI' })).toHaveCount(0);
  await lead.page.getByRole('button', { name: 'Connect MIDI' }).click();
  await expect(lead.page.getByText(/Test Foot Pedal/)).toBeVisible();
  expect(await midiRequests(lead.page)).toBe(1);
  await lead.page.reload();
  await expect(lead.page.getByText('MIDI: Test Foot Pedal')).toBeVisible();
  await activePart(lead.page, 'Bridge');

  // MIDI: note 16 + 4 selects the fifth part, note 64 sends the Announce box.
  await sendMidi(lead.page, [0x90, 20, 100]);
  for (const s of everyone) await activePart(s.page, 'Outro');
  await sendMidi(lead.page, [0x91, 16, 90]);
  for (const s of everyone) await activePart(s.page, 'Verse 1');
  // Velocity 0 is a note-off: nothing happens.
  await sendMidi(lead.page, [0x90, 17, 0]);
  await lead.page.getByLabel('Announce Message').fill('Pedal says hi');
  await sendMidi(lead.page, [0x90, 64, 127]);
  await expect(follow1.page.getByRole('alert').filter({ hasText: 'Pedal says hi' })).toBeVisible();
  await expect(lead.page.getByLabel('Announce Message')).toHaveValue('');
  await activePart(follow1.page, 'Verse 1');

  // The projector's background survives a reload, which shows the current part at once.
  await projector.page.getByRole('button', { name: 'Presenter Settings' }).click();
  const settings = projector.page.getByRole('dialog', { name: 'Presenter Settings' });
  await settings.getByRole('button', { name: 'Galaxy' }).click();
  await settings.getByRole('button', { name: 'Close' }).click();
  const stored = await projector.page.evaluate(() =>
    localStorage.getItem('segue.presenter.background'),
  );
  expect(stored).toContain('Galaxy');
  await projector.page.reload();
  await expect(projector.page.getByText('Morning Song Verse 1 words')).toBeVisible();
  expect(
    await projector.page.evaluate(() => localStorage.getItem('segue.presenter.background')),
  ).toBe(stored);
  await projector.page.getByRole('button', { name: 'Presenter Settings' }).click();
  await expect(
    projector.page
      .getByRole('dialog', { name: 'Presenter Settings' })
      .getByRole('button', { name: 'Galaxy', pressed: true }),
  ).toBeVisible();

  for (const s of [lead, follow1, follow2, projector]) await s.context.close();
});

test('outsiders see access denied in the live and presenter views', async ({ page, request }) => {
  const owner = await createVerifiedPerson(request, 'Ehud');
  const outsider = await createVerifiedPerson(request, 'Zimri');
  const teamId = await createTeamWith(request, owner, 'Private Team');
  await createTeamWith(request, outsider, 'Outsider Team');
  const headers = await apiSession(request, owner, teamId);
  const s = await request.post('/api/setlist', {
    headers,
    data: { name: 'Private', date: '2030-01-01' },
  });
  const setlistId = await createdId(s);

  await signIn(page, outsider);
  await page.goto(`/setlists/live/${setlistId}`);
  await expect(
    page.getByRole('heading', { name: 'Access denied. You are not a member of this team.' }),
  ).toBeVisible();
  await page.goto(`/setlists/presenter/${setlistId}`);
  await expect(
    page.getByRole('heading', { name: 'Access denied: You are not a member of this team.' }),
  ).toBeVisible();
  // An id no team has is not found, on the presenter too.
  await page.goto('/setlists/presenter/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: 'Setlist not found.' })).toBeVisible();
});
