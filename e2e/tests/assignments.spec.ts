import type { Browser, Page } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import {
  createTeamWith,
  createVerifiedPerson,
  expect,
  signIn,
  test,
  type Person,
} from '../support/fixtures.ts';
import { MAIL_POLL, rawMailsTo } from '../support/mailbox.ts';

/** A Sunday some weeks ahead, as YYYY-MM-DD. */
const serviceDay = () => {
  const day = new Date(Date.now() + 21 * 86_400_000);
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

/** Waits for a mail to `address` whose subject holds `subject`, and answers it whole. */
async function waitForMail(address: string, subject: string): Promise<string> {
  let found = '';
  await expect
    .poll(
      () => {
        found = mailsTo(address).find((m) => m.includes(`Subject: ${subject}`)) ?? '';
        return found;
      },
      { message: `a mail to ${address} about "${subject}"`, ...MAIL_POLL },
    )
    .not.toBe('');
  return found;
}

/** A page of its own for another person, from another address, signed in (still blank). */
async function pageOf(browser: Browser, baseURL: string | undefined, person: Person, ip: string) {
  const context = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': ip },
  });
  const page = await context.newPage();
  await signIn(page, person);
  return page;
}

async function addPosition(page: Page, name: string) {
  await page.getByRole('combobox', { name: 'Position', exact: true }).click();
  await page.getByRole('option', { name, exact: true }).click();
  await page.getByRole('button', { name: 'Add Position' }).click();
}

test('assignments: suggested players, away warnings, mails, accept and decline', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const planner = await createVerifiedPerson(request, 'Priscilla');
  const bassist = await createVerifiedPerson(request, 'Barnabas');
  const drummer = await createVerifiedPerson(request, 'Dorcas');
  const teamName = 'Assignments Team';
  await createTeamWith(request, planner, teamName, [bassist, drummer]);
  const day = serviceDay();

  // The bassist says what they play; the drummer says when they are away, both in Settings.
  const bassistPage = await pageOf(browser, baseURL, bassist, '203.0.123.21');
  await bassistPage.goto('/settings');
  const positions = bassistPage.getByRole('group', { name: `Positions in ${teamName}` });
  await positions.getByRole('checkbox', { name: 'Bass' }).check();
  await bassistPage.getByRole('button', { name: `Save Positions in ${teamName}` }).click();
  await expect(bassistPage.getByText('Positions saved')).toBeVisible();

  const drummerPage = await pageOf(browser, baseURL, drummer, '203.0.123.22');
  await drummerPage.goto('/settings');
  const availability = drummerPage.getByRole('region', { name: 'Availability' });
  await expect(availability.getByText('No days away entered.')).toBeVisible();
  await availability.getByLabel('First day').fill(day);
  await availability.getByLabel('Last day').fill(day);
  await availability.getByLabel('Reason (optional)').fill('Family wedding');
  await availability.getByRole('button', { name: 'Add Dates' }).click();
  await expect(drummerPage.getByText('Days away added')).toBeVisible();
  await expect(availability.getByText('Family wedding')).toBeVisible();
  expect(await seriousViolations(drummerPage)).toEqual([]);

  // The planner assigns both: the bassist is suggested first for Bass, the drummer is away.
  await signIn(page, planner);
  await page.goto('/setlists/new');
  await expect(page.getByRole('heading', { name: 'New Setlist' })).toBeVisible();
  await page.getByLabel('Setlist Name').fill('Harvest Sunday');
  await page.getByLabel('Date').fill(day);
  await addPosition(page, 'Bass');
  await addPosition(page, 'Drums');

  await page.getByRole('combobox', { name: 'Assign Member for Bass' }).click();
  const options = page.getByRole('option');
  // "Unassigned", then the one who plays Bass, marked so.
  await expect(options.nth(1)).toContainText('Barnabas Tester');
  await expect(options.nth(1)).toContainText('plays Bass');
  await options.nth(1).click();

  await page.getByRole('combobox', { name: 'Assign Member for Drums' }).click();
  await expect(page.getByRole('option', { name: /Dorcas Tester/ })).toContainText('away');
  await page.getByRole('option', { name: /Dorcas Tester/ }).click();
  await expect(page.getByText('Dorcas Tester is away on this date')).toBeVisible();
  await expect(page.getByText('Barnabas Tester is away on this date')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  // Saving asks first; Cancel saves nothing, "Assign anyway" saves.
  await page.getByRole('button', { name: 'Create Setlist' }).click();
  const ask = page.getByRole('dialog', { name: 'Assign anyway?' });
  await expect(ask).toContainText(`Dorcas Tester is away on ${day}.`);
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask).toBeHidden();
  await expect(page).toHaveURL(/\/setlists\/new$/);
  await page.getByRole('button', { name: 'Create Setlist' }).click();
  await page
    .getByRole('dialog', { name: 'Assign anyway?' })
    .getByRole('button', { name: 'Assign anyway' })
    .click();
  await expect(page).toHaveURL(/\/setlists\/view\//);
  const team = page.getByRole('region', { name: 'Team' });
  await expect(
    team.getByRole('listitem').filter({ hasText: 'Bass: Barnabas Tester' }),
  ).toContainText('Pending');
  const setlistUrl = page.url();

  // The bassist is asked by mail, with a link to the dashboard, and accepts there.
  const asked = await waitForMail(bassist.email, 'Please confirm: Bass at Harvest Sunday');
  expect(asked).toContain(`${baseURL}/dashboard`);
  expect(asked).toContain(teamName);
  await bassistPage.goto('/dashboard');
  const mine = bassistPage.getByRole('region', { name: 'Your assignments' });
  await expect(mine.getByRole('listitem', { name: 'Bass at Harvest Sunday' })).toContainText(
    'Pending',
  );
  await mine.getByRole('button', { name: 'Accept Bass at Harvest Sunday' }).click();
  await expect(bassistPage.getByText('Assignment accepted')).toBeVisible();
  await expect(mine.getByRole('listitem', { name: 'Bass at Harvest Sunday' })).toContainText(
    'Accepted',
  );
  await expect(mine.getByRole('button', { name: 'Accept Bass at Harvest Sunday' })).toBeDisabled();
  expect(await seriousViolations(bassistPage)).toEqual([]);

  // The drummer declines; the planner, who made the setlist, hears of it.
  await waitForMail(drummer.email, 'Please confirm: Drums at Harvest Sunday');
  await drummerPage.goto('/dashboard');
  await drummerPage
    .getByRole('region', { name: 'Your assignments' })
    .getByRole('button', { name: 'Decline Drums at Harvest Sunday' })
    .click();
  await expect(drummerPage.getByText('Assignment declined')).toBeVisible();
  await waitForMail(planner.email, 'Dorcas Tester declined Drums at Harvest Sunday');

  // The planner sees both answers in the setlist view, and in the form.
  await page.goto(setlistUrl);
  await expect(
    team.getByRole('listitem').filter({ hasText: 'Bass: Barnabas Tester' }),
  ).toContainText('Accepted');
  await expect(
    team.getByRole('listitem').filter({ hasText: 'Drums: Dorcas Tester' }),
  ).toContainText('Declined');
  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Edit Setlist' })).toBeVisible();
  const bassRow = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('combobox', { name: 'Assign Member for Bass' }) });
  await expect(bassRow).toContainText('Accepted');
  await expect(page.getByText('Dorcas Tester is away on this date')).toBeVisible();

  await bassistPage.context().close();
  await drummerPage.context().close();
});
