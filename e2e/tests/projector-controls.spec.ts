import type { Locator, Page } from '@playwright/test';
import {
  apiSession,
  createTeamWith,
  createVerifiedPerson,
  createdId,
  expect,
  signIn,
  test,
} from '../support/fixtures.ts';
import { allViolations, seriousViolations } from '../support/axe.ts';

/** The smallest PNG there is: one transparent pixel. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * The brightest channel of any pixel on the screen, 0 (all black) to 255, once the settings
 * button has faded away as it does on an idle projector.
 */
async function brightestPixel(page: Page) {
  await expect(page.getByRole('button', { name: 'Presenter Settings' })).toHaveCSS('opacity', '0');
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running'),
  );
  const png = (await page.screenshot()).toString('base64');
  return page.evaluate(async (data) => {
    const image = new Image();
    image.src = `data:image/png;base64,${data}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.width;
    canvas.height = image.height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d canvas');
    context.drawImage(image, 0, 0);
    const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
    let brightest = 0;
    for (let i = 0; i < pixels.length; i += 4)
      brightest = Math.max(brightest, pixels[i]!, pixels[i + 1]!, pixels[i + 2]!);
    return brightest;
  }, png);
}

/** The channels of an element's computed background colour. */
const backgroundOf = (element: Locator) =>
  element.evaluate((e) =>
    (getComputedStyle(e).backgroundColor.match(/[\d.]+/g) ?? []).map(Number).slice(0, 3),
  );

test('the leader runs the projector from the live view: black, clear, logo, a lower third', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(180_000);
  const leader = await createVerifiedPerson(request, 'Priya');
  const member = await createVerifiedPerson(request, 'Tomas');
  const teamName = 'Lighthouse Worship';
  const teamId = await createTeamWith(request, leader, teamName, [member]);
  const headers = await apiSession(request, leader, teamId);
  const verse = 'Be thou my vision O Lord of my heart';
  const songId = await createdId(
    await request.post('/api/songs', {
      headers,
      data: {
        title: 'Vision',
        artist: 'Segue Band',
        parts: [
          { label: 'Verse 1', lines: [{ chords: 'D  G  D', lyrics: verse }] },
          { label: 'Chorus', lines: [{ chords: 'G', lyrics: 'Naught be all else to me' }] },
        ],
      },
    }),
  );
  const setlistId = await createdId(
    await request.post('/api/setlist', {
      headers,
      data: {
        name: 'Field Test Sunday',
        date: new Date().toISOString().slice(0, 10),
        songs: [{ song: songId, leader: null }],
        positions: [],
      },
    }),
  );

  // The leader's laptop and the projector's computer: two browsers. The projector is signed in
  // as a member who drives nothing.
  const leaderContext = await browser.newContext({ baseURL });
  const lead = await leaderContext.newPage();
  await signIn(lead, leader);
  const projectorContext = await browser.newContext({
    baseURL,
    viewport: { width: 1920, height: 1080 },
  });
  const projector = await projectorContext.newPage();
  await signIn(projector, member);

  await lead.goto(`/setlists/live/${setlistId}`);
  await expect(lead.getByRole('heading', { level: 1, name: 'Vision' })).toBeVisible();
  await projector.goto(`/setlists/presenter/${setlistId}`);
  await expect(projector.getByText('Waiting for active part...')).toBeVisible();
  await expect(projector.getByRole('heading', { level: 1 })).toHaveCount(1);

  const controls = lead.getByRole('region', { name: 'Projector' });
  const preview = controls.locator('[data-screen-mode]');
  const previewSays = controls.getByRole('status');
  const toggle = (name: string) => controls.getByRole('button', { name, exact: true });
  const screen = projector.locator('[data-screen-mode]');

  await lead.getByRole('button', { name: 'Verse 1', exact: true }).click();
  const lyrics = projector.getByText(verse);
  await expect(lyrics).toBeVisible();
  await expect(preview).toHaveAttribute('data-screen-mode', 'lyrics');
  await expect(previewSays).toHaveText('Projector preview: lyrics');

  // A coloured background on the projector, so "Clear" can be told from "Black".
  await projector.getByRole('button', { name: 'Presenter Settings' }).click();
  const settings = projector.getByRole('dialog', { name: 'Presenter Settings' });
  await settings.getByRole('button', { name: 'Blue Gradient' }).click();
  await settings.getByRole('button', { name: 'Close' }).click();
  await expect(settings).toBeHidden();

  // Mid-set, the presenter has one h1 and passes axe (page-has-heading-one included).
  await expect(projector.getByRole('heading', { level: 1 })).toHaveCount(1);
  expect(await seriousViolations(projector), 'presenter mid-set').toEqual([]);
  expect(
    (await allViolations(projector)).filter((line) => line.startsWith('page-has-heading-one')),
  ).toEqual([]);

  // Black: nothing on the projector is lit.
  await toggle('Black').click();
  await expect(toggle('Black')).toHaveAttribute('aria-pressed', 'true');
  await expect(screen).toHaveAttribute('data-screen-mode', 'black');
  await expect(lyrics).toHaveCount(0);
  expect(await brightestPixel(projector), 'black screen').toBe(0);
  await expect(preview).toHaveAttribute('data-screen-mode', 'black');
  await expect(previewSays).toHaveText('Projector preview: black');

  // A projector that reloads (or reconnects) comes back black.
  await projector.reload();
  await expect(screen).toHaveAttribute('data-screen-mode', 'black');
  await expect(projector.getByText(verse)).toHaveCount(0);
  expect(await brightestPixel(projector), 'black after a reload').toBe(0);

  // Clear: the lyrics go, the background stays.
  await toggle('Clear').click();
  await expect(toggle('Clear')).toHaveAttribute('aria-pressed', 'true');
  await expect(toggle('Black')).toHaveAttribute('aria-pressed', 'false');
  await expect(screen).toHaveAttribute('data-screen-mode', 'clear');
  await expect(lyrics).toHaveCount(0);
  const clearBrightness = await brightestPixel(projector);
  expect(clearBrightness, 'the blue background is lit').toBeGreaterThan(0);
  expect(clearBrightness, 'but no white lyrics').toBeLessThan(255);
  await expect(previewSays).toHaveText('Projector preview: background only');

  // Logo without an image: the team's name, large, on the background.
  await toggle('Logo').click();
  await expect(screen).toHaveAttribute('data-screen-mode', 'logo');
  const name = projector.getByText(teamName, { exact: true });
  await expect(name).toBeVisible();
  expect(await name.evaluate((e) => parseFloat(getComputedStyle(e).fontSize))).toBeGreaterThan(100);
  await expect(previewSays).toHaveText('Projector preview: logo');

  // Pressed again, a toggle gives the lyrics back.
  await toggle('Logo').click();
  await expect(toggle('Logo')).toHaveAttribute('aria-pressed', 'false');
  await expect(lyrics).toBeVisible();
  await expect(preview).toHaveAttribute('data-screen-mode', 'lyrics');

  // The owner uploads the team's image in the team settings; Logo then shows it.
  await lead.goto('/teams');
  await lead.getByLabel('Upload image').setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: PNG,
  });
  await expect(lead.getByText('Image saved.')).toBeVisible();
  await expect(lead.getByRole('img', { name: `${teamName} logo` })).toBeVisible();
  // Bytes that are not an image are refused with the server's words, and nothing is lost.
  await lead.getByLabel('Replace image').setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
  });
  await expect(
    lead.getByRole('alert').filter({ hasText: 'The image must be a PNG, JPEG or WebP file.' }),
  ).toBeVisible();
  await expect(lead.getByRole('img', { name: `${teamName} logo` })).toBeVisible();

  await lead.goto(`/setlists/live/${setlistId}`);
  await expect(lead.getByRole('heading', { level: 1, name: 'Vision' })).toBeVisible();
  await toggle('Logo').click();
  await expect(projector.getByRole('img', { name: teamName })).toBeVisible();
  await expect(projector.getByText(teamName, { exact: true })).toHaveCount(0);
  await toggle('Logo').click();
  await expect(lyrics).toBeVisible();

  // A message for the congregation, until the leader takes it off: a large, neutral lower third
  // with nothing to close on the projector.
  await lead.getByLabel('Announce Message').fill('Please stand for the blessing');
  await lead.getByRole('checkbox', { name: 'Show on screen' }).check();
  await lead
    .getByRole('group', { name: 'On screen for' })
    .getByRole('button', { name: 'Until cleared' })
    .click();
  await lead.getByRole('button', { name: 'Send' }).click();
  const lowerThird = projector
    .getByRole('alert')
    .filter({ hasText: 'Please stand for the blessing' });
  await expect(lowerThird).toBeVisible();
  const fontSize = await lowerThird.evaluate((e) => parseFloat(getComputedStyle(e).fontSize));
  expect(fontSize, 'readable at 1080p').toBeGreaterThanOrEqual(48);
  const box = await lowerThird.boundingBox();
  expect(box!.y, 'in the lower third of the screen').toBeGreaterThan(1080 * 0.6);
  const [r, g, b] = await backgroundOf(lowerThird);
  expect(Math.max(r!, g!, b!) - Math.min(r!, g!, b!), 'a neutral panel, not red').toBeLessThan(16);
  await expect(projector.getByRole('button', { name: /close/i })).toHaveCount(0);
  await expect(lyrics).toBeVisible();
  await expect(previewSays).toHaveText('Projector preview: lyrics, with a message');
  // The band's own banner on the leader's screen is unchanged.
  await expect(
    lead.getByRole('alert').filter({ hasText: 'Please stand for the blessing' }),
  ).toBeVisible();

  // Still there past the band banner's 10 s, until the leader takes it off.
  await projector.waitForTimeout(11_000);
  await expect(lowerThird).toBeVisible();
  await controls.getByRole('button', { name: 'Take message off screen' }).click();
  await expect(lowerThird).toHaveCount(0);
  await expect(previewSays).toHaveText('Projector preview: lyrics');

  await leaderContext.close();
  await projectorContext.close();
});
