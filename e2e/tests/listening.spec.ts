import type { Browser } from '@playwright/test';
import {
  apiSession,
  createdId,
  createTeamWith,
  createVerifiedPerson,
  expect,
  signIn,
  test,
  type Person,
} from '../support/fixtures.ts';
import { toneWav, uploadRecording } from '../support/wav.ts';

/** Today as the server counts a play's day (UTC). */
const today = () => new Date().toISOString().slice(0, 10);

/** A page of its own for another person, signed in. */
async function pageOf(browser: Browser, baseURL: string | undefined, person: Person) {
  const context = await browser.newContext({ baseURL, reducedMotion: 'reduce' });
  const page = await context.newPage();
  await signIn(page, person);
  return page;
}

test('the owner shares who has listened; a member plays a song; the set’s leader sees them, the member does not', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  const owner = await createVerifiedPerson(request, 'Grace');
  const member = await createVerifiedPerson(request, 'Tomas');
  const teamId = await createTeamWith(request, owner, 'Listening Band', [member]);
  const ownerApi = await apiSession(request, owner, teamId);
  const songIds: string[] = [];
  for (const title of ['Morning Song', 'Evening Song']) {
    const songId = await createdId(
      await request.post('/api/songs', {
        data: { title, parts: [{ label: 'Verse', lines: [{ chords: 'G', lyrics: title }] }] },
        headers: ownerApi,
      }),
    );
    await uploadRecording(request, ownerApi, songId, 'Demo', toneWav([440], 1000));
    songIds.push(songId);
  }
  const setlistId = await createdId(
    await request.post('/api/setlist', {
      data: {
        name: 'This Sunday',
        date: today(),
        songs: songIds.map((song) => ({ song, leader: null })),
      },
      headers: ownerApi,
    }),
  );

  // The owner turns it on, in the team's overview.
  await signIn(page, owner);
  await page.goto('/teams');
  const share = page.getByRole('switch', { name: 'Show leaders who has listened' });
  await expect(share).not.toBeChecked();
  await share.click();
  await expect(page.getByText('Saved who has listened.')).toBeVisible();
  await expect(share).toBeChecked();

  // The member plays the first song's recording, and is told what the leaders see.
  const phone = await pageOf(browser, baseURL, member);
  try {
    await phone.goto(`/songs/${songIds[0]}`);
    await expect(
      phone.getByText(
        "Your team's leaders see that you played this song this week: not when, or for how long.",
      ),
    ).toBeVisible();
    const told = phone.waitForResponse(
      (r) => r.request().method() === 'POST' && r.url().endsWith('/listened'),
    );
    await phone.getByRole('button', { name: 'Play Demo' }).click();
    const answer = await told;
    expect(answer.status()).toBe(200);
    expect(await answer.json()).toEqual({ kept: true });

    // The member leads no song of the set: no counts for them.
    await phone.goto(`/setlists/view/${setlistId}`);
    await expect(phone.getByRole('heading', { name: '1. Morning Song' })).toBeVisible();
    await expect(phone.getByText(/Played this week by|Nobody has played/)).toHaveCount(0);
  } finally {
    await phone.context().close();
  }

  await page.goto(`/setlists/view/${setlistId}`);
  const first = page.getByRole('article').filter({ hasText: '1. Morning Song' });
  await expect(first.getByText('Played this week by 1 person: Tomas Tester.')).toBeVisible();
  const second = page.getByRole('article').filter({ hasText: '2. Evening Song' });
  await expect(second.getByText('Nobody has played its recording this week.')).toBeVisible();
});
