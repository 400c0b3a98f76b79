import { createVerifiedPerson, expect, logIn, newPerson, test } from '../support/fixtures.ts';
import { countMailsTo, waitForVerificationLink } from '../support/mailbox.ts';

test.describe('accounts', () => {
  test('register, verify through the mailed link, log in and log out', async ({
    page,
    browser,
  }) => {
    const person = newPerson('Miriam');
    await page.goto('/register');
    await page.getByLabel('Full Name').fill(person.name);
    await page.getByLabel('Phone Number').fill(person.phone);
    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel('Password').fill(person.password);
    await page.getByRole('button', { name: 'Register' }).click();

    await expect(page.getByText('Registration successful!')).toBeVisible();
    await expect(page).toHaveURL(/\/verify-reminder$/);
    await expect(page.getByRole('heading', { name: 'Please verify your email' })).toBeVisible();

    // The mail arrives at a real SMTP server; the link is opened on another device.
    const link = await waitForVerificationLink(person.email);
    expect(new URL(link).pathname).toBe('/verify');
    const phone = await browser.newContext();
    const phonePage = await phone.newPage();
    await phonePage.goto(link);
    await expect(phonePage.getByText('Email verified! Redirecting...')).toBeVisible();
    await expect(phonePage).toHaveURL(/\/login$/, { timeout: 6000 });

    await phonePage.getByLabel('Email').fill(person.email);
    await phonePage.getByLabel('Password').fill(person.password);
    await phonePage.getByRole('button', { name: 'Login' }).click();
    await expect(phonePage.getByText('Login successful!')).toBeVisible();
    await expect(phonePage).toHaveURL(/\/dashboard$/);
    await expect(phonePage.getByRole('heading', { name: 'Welcome Miriam' })).toBeVisible();
    await expect(phonePage.getByText('No team selected')).toBeVisible();

    await phonePage.getByRole('button', { name: 'Account menu' }).click();
    await phonePage.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(phonePage.getByText('Logged out successfully')).toBeVisible();
    await phonePage.goto('/dashboard');
    await expect(phonePage).toHaveURL(/\/login$/);

    // The link was used once; it does not work again.
    await phonePage.goto(link);
    await expect(
      phonePage.getByText('Verification failed. Link may be expired or invalid.'),
    ).toBeVisible();
    await phone.close();

    // The browser that registered is still logged in and now verified: /verify sends it home.
    await page.goto(link);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('link', { name: 'Go to Dashboard' })).toBeVisible();
  });

  test('logging in before verifying lands on the reminder, which resends the mail', async ({
    page,
    request,
  }) => {
    const person = newPerson('Tomas');
    expect((await request.post('/api/account', { data: person })).status()).toBe(201);
    await waitForVerificationLink(person.email, 1);

    await page.goto('/login');
    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel('Password').fill(person.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/verify-reminder$/);
    await expect(page.getByRole('heading', { name: 'Please verify your email' })).toBeVisible();

    // Not logged in: the dashboard still sends this visitor to Login.
    await page.getByRole('button', { name: 'Resend Verification Email' }).click();
    await expect(page.getByText('Verification email resent!')).toBeVisible();
    await waitForVerificationLink(person.email, 2);
    expect(countMailsTo(person.email)).toBe(2);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a wrong password shows the server error as a toast and beside the form', async ({
    page,
    request,
  }) => {
    const person = await createVerifiedPerson(request, 'Ruth');
    await page.goto('/login');
    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Invalid email or password.' }),
    ).toBeVisible();
    // The toast fades; the same words stay next to the Login button.
    const note = page.getByRole('main').getByRole('note');
    await expect(note).toHaveText('Invalid email or password.');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('registering an address already in use says so beside the form', async ({
    page,
    request,
  }) => {
    const person = await createVerifiedPerson(request, 'Naomi');
    await page.goto('/register');
    await page.getByLabel('Full Name').fill('Naomi Again');
    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel('Password').fill('another-long-password');
    await page.getByRole('button', { name: 'Register' }).click();
    const note = page.getByRole('main').getByRole('note');
    await expect(note).toHaveText('An account with this email already exists.');
    await expect(page).toHaveURL(/\/register$/);
  });

  test('the Verify screen without its parameters says the link is invalid', async ({ page }) => {
    await page.goto('/verify');
    await expect(page.getByText('Invalid verification link.')).toBeVisible();
  });

  test('a logged-in person on Login or Register goes to the dashboard; a new tab stays logged in', async ({
    page,
    request,
    context,
  }) => {
    const person = await createVerifiedPerson(request, 'Esther');
    await logIn(page, person);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/register');
    await expect(page).toHaveURL(/\/dashboard$/);

    const tab = await context.newPage();
    await tab.goto('/dashboard');
    await expect(tab.getByRole('heading', { name: 'Welcome Esther' })).toBeVisible();
  });
});
