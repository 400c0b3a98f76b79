import type { Locator, Page } from '@playwright/test';
import {
  apiSession,
  createTeamWith,
  createVerifiedPerson,
  expect,
  signIn,
  test,
  createdId,
} from '../support/fixtures.ts';
import { seriousViolations } from '../support/axe.ts';

/** Where the glyphs of `text` are (the text's own boxes, not its element's). */
function glyphBox(text: Locator) {
  return text.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    const { left, top, right, bottom } = range.getBoundingClientRect();
    return { left, top, right, bottom };
  });
}

/** The brightest channel of any pixel on the screen, 0 (all black) to 255. */
async function brightestPixel(page: Page) {
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

test('the presenter waits quietly, keeps lyrics title-safe, blacks out with B and passes axe', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  const leader = await createVerifiedPerson(request, 'Miriam');
  const teamId = await createTeamWith(request, leader, 'Projector Team');
  const headers = await apiSession(request, leader, teamId);
  const lyrics = [
    'Amazing grace how sweet the sound',
    'That saved a wretch like me',
    'I once was lost but now am found',
    'Was blind but now I see',
  ];
  const songId = await createdId(
    await request.post('/api/songs', {
      headers,
      data: {
        title: 'Grace',
        artist: 'Segue Band',
        parts: [
          { label: 'Verse 1', lines: lyrics.map((l) => ({ chords: 'G  C  D', lyrics: l })) },
          { label: 'Chorus', lines: [{ chords: 'G', lyrics: 'My chains are gone' }] },
        ],
      },
    }),
  );
  const setlist = await request.post('/api/setlist', {
    headers,
    data: {
      name: 'Projector Sunday',
      date: new Date().toISOString().slice(0, 10),
      songs: [{ song: songId, leader: null }],
      positions: [],
    },
  });
  const setlistId = await createdId(setlist);

  await page.setViewportSize({ width: 1280, height: 720 });
  await signIn(page, leader);
  await page.goto(`/setlists/presenter/${setlistId}`);

  // Before the first part: only a small waiting message, on the default black background.
  const waiting = page.getByText('Waiting for active part...');
  await expect(waiting).toBeVisible();
  const waitingSize = await waiting.evaluate((e) => parseFloat(getComputedStyle(e).fontSize));
  expect(waitingSize).toBeLessThanOrEqual(20);
  expect(await seriousViolations(page), 'while waiting').toEqual([]);

  // The leader starts the song in the live view, in another tab of the same browser.
  const live = await context.newPage();
  await live.goto(`/setlists/live/${setlistId}`);
  await expect(live.getByRole('heading', { level: 1, name: 'Grace' })).toBeVisible();
  await live.getByRole('button', { name: 'Verse 1', exact: true }).click();
  const shown = page.getByText(lyrics[0]!);
  await expect(shown).toBeVisible();
  await expect(waiting).toHaveCount(0);
  expect(await seriousViolations(page), 'while showing lyrics').toEqual([]);

  // The lyrics stay 5% clear of every edge, and are still large, at both sizes.
  for (const viewport of [
    { width: 1280, height: 720 },
    { width: 800, height: 600 },
  ]) {
    await page.setViewportSize(viewport);
    const margin = { x: viewport.width * 0.05, y: viewport.height * 0.05 };
    await expect
      .poll(async () => {
        const box = await glyphBox(shown);
        return (
          box.left >= margin.x - 0.5 &&
          box.right <= viewport.width - margin.x + 0.5 &&
          box.top >= margin.y - 0.5 &&
          box.bottom <= viewport.height - margin.y + 0.5
        );
      }, `lyrics inside the title-safe area at ${viewport.width}x${viewport.height}`)
      .toBe(true);
    const size = await shown.evaluate((e) => parseFloat(getComputedStyle(e).fontSize));
    expect(size, 'lyrics fill the safe area rather than shrink to nothing').toBeGreaterThan(
      viewport.width / 40,
    );
  }

  // B blacks the screen out: nothing on it is lit. B again brings the lyrics back.
  // A coloured background first, so a black screen can only come from the blackout.
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.getByRole('button', { name: 'Presenter Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Presenter Settings' });
  await settings.getByRole('button', { name: 'Blue Gradient' }).click();
  await settings.getByRole('button', { name: 'Close' }).click();
  await expect(settings).toBeHidden();
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running'),
  );
  expect(await brightestPixel(page), 'white lyrics before the blackout').toBe(255);

  await page.keyboard.press('b');
  await expect(shown).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Screen blacked out' })).toHaveCount(1);
  expect(await brightestPixel(page), 'lyrics and background under the blackout').toBe(0);

  // The leader moves on while the screen is dark: the new part waits behind the blackout.
  await live.getByRole('button', { name: 'Chorus', exact: true }).click();
  const chorus = page.getByText('My chains are gone');
  await expect(chorus).toBeAttached();
  await expect(chorus).toBeHidden();
  expect(await brightestPixel(page)).toBe(0);

  await page.keyboard.press('B');
  await expect(chorus).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Screen blacked out' })).toHaveCount(0);
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running'),
  );
  expect(await brightestPixel(page)).toBe(255);

  await live.close();
});
