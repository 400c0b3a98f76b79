import type { Browser, Page } from '@playwright/test';
import { createVerifiedPerson, expect, signIn, test } from '../support/fixtures.ts';

/** A person in a browser of their own, signed in, on the dashboard. */
async function personInBrowser(browser: Browser, baseURL: string, first: string, address: string) {
  const context = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': address },
  });
  const person = await createVerifiedPerson(context.request, first);
  // Registering through this context's request set a session cookie of its own; the device
  // signs in afresh, as a person coming back does.
  await context.clearCookies();
  const page = await context.newPage();
  await signIn(page, person);
  await page.goto('/dashboard');
  return { context, page, person };
}

async function openManageTeam(page: Page) {
  await page.goto('/teams');
}

test.describe('team lifecycle', () => {
  test('create, join, approve, promote, refuse outsiders, transfer and delete', async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const teamName = `St Cecilia Band ${Date.now().toString(36)}`;
    const a = await personInBrowser(browser, baseURL!, 'Abigail', '203.0.120.1');
    const b = await personInBrowser(browser, baseURL!, 'Barnabas', '203.0.120.2');
    const c = await personInBrowser(browser, baseURL!, 'Chloe', '203.0.120.3');

    // A creates the team.
    await expect(a.page.getByText('No team selected')).toBeVisible();
    await a.page.getByRole('link', { name: 'Create a Team' }).click();
    await expect(a.page).toHaveURL(/\/create$/);
    const create = a.page.getByRole('button', { name: 'Create Team' });
    await expect(create).toBeDisabled();
    await a.page.getByLabel('Team Name').fill('   ');
    await expect(create).toBeDisabled();
    await a.page.getByLabel('Team Name').fill(teamName);
    await a.page.getByLabel('Description').fill('Sunday morning worship team');
    await create.click();
    await expect(a.page.getByText('Team created successfully!')).toBeVisible();
    await expect(a.page.getByLabel('Team Name')).toHaveValue('');
    await expect(a.page).toHaveURL(/\/dashboard$/, { timeout: 5000 });
    await expect(a.page.getByRole('heading', { name: teamName })).toBeVisible();
    await expect(a.page.getByText('Sunday morning worship team')).toBeVisible();
    await expect(a.page.getByText('1 member')).toBeVisible();

    // B finds it and asks to join.
    await b.page.getByRole('link', { name: 'Find a Team' }).click();
    await expect(b.page).toHaveURL(/\/join$/);
    await b.page.getByLabel('Team name').fill(teamName.toUpperCase());
    await b.page.getByRole('button', { name: 'Search' }).click();
    const result = b.page.getByRole('listitem').filter({ hasText: teamName });
    await result.getByRole('button', { name: 'Request to Join' }).click();
    await expect(b.page.getByText('Join request sent!')).toBeVisible();
    await expect(result.getByRole('button', { name: 'Request Sent' })).toBeDisabled();

    // A approves.
    await openManageTeam(a.page);
    await a.page.getByRole('tab', { name: 'Join Requests' }).click();
    await a.page.getByRole('button', { name: 'Approve Barnabas Tester' }).click();
    await expect(a.page.getByText('User approved and added to team')).toBeVisible();
    await expect(a.page.getByText('No pending join requests.')).toBeVisible();

    // B sees the team on the dashboard, but as a member cannot manage it.
    await b.page.goto('/dashboard');
    await expect(b.page.getByRole('heading', { name: teamName })).toBeVisible();
    await expect(b.page.getByText('2 members')).toBeVisible();
    await expect(b.page.getByRole('link', { name: 'Manage Team' })).toHaveCount(0);
    await openManageTeam(b.page);
    await expect(b.page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await expect(
      b.page.getByText('You must be an admin of this team to manage settings.'),
    ).toBeVisible();

    // A makes B an admin; B can open Manage Team.
    await a.page.getByRole('tab', { name: 'Members and Roles' }).click();
    await expect(a.page.getByRole('heading', { name: 'Manage Roles' })).toBeVisible();
    await a.page.getByRole('combobox', { name: 'Role for Barnabas Tester' }).click();
    await a.page.getByRole('option', { name: 'Admin' }).click();
    await expect(a.page.getByText('Role updated')).toBeVisible();
    await b.page.goto('/dashboard');
    await b.page.getByRole('link', { name: 'Manage Team' }).click();
    await expect(b.page.getByRole('tab', { name: 'Overview' })).toBeVisible();
    await expect(b.page.getByRole('button', { name: 'Edit Info' })).toBeVisible();
    await expect(b.page.getByRole('button', { name: 'Delete Team' })).toHaveCount(0);

    // C is not a member: the team is not theirs to see, even with its id forced into storage.
    const teamId = await a.page.evaluate(() => localStorage.getItem('selectedTeamId'));
    expect(teamId).toBeTruthy();
    expect((await c.context.request.get(`/api/teams/${teamId}`)).status()).toBe(401); // no token outside the page
    const cToken = await c.page.evaluate(() => sessionStorage.getItem('jwt'));
    const forged = await c.context.request.get(`/api/teams/${teamId}`, {
      headers: { authorization: `Bearer ${cToken}`, 'x-team-id': teamId! },
    });
    expect(forged.status()).toBe(404);
    await c.page.evaluate((id) => localStorage.setItem('selectedTeamId', id), teamId!);
    await openManageTeam(c.page);
    await expect(c.page.getByText('No team selected.')).toBeVisible();

    // Added as a plain member, C sees Access Denied.
    await b.page.getByRole('tab', { name: 'Join Requests' }).click();
    await b.page.getByLabel('Add User by Email').fill(c.person.email);
    await b.page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(b.page.getByText('User invited and added to team')).toBeVisible();
    await c.page.goto('/dashboard');
    await expect(c.page.getByRole('heading', { name: teamName })).toBeVisible();
    await openManageTeam(c.page);
    await expect(c.page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();

    // A transfers ownership to B.
    await a.page.getByRole('tab', { name: 'Overview' }).click();
    await a.page.getByRole('button', { name: 'Transfer Ownership' }).click();
    const transfer = a.page.getByRole('dialog', { name: 'Transfer Team Ownership' });
    await expect(transfer.getByRole('button', { name: 'Transfer' })).toBeDisabled();
    await transfer.getByRole('combobox', { name: 'New Owner' }).click();
    await a.page.getByRole('option', { name: 'Barnabas Tester' }).click();
    await transfer.getByRole('button', { name: 'Transfer' }).click();
    // The dialog closes once the server answered; while it is open the page behind it is
    // hidden from the accessibility tree, so the button's absence alone proves nothing yet.
    await expect(transfer).toBeHidden();
    await expect(a.page.getByRole('button', { name: 'Edit Info' })).toBeVisible();
    await expect(a.page.getByRole('button', { name: 'Delete Team' })).toHaveCount(0);

    // B deletes the team after the confirmation.
    await b.page.goto('/teams');
    await b.page.getByRole('button', { name: 'Delete Team' }).click();
    const confirm = b.page.getByRole('dialog', { name: 'Confirm Team Deletion' });
    await expect(
      confirm.getByText('Are you sure you want to delete this team? This action cannot be undone.'),
    ).toBeVisible();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(b.page).toHaveURL(/\/dashboard$/);
    await expect(b.page.getByText('No team selected')).toBeVisible();

    await c.page.goto('/dashboard');
    await expect(c.page.getByText('No team selected')).toBeVisible();

    for (const p of [a, b, c]) await p.context.close();
  });

  test('members edit nothing they should not; a member may leave', async ({ browser, baseURL }) => {
    const owner = await personInBrowser(browser, baseURL!, 'Deborah', '203.0.121.1');
    const member = await personInBrowser(browser, baseURL!, 'Eli', '203.0.121.2');
    const token = await owner.page.evaluate(() => sessionStorage.getItem('jwt'));
    const headers = { authorization: `Bearer ${token}` };
    const team = await (
      await owner.context.request.post('/api/teams', {
        data: { name: 'Choir', description: '' },
        headers,
      })
    ).json();
    await owner.context.request.post(`/api/teams/${team._id}/add`, {
      data: { email: member.person.email },
      headers,
    });

    await member.page.goto('/dashboard');
    await expect(member.page.getByRole('heading', { name: 'Choir' })).toBeVisible();
    await expect(member.page.getByText('No team description provided.')).toBeVisible();
    await member.page.getByRole('button', { name: 'Leave Team' }).click();
    await member.page.getByRole('dialog').getByRole('button', { name: 'Leave' }).click();
    await expect(member.page.getByText('You left the team')).toBeVisible();
    await expect(member.page.getByText('No team selected')).toBeVisible();
    for (const p of [owner, member]) await p.context.close();
  });
});
