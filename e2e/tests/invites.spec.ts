import type { Browser, Page } from '@playwright/test';
import {
  createTeamWith,
  createVerifiedPerson,
  expect,
  signIn,
  newPerson,
  test,
  type Person,
} from '../support/fixtures.ts';
import { waitForInviteLink, waitForVerificationLink } from '../support/mailbox.ts';

/** A browser of its own (from its own address), signed out. */
async function freshBrowser(browser: Browser, baseURL: string, address: string) {
  const context = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': address },
  });
  return { context, page: await context.newPage() };
}

/** A verified person who owns a team of their own, signed in in a browser of their own. */
async function ownerInBrowser(
  browser: Browser,
  baseURL: string,
  first: string,
  teamName: string,
  address: string,
) {
  const { context, page } = await freshBrowser(browser, baseURL, address);
  const person = await createVerifiedPerson(context.request, first);
  await createTeamWith(context.request, person, teamName);
  // Registering through this context's request set a session cookie of its own; the device
  // signs in afresh, as a person coming back does.
  await context.clearCookies();
  await signIn(page, person);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: teamName })).toBeVisible();
  return { context, page, person };
}

async function openInvitations(page: Page) {
  await page.goto('/teams');
  await page.getByRole('tab', { name: 'Invitations' }).click();
}

const unique = () => Date.now().toString(36);

test.describe('team invitations', () => {
  test('an address invited by e-mail registers, verifies and lands in the team', async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const teamName = `Vespers Choir ${unique()}`;
    const admin = await ownerInBrowser(browser, baseURL!, 'Agatha', teamName, '203.0.121.1');
    const invited: Person = newPerson('Ignatius');

    await openInvitations(admin.page);
    const byEmail = admin.page.getByRole('region', { name: 'Invite by Email' });
    await byEmail.getByLabel('Email address').fill(invited.email);
    await byEmail.getByRole('button', { name: 'Send Invitation' }).click();
    await expect(admin.page.getByText('Invitation sent.')).toBeVisible();
    const pending = admin.page.getByRole('region', { name: 'Pending Invitations' });
    await expect(pending.getByRole('listitem').filter({ hasText: invited.email })).toContainText(
      'Email invitation, single use',
    );

    // The invited person opens the mail's link, signed out: it says whom it joins.
    const link = await waitForInviteLink(invited.email);
    expect(new URL(link).pathname).toMatch(/^\/invite\/[A-Za-z0-9_-]{43}$/);
    const guest = await freshBrowser(browser, baseURL!, '203.0.121.2');
    await guest.page.goto(link);
    await expect(
      guest.page.getByRole('heading', { name: `You are invited to join ${teamName}` }),
    ).toBeVisible();

    // They register, verify through the verification mail, and land in the team.
    await guest.page.getByRole('main').getByRole('link', { name: 'Register' }).click();
    await expect(guest.page).toHaveURL(/\/register$/);
    await guest.page.getByLabel('Full Name').fill(invited.name);
    await guest.page.getByLabel('Email').fill(invited.email);
    await guest.page.getByLabel('Password').fill(invited.password);
    await guest.page.getByRole('button', { name: 'Register' }).click();
    await expect(guest.page).toHaveURL(/\/verify-reminder$/);
    // The second mail to the address: the first was the invitation.
    await guest.page.goto(await waitForVerificationLink(invited.email, 2));
    await expect(guest.page.getByText('Email verified! Redirecting...')).toBeVisible();
    await expect(guest.page.getByText(`You joined ${teamName}.`)).toBeVisible({ timeout: 15_000 });
    await expect(guest.page).toHaveURL(/\/dashboard$/);
    await expect(guest.page.getByRole('heading', { name: teamName })).toBeVisible();
    await expect(guest.page.getByText('2 members')).toBeVisible();

    // The invitation is used: no longer pending, and the link does not work again.
    await openInvitations(admin.page);
    await expect(admin.page.getByText('No pending invitations.')).toBeVisible();
    const other = await freshBrowser(browser, baseURL!, '203.0.121.3');
    await other.page.goto(link);
    await expect(
      other.page.getByRole('heading', { name: 'This invitation has already been used.' }),
    ).toBeVisible();

    for (const p of [admin, guest, other]) await p.context.close();
  });

  test('a link limited to one use joins the first person at once and refuses the next', async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const teamName = `Compline Band ${unique()}`;
    const admin = await ownerInBrowser(browser, baseURL!, 'Benedict', teamName, '203.0.121.11');
    await admin.context.grantPermissions(['clipboard-read', 'clipboard-write']);

    await openInvitations(admin.page);
    const linkSection = admin.page.getByRole('region', { name: 'Invite Link' });
    await linkSection.getByRole('combobox', { name: 'Expires in' }).click();
    await admin.page.getByRole('option', { name: '3 days' }).click();
    await linkSection.getByLabel('Limit uses').fill('1');
    await linkSection.getByRole('button', { name: 'Create Link' }).click();
    const shown = linkSection.getByRole('textbox', { name: 'Invite link' });
    await expect(shown).toHaveValue(/\/invite\/[A-Za-z0-9_-]{43}$/);
    const link = await shown.inputValue();
    await linkSection.getByRole('button', { name: 'Copy link' }).click();
    await expect(admin.page.getByText('Link copied.')).toBeVisible();
    expect(await admin.page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    const pending = admin.page.getByRole('region', { name: 'Pending Invitations' });
    await expect(pending.getByRole('listitem')).toHaveCount(1);
    await expect(pending.getByRole('listitem')).toContainText('0 of 1 used');

    // A signed-in member of another team opens it and joins at once.
    const first = await ownerInBrowser(
      browser,
      baseURL!,
      'Clare',
      `Clare's Band ${unique()}`,
      '203.0.121.12',
    );
    await first.page.goto(link);
    await expect(first.page.getByText(`You joined ${teamName}.`)).toBeVisible();
    await expect(first.page).toHaveURL(/\/dashboard$/);
    await expect(first.page.getByRole('heading', { name: teamName })).toBeVisible();

    // The next person is told it has been used, and stays out.
    const second = await ownerInBrowser(
      browser,
      baseURL!,
      'Dunstan',
      `Dunstan's Band ${unique()}`,
      '203.0.121.13',
    );
    await second.page.goto(link);
    await expect(
      second.page.getByRole('heading', { name: 'This invitation has already been used.' }),
    ).toBeVisible();
    await second.page.getByRole('link', { name: 'Go to Dashboard' }).click();
    await expect(second.page.getByRole('heading', { name: teamName })).toHaveCount(0);

    await admin.page.reload();
    await admin.page.getByRole('tab', { name: 'Invitations' }).click();
    await expect(admin.page.getByText('No pending invitations.')).toBeVisible();

    for (const p of [admin, first, second]) await p.context.close();
  });

  test('a visitor logs in through a link; once withdrawn, the link says so', async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const teamName = `Lauds Ensemble ${unique()}`;
    const admin = await ownerInBrowser(browser, baseURL!, 'Edith', teamName, '203.0.121.21');

    await openInvitations(admin.page);
    const linkSection = admin.page.getByRole('region', { name: 'Invite Link' });
    await linkSection.getByRole('button', { name: 'Create Link' }).click();
    const link = await linkSection.getByRole('textbox', { name: 'Invite link' }).inputValue();
    expect(link).toMatch(/\/invite\//);

    // Someone with an account opens it signed out, logs in, and is in the team.
    const visitor = await freshBrowser(browser, baseURL!, '203.0.121.22');
    const person = await createVerifiedPerson(visitor.context.request, 'Felix');
    await visitor.context.clearCookies();
    await visitor.page.goto(link);
    await expect(
      visitor.page.getByRole('heading', { name: `You are invited to join ${teamName}` }),
    ).toBeVisible();
    await visitor.page.getByRole('main').getByRole('link', { name: 'Log in' }).click();
    await visitor.page.getByLabel('Email').fill(person.email);
    await visitor.page.getByLabel('Password').fill(person.password);
    await visitor.page.getByRole('button', { name: 'Login' }).click();
    await expect(visitor.page.getByText(`You joined ${teamName}.`)).toBeVisible();
    await expect(visitor.page).toHaveURL(/\/dashboard$/);
    await expect(visitor.page.getByRole('heading', { name: teamName })).toBeVisible();

    // The admin withdraws it, after confirming.
    await admin.page.reload();
    await admin.page.getByRole('tab', { name: 'Invitations' }).click();
    const pending = admin.page.getByRole('region', { name: 'Pending Invitations' });
    await expect(pending.getByRole('listitem')).toContainText('1 used, no limit');
    await pending.getByRole('button', { name: /^Withdraw/ }).click();
    const confirm = admin.page.getByRole('dialog', { name: 'Withdraw Invitation' });
    await expect(
      confirm.getByText(
        'Are you sure you want to withdraw this invitation? Its link will stop working.',
      ),
    ).toBeVisible();
    await confirm.getByRole('button', { name: 'Withdraw' }).click();
    await expect(admin.page.getByText('Invitation withdrawn')).toBeVisible();
    await expect(admin.page.getByText('No pending invitations.')).toBeVisible();

    const late = await freshBrowser(browser, baseURL!, '203.0.121.23');
    await late.page.goto(link);
    await expect(
      late.page.getByRole('heading', { name: 'This invitation was withdrawn.' }),
    ).toBeVisible();
    await expect(late.page.getByRole('link', { name: 'Go to Dashboard' })).toBeVisible();

    for (const p of [admin, visitor, late]) await p.context.close();
  });
});
