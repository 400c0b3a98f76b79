import type { Browser, Page } from '@playwright/test';
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
import { expectNoSidewaysScroll } from '../support/layout.ts';
import { toneWav, uploadRecording } from '../support/wav.ts';

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

  test('Spanish, then Korean, on the account: the live view, My view, the stage display, the projector and the setlist form', async ({
    page,
    request,
  }) => {
    const person = await createVerifiedPerson(request, 'Lucia');
    const teamId = await createTeamWith(request, person, 'Alabanza');
    const headers = await apiSession(request, person, teamId);
    const chosen = await request.put('/api/account/locale', { headers, data: { locale: 'es' } });
    expect(chosen.status()).toBe(200);
    const song = await request.post('/api/songs', {
      headers,
      data: {
        title: 'Cantaré',
        key: 'G',
        parts: ['Verso', 'Coro'].map((label) => ({
          label,
          lines: [{ chords: 'G    D', lyrics: `${label} palabras` }],
        })),
      },
    });
    const setlist = await request.post('/api/setlist', {
      headers,
      data: {
        name: 'Domingo',
        date: '2030-01-06',
        songs: [{ song: await createdId(song), leader: null }],
      },
    });
    const setlistId = await createdId(setlist);

    await signIn(page, person);
    await page.goto(`/setlists/live/${setlistId}`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('heading', { level: 1, name: 'Cantaré' })).toBeVisible();
    await expect(page.getByText('Canción 1 de 1', { exact: true })).toBeVisible();
    await expect(page.getByText('Tono G', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Canción siguiente' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Modo escenario' })).toBeVisible();
    await expect(page.getByText('Siguiente: Coro', { exact: true }).first()).toBeVisible();
    await page.getByRole('button', { name: 'Parte siguiente' }).click();
    await expect(
      page
        .getByRole('group', { name: 'Partes' })
        .getByRole('button', { name: 'Coro', pressed: true }),
    ).toBeVisible();

    // My view, with the capo as Spanish players call it.
    await page.getByRole('button', { name: 'Mi vista' }).click();
    const myView = page.getByRole('group', { name: 'Mi vista' });
    await myView.getByLabel('Cejilla', { exact: true }).selectOption('2');
    await expect(
      page.getByText('Tono G · Cejilla 2 · posiciones de F', { exact: true }),
    ).toBeVisible();
    await expect(page.getByRole('group', { name: 'Clic en este dispositivo' })).toBeVisible();

    // The band's stage display and the congregation's screen speak it too.
    await page.goto(`/setlists/stage/${setlistId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Cantaré' })).toBeVisible();
    await expect(page.getByText('Tiempo', { exact: true })).toBeVisible();
    await expect(page.getByText('Canción 1 de 1', { exact: true })).toBeVisible();
    await page.goto(`/setlists/presenter/${setlistId}`);
    await expect(page.getByText('Coro palabras')).toBeVisible();
    await page.getByRole('button', { name: 'Ajustes de proyección' }).click();
    await expect(page.getByRole('dialog', { name: 'Ajustes de proyección' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Degradado azul' })).toBeVisible();
    await page.getByRole('button', { name: 'Cerrar' }).click();

    // The setlist form, and nothing cut off on a phone.
    await page.goto(`/setlists/edit/${setlistId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Editar lista' })).toBeVisible();
    await expect(page.getByLabel('Nombre de la lista')).toHaveValue('Domingo');
    await expect(page.getByRole('button', { name: 'Actualizar lista' })).toBeVisible();
    await noSidewaysScrollOn(page, [
      `/setlists/live/${setlistId}`,
      `/setlists/edit/${setlistId}`,
      '/setlists/new',
    ]);

    // Korean chosen on another device reaches this one at its next load: the live view and
    // the setlist form in Korean, still within a phone's width.
    const korean = await request.put('/api/account/locale', { headers, data: { locale: 'ko' } });
    expect(korean.status()).toBe(200);
    await page.goto(`/setlists/live/${setlistId}`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
    await expect(page.getByText('1곡 중 1번째', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: '다음 곡' })).toBeDisabled();
    await page.goto('/setlists/new');
    await expect(page.getByRole('heading', { level: 1, name: '새 콘티' })).toBeVisible();
    await expect(page.getByLabel('콘티 이름')).toBeVisible();
    await noSidewaysScrollOn(page, [`/setlists/live/${setlistId}`, '/setlists/new']);
  });

  test("a refusal of the server shows in the reader's language: a wrong invitation link", async ({
    browser,
    baseURL,
  }) => {
    // Nobody signed in, nothing stored: the browser's Spanish decides.
    const context = await browser.newContext({ baseURL, locale: 'es-ES', viewport: PHONE });
    const page = await context.newPage();
    await page.goto(`/invite/${'N'.repeat(43)}`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    // The server says "This invitation link is not valid."; the page says it in Spanish.
    await expect(page.getByText('Este enlace de invitación no es válido.')).toBeVisible();
    await expect(page.getByText('This invitation link is not valid.')).toHaveCount(0);
    await context.close();
  });

  test('German on the account: a song’s chart with its Print button, and practice mode', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const person = await createVerifiedPerson(request, 'Jonas');
    const teamId = await createTeamWith(request, person, 'Lobpreis');
    const headers = await apiSession(request, person, teamId);
    const chosen = await request.put('/api/account/locale', { headers, data: { locale: 'de' } });
    expect(chosen.status()).toBe(200);
    const songId = await createdId(
      await request.post('/api/songs', {
        headers,
        data: {
          title: 'Großer Gott',
          key: 'G',
          capo: 2,
          tempo: 72,
          ccli: '22025',
          authors: [{ name: 'Ignaz Franz', type: 'words' }],
          parts: ['Strophe', 'Refrain'].map((label) => ({
            label,
            lines: [{ chords: 'G    D', lyrics: `${label} Worte` }],
          })),
        },
      }),
    );
    await uploadRecording(request, headers, songId, 'Probe', toneWav([440, 554.37], 1000));

    await signIn(page, person);
    await page.goto(`/songs/${songId}`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { level: 1, name: 'Großer Gott' })).toBeVisible();
    await expect(page.getByText('Text: Ignaz Franz', { exact: true })).toBeVisible();
    await expect(page.getByText(/ · Kapodaster 2 empfohlen \(F-Griffe\) · 72 BPM$/)).toBeVisible();
    await expect(page.getByText('CCLI-Nr. 22025', { exact: true })).toBeVisible();
    // Print asks the browser for its dialog (caught here, so none opens).
    await page.evaluate(() => {
      window.print = () => document.body.setAttribute('data-printed', 'yes');
    });
    await page.getByRole('button', { name: 'Drucken' }).click();
    await expect(page.locator('body')).toHaveAttribute('data-printed', 'yes');

    await page.goto(`/songs/${songId}/practice`);
    await expect(page.getByRole('heading', { level: 1, name: 'Großer Gott' })).toBeVisible();
    await expect(page).toHaveTitle(/Großer Gott üben/);
    await expect(page.getByText('Üben', { exact: true })).toBeVisible();
    const player = page.getByRole('region', { name: 'Player' });
    await expect(player.getByRole('button', { name: 'Abspielen' })).toBeEnabled({
      timeout: 20_000,
    });
    await expect(player.getByText('0:00 / 0:02', { exact: true })).toBeVisible();
    await expect(player.getByText('Teil wiederholen', { exact: true })).toBeVisible();
    await expect(
      page.getByRole('group', { name: 'Tonhöhe' }).getByRole('button', { name: 'Höher' }),
    ).toBeEnabled();
    const parts = page.getByRole('list', { name: 'Teile' });
    await expect(parts.getByText('nicht markiert', { exact: true })).toHaveCount(2);
    await page.getByRole('button', { name: 'Teile markieren' }).click();
    await expect(parts.getByRole('button', { name: 'Strophe markieren' })).toBeEnabled();
    await expect(page.getByText('0 Markierungen', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Markierungen speichern' })).toBeVisible();
  });
});
