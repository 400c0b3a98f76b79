import {
  apiSession,
  createdId,
  createTeamWith,
  createVerifiedPerson,
  expect,
  signIn,
  test,
} from '../support/fixtures.ts';

const song = (title: string) => ({
  title,
  artist: 'Segue Band',
  parts: [{ label: 'Verse 1', lines: [{ chords: 'G', lyrics: `${title} words` }] }],
});

test.describe('who may change songs and setlists, and the trash', () => {
  test('the owner lets only admins change songs: a member sees no Edit or Delete and is refused', async ({
    page,
    browser,
    request,
    baseURL,
  }) => {
    const owner = await createVerifiedPerson(request, 'Olive');
    const member = await createVerifiedPerson(request, 'Mia');
    const teamId = await createTeamWith(request, owner, 'Rights Team', [member]);
    const ownerApi = await apiSession(request, owner, teamId);
    const songId = await createdId(
      await request.post('/api/songs', { data: song('Cornerstone'), headers: ownerApi }),
    );

    await signIn(page, owner);
    await page.goto('/teams');
    const songsSelect = page.getByRole('combobox', { name: 'Who may edit and delete songs' });
    await expect(songsSelect).toHaveText('Every member');
    await songsSelect.click();
    await page.getByRole('option', { name: 'Admins only (owner and admins)' }).click();
    await expect(page.getByText('Saved who may change songs and setlists')).toBeVisible();
    await expect(songsSelect).toHaveText('Admins only (owner and admins)');
    // The owner still may.
    await page.goto('/songs');
    await expect(page.getByRole('button', { name: 'Edit Cornerstone' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Delete Cornerstone' })).toBeVisible();

    // The member on a device of their own.
    const memberContext = await browser.newContext({
      baseURL,
      extraHTTPHeaders: { 'x-forwarded-for': '203.0.124.31' },
    });
    try {
      const memberPage = await memberContext.newPage();
      await signIn(memberPage, member);
      await memberPage.goto('/songs');
      await expect(memberPage.getByRole('link', { name: 'Cornerstone' })).toBeVisible();
      await expect(memberPage.getByRole('button', { name: 'Edit Cornerstone' })).toHaveCount(0);
      await expect(memberPage.getByRole('button', { name: 'Delete Cornerstone' })).toHaveCount(0);
      // Adding songs stays open to every member.
      await expect(memberPage.getByRole('link', { name: 'Add Song' })).toBeVisible();
    } finally {
      await memberContext.close();
    }

    // The server refuses what the screen no longer offers.
    const memberApi = await apiSession(request, member, teamId);
    const refusedEdit = await request.put(`/api/songs/${songId}`, {
      data: song('Hijacked'),
      headers: memberApi,
    });
    expect(refusedEdit.status()).toBe(403);
    expect(((await refusedEdit.json()) as { error: string }).error).toBe(
      "Your team's owner has not let you change this team's songs.",
    );
    const refusedDelete = await request.delete(`/api/songs/${songId}`, { headers: memberApi });
    expect(refusedDelete.status()).toBe(403);
    const kept = await request.get(`/api/songs/${songId}`, { headers: ownerApi });
    expect(((await kept.json()) as { title: string }).title).toBe('Cornerstone');
  });

  test('a member deletes a setlist; it shows in the Trash, who deleted it, and is restored', async ({
    page,
    request,
  }) => {
    const owner = await createVerifiedPerson(request, 'Olive');
    const member = await createVerifiedPerson(request, 'Mia');
    const teamId = await createTeamWith(request, owner, 'Trash Team', [member]);
    const ownerApi = await apiSession(request, owner, teamId);
    const songId = await createdId(
      await request.post('/api/songs', { data: song('Firm Foundation'), headers: ownerApi }),
    );
    const setlistId = await createdId(
      await request.post('/api/setlist', {
        data: {
          name: 'Harvest Sunday',
          date: '2030-09-14',
          notes: '',
          songs: [{ song: songId, leader: null }],
          positions: [],
        },
        headers: ownerApi,
      }),
    );

    await signIn(page, member);
    await page.goto('/setlists');
    const row = page.getByRole('rowheader', { name: 'Harvest Sunday' });
    await expect(row).toBeVisible();
    await page.getByRole('link', { name: 'Edit Harvest Sunday' }).click();
    await expect(page).toHaveURL(new RegExp(`/setlists/edit/${setlistId}$`));
    await expect(page.getByRole('heading', { name: 'Edit Setlist' })).toBeVisible();
    await page.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog');
    await expect(confirm.getByText('Are you sure you want to delete this setlist?')).toBeVisible();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page).toHaveURL(/\/setlists$/);
    await expect(page.getByText('No setlists yet.')).toBeVisible();
    await expect(row).toHaveCount(0);

    await page.getByRole('link', { name: 'Trash' }).click();
    await expect(page.getByRole('heading', { name: 'Trash', level: 1 })).toBeVisible();
    const setlists = page.getByRole('list', { name: 'Setlists' });
    await expect(setlists.getByText(/^Harvest Sunday — /)).toBeVisible();
    await expect(setlists.getByText(/Deleted by Mia Tester on /)).toBeVisible();
    await setlists.getByRole('button', { name: 'Restore Harvest Sunday' }).click();
    await expect(page.getByText('Setlist restored')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Setlists' })).toHaveCount(0);

    await page.getByRole('link', { name: 'Setlists' }).click();
    await expect(row).toBeVisible();
    await page.getByRole('link', { name: 'View Harvest Sunday', exact: true }).click();
    await expect(page.getByText('Firm Foundation', { exact: false }).first()).toBeVisible();
  });
});
