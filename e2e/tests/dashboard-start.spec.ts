import type { Browser } from '@playwright/test';
import {
  apiSession,
  createTeamWith,
  createVerifiedPerson,
  expect,
  signIn,
  test,
  type Person,
} from '../support/fixtures.ts';
import { seriousViolations } from '../support/axe.ts';

/** Someone else in a browser of their own, signed in, on the page at `path`. */
async function inOwnBrowser(
  browser: Browser,
  baseURL: string,
  person: Person,
  address: string,
  path: string,
) {
  const context = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': address },
  });
  const page = await context.newPage();
  await signIn(page, person);
  await page.goto(path);
  return { context, page };
}

const unique = () => Date.now().toString(36);

test.describe('the dashboard as a way in (issue 18)', () => {
  test('a new user sees the two ways in, asks to join, sees the request pending and withdraws it', async ({
    page,
    request,
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const teamName = `Grace Chapel Band ${unique()}`;
    const leader = await createVerifiedPerson(request, 'Miriam');
    const teamId = await createTeamWith(request, leader, teamName);
    const newcomer = await createVerifiedPerson(request, 'Tobias');
    await signIn(page, newcomer);
    await page.goto('/dashboard');

    // The two ways in, with the spec's own buttons.
    await expect(page.getByText('No team selected')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Get started' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Create a team', exact: true })).toBeVisible();
    await expect(page.getByText('You become its owner')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Join a team', exact: true })).toBeVisible();
    await expect(
      page.getByText(
        'Open the invite link your team leader sent you, or search for your team and ask to join.',
      ),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create a Team' })).toHaveAttribute(
      'href',
      '/create',
    );
    await expect(page.getByRole('region', { name: 'Pending requests' })).toHaveCount(0);

    // Ask to join through Find a Team.
    await page.getByRole('link', { name: 'Find a Team' }).click();
    await expect(page).toHaveURL(/\/join$/);
    await page.getByLabel('Team name').fill(teamName);
    await page.getByRole('button', { name: 'Search' }).click();
    const result = page.getByRole('listitem').filter({ hasText: teamName });
    await result.getByRole('button', { name: 'Request to Join' }).click();
    await expect(page.getByText('Join request sent!')).toBeVisible();

    // The leader sees the request.
    const admin = await inOwnBrowser(browser, baseURL!, leader, '203.0.122.1', '/teams');
    await admin.page.getByRole('tab', { name: 'Join Requests' }).click();
    await expect(admin.page.getByRole('button', { name: 'Approve Tobias Tester' })).toBeVisible();

    // The newcomer's dashboard shows it pending.
    await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
    const pending = page.getByRole('region', { name: 'Pending requests' });
    const item = pending.getByRole('listitem').filter({ hasText: teamName });
    await expect(item).toBeVisible();
    await expect(item.getByText('Request pending')).toBeVisible();
    for (const theme of ['light', 'dark']) {
      await page.evaluate((mode) => localStorage.setItem('theme', mode), theme);
      await page.reload();
      await expect(item).toBeVisible();
      expect(await seriousViolations(page), theme).toEqual([]);
    }

    // Withdrawing asks first; Cancel keeps the request.
    const withdraw = item.getByRole('button', { name: `Withdraw request to ${teamName}` });
    await withdraw.click();
    const dialog = page.getByRole('dialog', { name: 'Withdraw request' });
    await expect(dialog.getByText(`Withdraw your request to join ${teamName}?`)).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(item).toBeVisible();

    await withdraw.click();
    await dialog.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await expect(page.getByText('Join request withdrawn')).toBeVisible();
    await expect(pending).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Get started' })).toBeVisible();

    // Find a Team offers to ask again.
    await page.getByRole('link', { name: 'Find a Team' }).click();
    await page.getByLabel('Team name').fill(teamName);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(
      page
        .getByRole('listitem')
        .filter({ hasText: teamName })
        .getByRole('button', { name: 'Request to Join' }),
    ).toBeEnabled();

    // The leader no longer sees it.
    await admin.page.reload();
    await admin.page.getByRole('tab', { name: 'Join Requests' }).click();
    await expect(admin.page.getByText('No pending join requests.')).toBeVisible();
    const headers = await apiSession(request, leader);
    const requests = await request.get(`/api/teams/${teamId}/requests`, { headers });
    expect(await requests.json()).toEqual([]);
    await admin.context.close();
  });

  test('a new team’s owner sees the next steps, and adding a song ticks one off', async ({
    page,
    request,
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const teamName = `Riverside Worship ${unique()}`;
    const owner = await createVerifiedPerson(request, 'Naomi');
    await signIn(page, owner);
    await page.goto('/dashboard');

    await page.getByRole('link', { name: 'Create a Team' }).click();
    await page.getByLabel('Team Name').fill(teamName);
    await page.getByRole('button', { name: 'Create Team' }).click();
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 5000 });
    await expect(page.getByRole('heading', { name: teamName })).toBeVisible();

    const steps = page.getByRole('region', { name: 'Next steps' });
    const step = (name: string) => steps.getByRole('listitem').filter({ hasText: name });
    await expect(steps.getByRole('listitem')).toHaveCount(3);
    await expect(step('Add songs').getByRole('link', { name: 'Add songs' })).toHaveAttribute(
      'href',
      '/songs/new',
    );
    await expect(
      step('Plan a setlist').getByRole('link', { name: 'Plan a setlist' }),
    ).toHaveAttribute('href', '/setlists/new');
    await expect(
      step('Invite people').getByRole('link', { name: 'Invite people' }),
    ).toHaveAttribute('href', '/teams?tab=invitations');
    await expect(steps.getByText('Done')).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);

    // "Invite people" opens Manage Team on its Invitations tab.
    await step('Invite people').getByRole('link', { name: 'Invite people' }).click();
    await expect(page.getByRole('tab', { name: 'Invitations', selected: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create Link' })).toBeVisible();
    await page.getByRole('link', { name: 'Dashboard', exact: true }).click();

    // Add a song from the step.
    await step('Add songs').getByRole('link', { name: 'Add songs' }).click();
    await expect(page.getByRole('heading', { name: 'New Song' })).toBeVisible();
    await page.getByLabel('Title', { exact: true }).fill('Be Thou My Vision');
    await page.getByRole('tab', { name: 'Line by line' }).click();
    await page.getByLabel('Part 1 label', { exact: true }).fill('Verse 1');
    await page.getByLabel('Part 1 line 1 lyrics').fill('Be Thou my vision, O Lord of my heart');
    await page.getByRole('button', { name: 'Create Song' }).click();
    await expect(page).toHaveURL(/\/songs$/);

    await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
    await expect(step('Add songs').getByText('Done')).toBeVisible();
    await expect(step('Add songs').getByRole('link')).toHaveCount(0);
    await expect(step('Plan a setlist').getByText('Done')).toHaveCount(0);
    await expect(step('Invite people').getByText('Done')).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);

    // A member who is no admin has no one to invite; the owner's invite step is then done.
    const member = await createVerifiedPerson(request, 'Silas');
    const headers = await apiSession(request, owner);
    const teams = (await (await request.get('/api/teams', { headers })).json()) as {
      _id: string;
      name: string;
    }[];
    const teamId = teams.find((t) => t.name === teamName)!._id;
    const added = await request.post(`/api/teams/${teamId}/add`, {
      data: { email: member.email },
      headers,
    });
    expect(added.status()).toBe(201);
    const band = await inOwnBrowser(browser, baseURL!, member, '203.0.122.2', '/dashboard');
    const memberSteps = band.page.getByRole('region', { name: 'Next steps' });
    await expect(memberSteps.getByRole('listitem')).toHaveCount(2);
    await expect(memberSteps.getByText('Invite people')).toHaveCount(0);
    await band.context.close();

    await page.reload();
    await expect(step('Invite people').getByText('Done')).toBeVisible();

    // With a team of their own, a pending request elsewhere still shows.
    const otherTeam = `Harbour Choir ${unique()}`;
    const otherLeader = await createVerifiedPerson(request, 'Ezra');
    const otherId = await createTeamWith(request, otherLeader, otherTeam);
    const asked = await request.post(`/api/teams/${otherId}/request`, { headers });
    expect(asked.status()).toBe(201);
    await page.reload();
    await expect(
      page
        .getByRole('region', { name: 'Pending requests' })
        .getByRole('listitem')
        .filter({ hasText: otherTeam }),
    ).toContainText('Request pending');
    await expect(page.getByRole('heading', { name: teamName })).toBeVisible();
  });
});
