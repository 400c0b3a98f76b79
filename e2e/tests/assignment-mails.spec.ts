import { seriousViolations } from '../support/axe.ts';
import {
  apiSession,
  createdId,
  createTeamWith,
  createVerifiedPerson,
  expect,
  signIn,
  test,
} from '../support/fixtures.ts';
import { MAIL_POLL, rawMailsTo } from '../support/mailbox.ts';

/** A Sunday some weeks ahead, as YYYY-MM-DD. */
const serviceDay = () => {
  const day = new Date(Date.now() + 28 * 86_400_000);
  day.setUTCDate(day.getUTCDate() + ((7 - day.getUTCDay()) % 7));
  return day.toISOString().slice(0, 10);
};

/** Mails to an address, headers unfolded and quoted-printable undone, oldest first. */
function mailsTo(address: string): string[] {
  return rawMailsTo(address).map((raw) =>
    raw
      .replace(/\r?\n[ \t]+/g, ' ')
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
  );
}

test('a member accepts an assignment from the mail alone; Settings gives a calendar address', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const planner = await createVerifiedPerson(request, 'Phoebe');
  const bassist = await createVerifiedPerson(request, 'Silas');
  const teamName = 'Mail Answers Team';
  const teamId = await createTeamWith(request, planner, teamName, [bassist]);
  const headers = await apiSession(request, planner, teamId);
  const team = (await (await request.get(`/api/teams/${teamId}`, { headers })).json()) as {
    members: string[];
    createdBy: string;
  };
  const memberId = team.members.find((id) => id !== team.createdBy)!;
  const songId = await createdId(
    await request.post('/api/songs', {
      headers,
      data: {
        title: 'Mailed Song',
        artist: '',
        key: 'G',
        parts: [{ label: 'Verse 1', lines: [{ chords: 'G', lyrics: 'Sung from the mail' }] }],
      },
    }),
  );
  const day = serviceDay();
  const setlistId = await createdId(
    await request.post('/api/setlist', {
      headers,
      data: {
        name: 'Mailed Sunday',
        date: day,
        startTime: '09:45',
        notes: '',
        songs: [{ song: songId, leader: team.createdBy, key: 'A' }],
        positions: [{ name: 'Bass', assignedTo: memberId }],
        teamId,
      },
    }),
  );

  // The request mail: when, the songs in their key, a calendar file and the Accept link.
  let mail = '';
  await expect
    .poll(
      () => {
        mail =
          mailsTo(bassist.email).find((m) =>
            m.includes('Subject: Please confirm: Bass at Mailed Sunday'),
          ) ?? '';
        return mail;
      },
      { message: 'the assignment mail', ...MAIL_POLL },
    )
    .not.toBe('');
  expect(mail).toContain('at 09:45');
  expect(mail).toContain('1. Mailed Song (key A)');
  expect(mail).toContain('Content-Type: text/calendar');
  const accept = /https?:\/\/[^\s"<>]+\/respond\/[A-Za-z0-9_-]+\?answer=accept/.exec(mail)?.[0];
  expect(accept, 'the Accept link').toBeDefined();
  const link = new URL(accept!);

  // Opened on a phone that has never signed in to Segue.
  const phone = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': '203.0.123.41' },
  });
  const bassistPage = await phone.newPage();
  await bassistPage.goto(`${link.pathname}${link.search}`);
  await expect(bassistPage.getByRole('heading', { name: 'Mailed Sunday', level: 1 })).toBeVisible();
  await expect(bassistPage.getByText('You are asked to play Bass.')).toBeVisible();
  await expect(bassistPage.getByRole('heading', { name: 'Accept this assignment?' })).toBeVisible();
  expect(await seriousViolations(bassistPage)).toEqual([]);

  // Opening the page answered nothing: the planner still sees it pending.
  await signIn(page, planner);
  await page.goto(`/setlists/view/${setlistId}`);
  const positions = page.getByRole('region', { name: 'Team' });
  await expect(
    positions.getByRole('listitem').filter({ hasText: 'Bass: Silas Tester' }),
  ).toContainText('Pending');

  await bassistPage.getByRole('button', { name: 'Accept', exact: true }).click();
  await expect(
    bassistPage.getByRole('heading', { name: 'You accepted Bass in Mailed Sunday.' }),
  ).toBeVisible();

  await page.reload();
  await expect(
    positions.getByRole('listitem').filter({ hasText: 'Bass: Silas Tester' }),
  ).toContainText('Accepted');

  // The same link again says it was used.
  await bassistPage.goto(`${link.pathname}${link.search}`);
  await expect(
    bassistPage.getByRole('heading', {
      name: 'This link was already used. Your answer is recorded; you can change it on your Segue dashboard.',
    }),
  ).toBeVisible();
  await phone.close();

  // Account Settings: a calendar address, and Revoke for a new one.
  await page.goto('/settings');
  const calendar = page.getByRole('region', { name: 'Calendar' });
  await expect(calendar.getByText('You have no calendar address.')).toBeVisible();
  await calendar.getByRole('button', { name: 'Create calendar address' }).click();
  const webcal = calendar.getByRole('textbox', { name: 'Calendar address (webcal)' });
  await expect(webcal).toHaveValue(/^webcal:\/\/.+\/api\/calendar\/[A-Za-z0-9_-]+\.ics$/);
  const https = calendar.getByRole('textbox', { name: 'Calendar address (https)' });
  const first = await https.inputValue();
  const feed = await request.get(new URL(first).pathname);
  expect(feed.status()).toBe(200);
  expect(await feed.text()).toContain('SUMMARY:Mail Answers Team: Mailed Sunday');

  await calendar.getByRole('button', { name: 'Revoke' }).click();
  await expect(https).not.toHaveValue(first);
  expect((await request.get(new URL(first).pathname)).status()).toBe(404);
  expect((await request.get(new URL(await https.inputValue()).pathname)).status()).toBe(200);
  expect(await seriousViolations(page)).toEqual([]);
});
