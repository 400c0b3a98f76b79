import type { Browser, Page } from '@playwright/test';
import {
  apiSession,
  createVerifiedPerson,
  expect,
  signIn,
  test,
  type Person,
} from '../support/fixtures.ts';
import { expectNoSidewaysScroll } from '../support/layout.ts';

// The interface in six languages (docs/DECISIONS.md, "The interface in six languages"): the
// language chosen on one device is kept there and on the account, sets <html lang>, and the
// converted screens speak it, nothing cut off on a phone.

const PHONE = { width: 390, height: 844 };

/** A second device: a browser of its own (no storage shared), signed in as the same person. */
async function secondDevice(browser: Browser, baseURL: string | undefined, person: Person) {
  const context = await browser.newContext({ baseURL, locale: 'en-US' });
  const page = await context.newPage();
  await signIn(page, person);
  return { context, page };
}

async function noSidewaysScrollOn(page: Page, paths: string[]) {
  await page.setViewportSize(PHONE);
  for (const path of paths) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSidewaysScroll(
      page,
      `${path} in ${await page.locator('html').getAttribute('lang')}`,
    );
  }
}

test.describe('the interface in six languages', () => {
  test('Spanish chosen in Account Settings: the dashboard in Spanish, after a reload and on another device', async ({
    page,
    request,
    browser,
    baseURL,
  }) => {
    const person = await createVerifiedPerson(request, 'Lidia');
    await signIn(page, person);
    await page.goto('/settings');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    const language = page.getByRole('combobox', { name: 'Language' });
    // Each language is named in itself.
    await expect(language.locator('option')).toHaveText([
      "The browser's language (English)",
      'English',
      'Español',
      'Português (Brasil)',
      'Deutsch',
      'Français',
      '한국어',
    ]);
    await language.selectOption('es');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByText('Idioma guardado')).toBeVisible();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Configuración de la cuenta' }),
    ).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Idioma' })).toHaveValue('es');

    await page.getByRole('link', { name: 'Inicio', exact: true }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Te damos la bienvenida, Lidia' }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Ningún equipo seleccionado' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Buscar un equipo' })).toBeVisible();

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Te damos la bienvenida, Lidia' }),
    ).toBeVisible();

    // A browser that has never seen the choice takes it from the account when signing in.
    const other = await secondDevice(browser, baseURL, person);
    await other.page.goto('/dashboard');
    await expect(other.page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(
      other.page.getByRole('heading', { level: 1, name: 'Te damos la bienvenida, Lidia' }),
    ).toBeVisible();
    await expect(other.page.getByRole('link', { name: 'Listas', exact: true })).toBeVisible();
    await other.context.close();

    await noSidewaysScrollOn(page, ['/dashboard', '/settings']);
  });

  test('Korean chosen in the account menu: the dashboard, the menus and an error toast in Korean', async ({
    page,
    request,
  }) => {
    const person = await createVerifiedPerson(request, 'Minji');
    await signIn(page, person);
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: /^Language/ }).click();
    await page.getByRole('menuitemradio', { name: '한국어' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
    // The menu stays open, in Korean now, the list folded; opened again it checks Korean.
    await page.getByRole('menuitem', { name: /^언어/ }).click();
    await expect(page.getByRole('menuitemradio', { name: '한국어' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await page.keyboard.press('Escape');

    await expect(
      page.getByRole('heading', { level: 1, name: 'Minji님, 환영합니다' }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: '선택된 팀이 없습니다' })).toBeVisible();
    await expect(page.getByRole('link', { name: '콘티', exact: true })).toBeVisible();

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Minji님, 환영합니다' }),
    ).toBeVisible();

    // The account keeps it too.
    const answer = await request.get('/api/account', {
      headers: await apiSession(request, person),
    });
    expect(((await answer.json()) as { locale: string }).locale).toBe('ko');

    await noSidewaysScrollOn(page, ['/dashboard', '/settings']);

    // Signed out, this device keeps speaking Korean; a refused login's toast says the server's
    // English text in Korean.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/dashboard');
    await page.getByRole('button', { name: '계정 메뉴' }).click();
    await page.getByRole('menuitem', { name: '로그아웃' }).click();
    await expect(page.getByRole('alert').filter({ hasText: '로그아웃했습니다' })).toBeVisible();
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Segue 로그인' })).toBeVisible();
    await page.getByLabel('이메일').fill(person.email);
    await page.getByLabel('비밀번호').fill('not the password at all');
    await page.getByRole('button', { name: '로그인', exact: true }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: '이메일 또는 비밀번호가 올바르지 않습니다.' }),
    ).toBeVisible();

    await noSidewaysScrollOn(page, ['/', '/login', '/register']);
  });
});
