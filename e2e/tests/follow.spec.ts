import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import type { Page } from '@playwright/test';
import {
  apiSession,
  createTeamWith,
  createVerifiedPerson,
  createdId,
  expect,
  signIn,
  test,
} from '../support/fixtures.ts';
import { allViolations } from '../support/axe.ts';
import { expectNoSidewaysScroll } from '../support/layout.ts';

/**
 * The congregation follows on their own phones: a driver shares the setlist, a phone holding
 * only the link (no account, a browser of its own) reads each part's words as the band moves,
 * the projector carries the link as a QR code, and a withdrawn link ends the page.
 */

const VERSE = 'Great is Thy faithfulness O God my Father';
const CHORUS = 'Morning by morning new mercies I see';
const CHORDS = 'D     G     A7';
const VERSO = 'Grande es tu fidelidad, oh Dios mi Padre';
const CORO = 'Cada mañana veo tu bondad';

/** The text a QR code on the page's screenshot holds, or null when none is found. */
async function qrOnScreen(page: Page): Promise<string | null> {
  const png = PNG.sync.read(await page.screenshot());
  const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  return code?.data ?? null;
}

test('a phone with only the link follows the words part by part, and a withdrawn link ends it', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(180_000);
  const leader = await createVerifiedPerson(request, 'Miriam');
  const member = await createVerifiedPerson(request, 'Jonas');
  const teamId = await createTeamWith(request, leader, 'Harbour Church', [member]);
  const headers = await apiSession(request, leader, teamId);
  expect(
    (
      await request.put(`/api/teams/${teamId}/ccli`, { headers, data: { ccliLicence: '1234567' } })
    ).ok(),
  ).toBe(true);
  const songId = await createdId(
    await request.post('/api/songs', {
      headers,
      data: {
        title: 'Great Is Thy Faithfulness',
        artist: 'Thomas Chisholm',
        copyright: 'Public domain',
        ccli: '18723',
        language: 'en',
        parts: [
          {
            label: 'Verse 1',
            lines: [{ chords: CHORDS, lyrics: VERSE }],
            translations: [{ lang: 'es', lines: [VERSO] }],
          },
          {
            label: 'Chorus',
            lines: [{ chords: CHORDS, lyrics: CHORUS }],
            translations: [{ lang: 'es', lines: [CORO] }],
          },
        ],
      },
    }),
  );
  const setlistId = await createdId(
    await request.post('/api/setlist', {
      headers,
      data: {
        name: 'Harbour Sunday',
        date: new Date().toISOString().slice(0, 10),
        songs: [{ song: songId, leader: null }],
        items: [{ title: 'Welcome', notes: 'Mention the car park', duration: 120, at: 0 }],
        positions: [],
      },
    }),
  );

  const leaderContext = await browser.newContext({ baseURL });
  const lead = await leaderContext.newPage();
  await signIn(lead, leader);
  await lead.goto(`/setlists/live/${setlistId}`);
  await expect(
    lead.getByRole('heading', { level: 1, name: 'Great Is Thy Faithfulness' }),
  ).toBeVisible();

  // The owner confirms the licence once, and the link is made.
  await lead.getByRole('button', { name: 'Share with the congregation' }).first().click();
  const dialog = lead.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Lyrics on personal devices' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Yes, our licence covers it' }).click();
  await expect(dialog.getByRole('group', { name: 'Congregation link' })).toContainText('/follow/');
  const status = await request.get(`/api/setlist/${setlistId}/audience-link`, { headers });
  const { link } = (await status.json()) as { link: { url: string } };
  expect(link.url).toMatch(/\/follow\/[A-Za-z0-9_-]{43}$/);
  await dialog.getByRole('button', { name: 'Close' }).click();

  // A phone in the pews: a browser of its own, no account, only the link.
  const phoneContext = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    extraHTTPHeaders: { 'x-forwarded-for': '203.0.131.7' },
  });
  const phone = await phoneContext.newPage();
  await phone.goto(new URL(link.url).pathname);
  // The page also says each change in a live region of its header: read what it shows.
  const shown = phone.getByRole('main');
  await expect(phone.getByRole('heading', { level: 1, name: 'Harbour Sunday' })).toBeVisible();
  await expect(shown.getByText('Waiting for the next song')).toBeVisible();
  await expect(lead.getByText('1 phone following')).toBeVisible();

  // The leader steps: the phone shows the item's title, then each part's words, never chords.
  await lead.getByRole('button', { name: 'Previous Song' }).click();
  await expect(shown.getByRole('heading', { name: 'Welcome' })).toBeVisible();
  await expect(phone.getByText('Mention the car park')).toHaveCount(0);
  await lead.getByRole('button', { name: 'Next Song' }).click();
  const song = shown.getByRole('article', { name: 'Great Is Thy Faithfulness' });
  await expect(song).toBeVisible();
  const livePart = shown.locator('[aria-current="true"]');
  await expect(livePart).toContainText(VERSE);
  await lead.getByRole('button', { name: 'Chorus', exact: true }).click();
  await expect(livePart).toContainText(CHORUS);
  await expect(livePart).toBeInViewport();
  await expect(phone.locator('body')).not.toContainText('A7');
  await expect(phone.locator('body')).not.toContainText('Miriam');
  await expect(phone.getByRole('contentinfo')).toContainText('1234567');
  await expect(phone.getByRole('contentinfo')).toContainText('Public domain');

  // A band message stays with the band; one put on the screen reaches the phone.
  await lead.getByLabel('Announce Message').fill('Drums, softer please');
  await lead.getByRole('button', { name: 'Send' }).click();
  await expect(lead.getByRole('alert').filter({ hasText: 'Drums, softer please' })).toBeVisible();
  await lead.getByLabel('Announce Message').fill('Please stand');
  await lead.getByRole('checkbox', { name: 'Show on screen' }).check();
  await lead.getByRole('button', { name: 'Send' }).click();
  await expect(phone.getByText('Please stand').first()).toBeVisible();
  await expect(phone.getByText('Drums, softer please')).toHaveCount(0);

  // The projector carries the link as a QR code, until the driver hides it.
  const projectorContext = await browser.newContext({
    baseURL,
    viewport: { width: 1920, height: 1080 },
  });
  const projector = await projectorContext.newPage();
  await signIn(projector, member);
  await projector.goto(`/setlists/presenter/${setlistId}`);
  await expect(projector.getByText(CHORUS)).toBeVisible();
  await lead.getByRole('button', { name: 'Show join code' }).first().click();
  await expect.poll(() => qrOnScreen(projector), { timeout: 15_000 }).toBe(link.url);
  await expect(projector.getByRole('heading', { level: 1 })).toHaveCount(1);
  await lead.getByRole('button', { name: 'Hide join code' }).first().click();
  await expect.poll(() => qrOnScreen(projector), { timeout: 15_000 }).toBeNull();

  // A reader picks the song's Spanish words; the band's part stays marked.
  await phone.getByRole('button', { name: 'Display settings' }).click();
  const language = phone.getByLabel('Lyrics language');
  await expect(language.getByRole('option')).toHaveText(['English', 'Español']);
  await expect(language).toHaveValue('en');
  await language.selectOption({ label: 'Español' });
  await expect(livePart).toContainText(CORO);
  await expect(livePart.locator('p[lang="es"]')).toBeVisible();
  await expect(shown).not.toContainText(VERSE);

  // The page passes axe in each of its themes.
  for (const theme of ['Light', 'Dark', 'High contrast']) {
    await phone.getByRole('radio', { name: theme }).check();
    expect(await allViolations(phone), `the follow page in ${theme}`).toEqual([]);
  }

  // Withdrawn: the phone says so at once.
  await lead.getByRole('button', { name: 'Share with the congregation' }).first().click();
  await dialog.getByRole('button', { name: 'Withdraw link' }).click();
  await lead
    .getByRole('dialog', { name: 'Withdraw the link?' })
    .getByRole('button', { name: 'Withdraw' })
    .click();
  await expect(phone.getByText('This link has ended.').first()).toBeVisible();
  await phone.reload();
  await expect(phone.getByText('This link has ended.').first()).toBeVisible();

  for (const context of [leaderContext, phoneContext, projectorContext]) await context.close();
});

test("a phone whose browser speaks Spanish reads the page's own texts in Spanish", async ({
  browser,
  baseURL,
  request,
}) => {
  const leader = await createVerifiedPerson(request, 'Lucia');
  const teamId = await createTeamWith(request, leader, 'Iglesia del Puerto');
  const headers = await apiSession(request, leader, teamId);
  expect(
    (
      await request.put(`/api/teams/${teamId}/ccli`, { headers, data: { ccliLicence: '7654321' } })
    ).ok(),
  ).toBe(true);
  expect(
    (
      await request.put(`/api/teams/${teamId}/audience-licence`, {
        headers,
        data: { confirmed: true },
      })
    ).status(),
  ).toBe(204);
  const setlistId = await createdId(
    await request.post('/api/setlist', {
      headers,
      data: {
        name: 'Domingo en el puerto',
        date: new Date().toISOString().slice(0, 10),
        songs: [],
        items: [],
        positions: [],
      },
    }),
  );
  const shared = await request.post(`/api/setlist/${setlistId}/audience-link`, { headers });
  expect(shared.ok()).toBe(true);
  const { url } = (await shared.json()) as { url: string };

  // No choice stored on this phone: its browser's language decides.
  const phoneContext = await browser.newContext({
    baseURL,
    locale: 'es-ES',
    viewport: { width: 390, height: 844 },
    extraHTTPHeaders: { 'x-forwarded-for': '203.0.131.9' },
  });
  const phone = await phoneContext.newPage();
  await phone.goto(new URL(url).pathname);
  await expect(phone.locator('html')).toHaveAttribute('lang', 'es');
  // The setlist's name as the band wrote it; the page's own words in Spanish.
  await expect(
    phone.getByRole('heading', { level: 1, name: 'Domingo en el puerto' }),
  ).toBeVisible();
  await expect(phone.getByRole('main').getByText('Esperando la próxima canción')).toBeVisible();
  await expect(phone.getByRole('contentinfo')).toHaveText('Licencia CCLI 7654321');

  const toggle = phone.getByRole('button', { name: 'Ajustes de pantalla' });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const size = phone.getByRole('group', { name: 'Tamaño del texto' });
  await expect(size.getByRole('button', { name: 'Texto más pequeño' })).toBeVisible();
  await expect(size.getByRole('button', { name: 'Texto más grande' })).toBeVisible();
  await expect(phone.getByRole('group', { name: 'Tema' })).toBeVisible();
  await expect(phone.getByRole('radio', { name: 'Alto contraste' })).toBeVisible();
  await expect(phone.getByRole('switch', { name: 'Mantener la pantalla encendida' })).toBeVisible();
  await expectNoSidewaysScroll(phone, 'the follow page in Spanish at 390 px');
  await phoneContext.close();
});
