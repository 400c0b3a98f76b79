import type { Page } from '@playwright/test';
import { totp } from '../../apps/server/src/accounts/totp.ts';
import { createVerifiedPerson, expect, logIn, signIn, test } from '../support/fixtures.ts';
import { waitForLink } from '../support/mailbox.ts';

const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

test.describe('account settings', () => {
  test('change the name and see it in the greeting; change the password and log in with it', async ({
    page,
    request,
  }) => {
    const person = await createVerifiedPerson(request, 'Priscilla');
    await signIn(page, person);
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Account Settings' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeVisible();

    await field(page, 'Full Name').fill('Aquila Maker');
    await page.getByRole('button', { name: 'Save Name' }).click();
    await expect(page.getByText('Name updated')).toBeVisible();
    await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Welcome Aquila' })).toBeVisible();

    await page.goto('/settings');
    await field(page, 'Current Password').fill(person.password);
    await field(page, 'New Password').fill('tents and sails 2026');
    await field(page, 'Confirm New Password').fill('tents and sails 2026');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByText('Password changed')).toBeVisible();

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page.getByText('Logged out successfully')).toBeVisible();
    await logIn(page, { ...person, password: 'tents and sails 2026' });
    await expect(page.getByRole('heading', { name: 'Welcome Aquila' })).toBeVisible();
  });

  test('forgot password through the mailed link', async ({ page, request }) => {
    const person = await createVerifiedPerson(request, 'Lois');
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();
    await page.getByLabel('Email').fill(person.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(
      page.getByText('If an account uses that address, a reset link is on its way.'),
    ).toBeVisible();

    const link = await waitForLink(person.email, '/reset-password');
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Choose a New Password' })).toBeVisible();
    await field(page, 'New Password').fill('eunice and timothy');
    await field(page, 'Confirm New Password').fill('eunice and timothy');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText('Password reset! Redirecting...')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/, { timeout: 6000 });
    await logIn(page, { ...person, password: 'eunice and timothy' });

    // The link worked once.
    await page.goto(link);
    await field(page, 'New Password').fill('another new password');
    await field(page, 'Confirm New Password').fill('another new password');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText('This link is invalid or has expired.')).toBeVisible();
  });

  test('two-factor: enable with the shown secret, then log in with a computed code', async ({
    page,
    request,
  }) => {
    const person = await createVerifiedPerson(request, 'Tabitha');
    await signIn(page, person);
    await page.goto('/settings');
    await page.getByRole('button', { name: 'Set Up Two-Factor Authentication' }).click();
    const dialog = page.getByRole('dialog', { name: 'Set Up Two-Factor Authentication' });
    await dialog.getByLabel('Password').fill(person.password);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(
      dialog.getByRole('img', { name: 'QR code for your authenticator app' }),
    ).toBeVisible();
    const secret = await dialog.getByRole('textbox', { name: 'Secret key' }).inputValue();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await dialog.getByRole('textbox', { name: 'Authentication Code' }).fill(totp(secret));
    await dialog.getByRole('button', { name: 'Enable' }).click();
    await expect(
      dialog.getByRole('list', { name: 'Backup codes' }).getByRole('listitem'),
    ).toHaveCount(10);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByText('Two-factor authentication is on.')).toBeVisible();

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.goto('/login');
    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel('Password').fill(person.password);
    await page.getByRole('button', { name: 'Login' }).click();
    const code = page.getByRole('textbox', { name: 'Authentication Code' });
    await expect(code).toBeFocused();
    // Each code works once: the one that turned two-factor on is used up, so the app's next one.
    await code.fill(totp(secret, Date.now() + 30_000));
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Login successful!')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('sign out another session from the list; that browser loses access', async ({
    page,
    request,
    browser,
    baseURL,
  }) => {
    const person = await createVerifiedPerson(request, 'Phoebe');
    const other = await browser.newContext({
      baseURL,
      extraHTTPHeaders: { 'x-forwarded-for': '203.0.125.9' },
    });
    const otherPage = await other.newPage();
    await signIn(otherPage, person);
    await otherPage.goto('/dashboard');
    await expect(otherPage.getByRole('heading', { name: 'Welcome Phoebe' })).toBeVisible();
    await signIn(page, person);

    await page.goto('/settings');
    const sessions = page.getByRole('list', { name: 'Active sessions' }).getByRole('listitem');
    // This browser, the other one, and the session registration opened through the API.
    await expect(sessions).toHaveCount(3);
    await expect(sessions.filter({ hasText: 'This device' })).toHaveCount(1);
    const otherSession = sessions.filter({ hasText: '203.0.125.9' });
    await expect(otherSession).toHaveCount(1);
    await otherSession.getByRole('button', { name: /^Sign out session/ }).click();
    await expect(page.getByText('Session signed out')).toBeVisible();
    await expect(sessions).toHaveCount(2);
    await expect(sessions.filter({ hasText: '203.0.125.9' })).toHaveCount(0);

    await otherPage.reload();
    await expect(otherPage).toHaveURL(/\/login$/);
    await other.close();
  });
});
