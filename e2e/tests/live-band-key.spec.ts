import type { Page } from '@playwright/test';
import {
  apiSession,
  createdId,
  createTeamWith,
  createVerifiedPerson,
  expect,
  test,
} from '../support/fixtures.ts';
import { midiStub, sendMidi } from '../support/midi.ts';
import { seatsWith } from '../support/seats.ts';

/**
 * Issue 15: the leader says "let's take it up a step" and every musician's chart changes at
 * once, each in their own capo and notation; parts that share a label are followed by place.
 * The key is this run's: the setlist's plan keeps its key, and a guitarist's capo keeps their
 * shapes (or their capo, as their phone chose).
 */

const chordsOf = (page: Page) =>
  page.locator('section[aria-current="step"] [data-chord]').allTextContents();
const songHeading = (page: Page, title: string) =>
  expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

/** A device of the band, with a fake MIDI foot controller. */
const seat = seatsWith(midiStub);

test('the leader raises the key for the band; each phone reads it in its own capo and notation', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(150_000);
  const leader = await createVerifiedPerson(request, 'Miriam');
  const guitarist = await createVerifiedPerson(request, 'Asaf');
  const bassist = await createVerifiedPerson(request, 'Heman');
  const teamId = await createTeamWith(request, leader, 'Up a Step', [guitarist, bassist]);
  const headers = await apiSession(request, leader, teamId);
  const songId = await createdId(
    await request.post('/api/songs', {
      headers,
      data: {
        title: 'Amazing Grace',
        key: 'G',
        parts: [
          { label: 'Verse', lines: [{ chords: 'G    D    Em   C', lyrics: 'Amazing grace how' }] },
          { label: 'Chorus', lines: [{ chords: 'C    G', lyrics: 'First chorus words' }] },
          { label: 'Bridge', lines: [{ chords: 'Em   D', lyrics: 'Bridge words' }] },
          { label: 'Chorus', lines: [{ chords: 'C    D', lyrics: 'Last chorus words' }] },
        ],
      },
    }),
  );
  const setlistId = await createdId(
    await request.post('/api/setlist', {
      headers,
      data: { name: 'Sunday', date: '2030-01-01', songs: [{ song: songId, leader: null }] },
    }),
  );

  const lead = await seat(browser, baseURL, leader, '203.0.126.1');
  const phone = await seat(browser, baseURL, guitarist, '203.0.126.2', { width: 390, height: 844 });
  const projector = await seat(browser, baseURL, leader, '203.0.126.3');
  for (const s of [lead, phone]) {
    await s.page.goto(`/setlists/live/${setlistId}`);
    await songHeading(s.page, 'Amazing Grace');
    await expect.poll(() => chordsOf(s.page)).toEqual(['G', 'D', 'Em', 'C']);
  }
  await projector.page.goto(`/setlists/presenter/${setlistId}`);

  // Only a driver has the band's key; a follower has only their own view.
  const bandKey = lead.page.getByRole('combobox', { name: 'Key for the band' });
  await expect(bandKey.locator('option:checked')).toHaveText("Song's key (G)");
  await expect(phone.page.getByRole('combobox', { name: 'Key for the band' })).toHaveCount(0);

  // The guitarist plays the planned G with capo 2: F shapes, on that phone only.
  await phone.page.getByRole('button', { name: 'My view' }).click();
  const myView = phone.page.getByRole('group', { name: 'My view' });
  await myView.getByLabel('Capo').selectOption('2');
  await expect.poll(() => chordsOf(phone.page)).toEqual(['F', 'C', 'Dm', 'Bb']);
  await expect(phone.page.getByText('Key G · Capo 2 · F shapes')).toBeVisible();

  // "Let's take it up a step": G to A, on every screen at once, nothing stored but the run's key.
  await bandKey.selectOption('A');
  await expect.poll(() => chordsOf(lead.page)).toEqual(['A', 'E', 'F#m', 'D']);
  await expect(lead.page.getByText('Key A', { exact: true })).toBeVisible();
  // The guitarist keeps their F shapes: the capo moves up two frets with the key.
  await expect(phone.page.getByText('Key A · Capo 4 · F shapes')).toBeVisible();
  await expect.poll(() => chordsOf(phone.page)).toEqual(['F', 'C', 'Dm', 'Bb']);
  const song = await request.get(`/api/songs/${songId}`, { headers });
  expect(
    ((await song.json()) as { parts: { lines: { chords: string }[] }[] }).parts[0]?.lines,
  ).toEqual([expect.objectContaining({ chords: 'G    D    Em   C' })]);
  // The plan keeps its key; the run's is named beside it.
  const setlist = (await (await request.get(`/api/setlist/${setlistId}`, { headers })).json()) as {
    songs: { key: string | null }[];
    liveKeys: Record<string, string | null>;
  };
  expect(setlist.songs[0]?.key).toBeNull();
  expect(setlist.liveKeys).toEqual({ [songId]: 'A' });

  // This phone keeps its capo instead: capo 2 in A reads G shapes.
  await myView.getByLabel('When the key changes live').selectOption('Keep my capo');
  await expect.poll(() => chordsOf(phone.page)).toEqual(['G', 'D', 'Em', 'C']);
  await expect(phone.page.getByText('Key A · Capo 2 · G shapes')).toBeVisible();
  // Nashville numbers on this phone.
  await myView.getByLabel('Notation').selectOption('nashville');
  await expect.poll(() => chordsOf(phone.page)).toEqual(['1', '5', '6m', '4']);
  await expect.poll(() => chordsOf(lead.page)).toEqual(['A', 'E', 'F#m', 'D']);

  // A phone that joins late lands in the band's key.
  const late = await seat(browser, baseURL, bassist, '203.0.126.4', { width: 390, height: 844 });
  await late.page.goto(`/setlists/live/${setlistId}`);
  await expect.poll(() => chordsOf(late.page)).toEqual(['A', 'E', 'F#m', 'D']);

  // Back to the song's own key, for everyone.
  await bandKey.selectOption({ label: "Song's key (G)" });
  await expect.poll(() => chordsOf(late.page)).toEqual(['G', 'D', 'Em', 'C']);

  // Two parts called "Chorus": the leader picks the second, and everyone shows the second.
  const choruses = lead.page.getByRole('button', { name: 'Chorus', exact: true });
  await expect(choruses).toHaveCount(2);
  await choruses.nth(1).click();
  for (const s of [lead, late]) {
    await expect(s.page.locator('section[aria-current="step"]')).toContainText('Last chorus words');
  }
  await expect(projector.page.getByText('Last chorus words')).toBeVisible();
  await expect(projector.page.getByText('First chorus words')).toHaveCount(0);
  await expect(
    late.page.getByRole('button', { name: 'Chorus', exact: true }).nth(1),
  ).toHaveAttribute('aria-pressed', 'true');
  // A reloaded phone lands on the same, second, chorus.
  await late.page.reload();
  await expect(late.page.locator('section[aria-current="step"]')).toContainText(
    'Last chorus words',
  );

  // The pedal: MIDI notes 16..23 select parts by place; note 17 is the first chorus.
  await lead.page.getByRole('button', { name: 'Connect MIDI' }).click();
  await expect(lead.page.getByText(/Test Foot Pedal/)).toBeVisible();
  await sendMidi(lead.page, [0x90, 17, 100]);
  await expect(late.page.locator('section[aria-current="step"]')).toContainText(
    'First chorus words',
  );
  await sendMidi(lead.page, [0x90, 19, 100]);
  await expect(late.page.locator('section[aria-current="step"]')).toContainText(
    'Last chorus words',
  );
  await expect(projector.page.getByText('Last chorus words')).toBeVisible();

  for (const s of [lead, phone, projector, late]) await s.context.close();
});
