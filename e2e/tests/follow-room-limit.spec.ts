import {
  apiSession,
  createTeamWith,
  createVerifiedPerson,
  expect,
  signIn,
  test,
} from '../support/fixtures.ts';
import { allViolations } from '../support/axe.ts';
import { expectNoSidewaysScroll } from '../support/layout.ts';

/**
 * How many phones may follow one setlist is a team setting: the owner (or an admin) sets it in
 * Manage Team's CCLI tab, beside whether the licence covers lyrics on personal devices; a member
 * cannot reach it.
 */
test('the owner sets the phones per setlist, which stays; a member cannot change it', async ({
  browser,
  baseURL,
  page,
  request,
}) => {
  const owner = await createVerifiedPerson(request, 'Priscilla');
  const member = await createVerifiedPerson(request, 'Aquila');
  const teamId = await createTeamWith(request, owner, 'Corinth Fellowship', [member]);

  await signIn(page, owner);
  await page.goto('/teams');
  await page.getByRole('tab', { name: 'CCLI' }).click();
  const phones = page.getByRole('region', { name: "The congregation's phones" });
  await expect(
    phones.getByText('Not yet confirmed: the first share asks the owner.'),
  ).toBeVisible();
  const limit = phones.getByLabel('Phones per setlist');
  // Empty: the default, which the field shows as its placeholder and the help names.
  await expect(limit).toHaveValue('');
  await expect(limit).toHaveAttribute('placeholder', '5,000');
  await expect(phones.getByText(/Leave empty for the default, 5,000\./)).toBeVisible();

  // A number out of range is refused in the form, and nothing is saved.
  await limit.fill('0');
  await phones.getByRole('button', { name: 'Save' }).click();
  await expect(
    phones.getByText('Phones per setlist must be a whole number from 1 to 100,000.'),
  ).toBeVisible();

  await limit.fill('200');
  await phones.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Phones per setlist saved')).toBeVisible();

  // The owner confirms the licence meanwhile (from a share dialog, elsewhere).
  const headers = await apiSession(request, owner);
  const confirmed = await request.put(`/api/teams/${teamId}/audience-licence`, {
    headers,
    data: { confirmed: true },
  });
  expect(confirmed.status()).toBe(204);

  await page.reload();
  await page.getByRole('tab', { name: 'CCLI' }).click();
  await expect(phones.getByLabel('Phones per setlist')).toHaveValue('200');
  await expect(phones.getByText('Confirmed', { exact: true })).toBeVisible();
  expect(await allViolations(page), "the CCLI tab with the congregation's phones").toEqual([]);

  // On a phone upright and sideways and on a tablet, in both themes: nothing cut off or wider.
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 844, height: 390 },
    { width: 820, height: 1180 },
  ]) {
    await page.setViewportSize(viewport);
    for (const theme of ['light', 'dark']) {
      await page.evaluate((mode) => localStorage.setItem('theme', mode), theme);
      await page.goto('/teams?tab=ccli');
      await expect(phones.getByLabel('Phones per setlist')).toHaveValue('200');
      await expect(phones.getByRole('button', { name: 'Save' })).toBeVisible();
      await expectNoSidewaysScroll(
        page,
        `the CCLI tab at ${viewport.width}×${viewport.height} ${theme}`,
      );
    }
  }

  // Manage Team is the admins': a member is told so, and sees no field to change.
  const memberContext = await browser.newContext({ baseURL });
  try {
    const memberPage = await memberContext.newPage();
    await signIn(memberPage, member);
    await memberPage.goto('/teams?tab=ccli');
    await expect(memberPage.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await expect(memberPage.getByLabel('Phones per setlist')).toHaveCount(0);
    // The server holds to it too: the member's own call is refused, and the limit stays.
    const memberHeaders = await apiSession(request, member);
    const refused = await request.put(`/api/teams/${teamId}/audience`, {
      headers: memberHeaders,
      data: { roomLimit: 100_000 },
    });
    expect(refused.status()).toBe(403);
    const read = await request.get(`/api/teams/${teamId}/audience`, { headers: memberHeaders });
    expect(await read.json()).toEqual({
      licenceConfirmed: true,
      roomLimit: 200,
      roomDefault: 5000,
    });
  } finally {
    await memberContext.close();
  }
});
