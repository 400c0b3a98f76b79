import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EDITORS_SETTINGS,
  SERVER_ERRORS,
  SETLIST_TEXTS,
  SONG_TEXTS,
  TRASH_TEXTS,
  type EditorsSetting,
  type Trash,
} from '@segue/shared';
import { backends } from '../../test/databases.ts';
import {
  createAccount,
  createSetlist,
  createSong,
  createTeam,
  type FactoryAccount,
} from '../../test/factories.ts';
import { bearer, json, startTestApp, type TestApp } from '../../test/harness.ts';
import { setlist as setlistTable, song as songTable } from '../db/schema.ts';

type Role = 'owner' | 'admin' | 'leader' | 'member';
const ROLES: Role[] = ['owner', 'admin', 'leader', 'member'];

/** What the policy says each person may do to what they (the leader) lead, per setting. */
const allowed = (setting: EditorsSetting, who: Role) =>
  who === 'owner' ||
  who === 'admin' ||
  setting === 'everyone' ||
  (setting === 'leaders' && who === 'leader');

const part = (label: string) => ({ label, lines: [{ chords: 'G', lyrics: `${label} words` }] });

describe.each(backends)('who may change songs and setlists, and the trash, on %s', (backend) => {
  let t: TestApp;
  const people = {} as Record<Role | 'outsider', FactoryAccount>;
  let teamId: string;
  let otherTeamId: string;

  beforeAll(async () => {
    t = await startTestApp(backend);
    for (const who of [...ROLES, 'outsider'] as const) {
      people[who] = await createAccount(t, { name: `${who[0]!.toUpperCase()}${who.slice(1)} T` });
    }
    teamId = await createTeam(t, {
      owner: people.owner,
      name: 'Trash Team',
      admins: [people.admin],
      members: [people.leader, people.member],
    });
    otherTeamId = await createTeam(t, { owner: people.outsider, name: 'Elsewhere' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    as: FactoryAccount,
    team: string | null = teamId,
    payload?: unknown,
  ) =>
    t.app.inject({
      method,
      url,
      headers: { ...bearer(as.jwt), ...(team ? { 'x-team-id': team } : {}) },
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });

  const setEditors = (songEditors: EditorsSetting, setlistEditors: EditorsSetting) =>
    call('PUT', `/api/teams/${teamId}/editors`, people.owner, null, {
      songEditors,
      setlistEditors,
    });

  /** A song the leader leads in a setlist of the team, and that setlist. */
  const ledSong = async (title: string) => {
    const songId = await createSong(t, { teamId, by: people.owner, title, parts: [part('V')] });
    const setlistId = await createSetlist(t, {
      teamId,
      by: people.owner,
      name: `${title} set`,
      songs: [{ song: songId, leader: people.leader.userId, key: null }],
    });
    return { songId, setlistId };
  };

  const songBody = (title: string) => ({ title, artist: '', parts: [part('V')] });
  const setlistBody = (name: string, songId: string) => ({
    name,
    date: '2030-05-05',
    notes: '',
    songs: [{ song: songId, leader: people.leader.userId }],
    positions: [],
  });
  const trashOf = async (as: FactoryAccount) => {
    const res = await call('GET', `/api/teams/${teamId}/trash`, as, null);
    expect(res.statusCode, res.body).toBe(200);
    return json<Trash>(res);
  };

  describe('the setting', () => {
    it('is the owner’s to change; admins and members are refused, outsiders find no team', async () => {
      const before = json<{ songEditors: string; setlistEditors: string }>(
        await call('GET', `/api/teams/${teamId}`, people.member, null),
      );
      expect(before).toMatchObject({ songEditors: 'everyone', setlistEditors: 'everyone' });

      const body = { songEditors: 'admins', setlistEditors: 'leaders' };
      for (const who of ['admin', 'leader', 'member'] as const) {
        const refused = await call('PUT', `/api/teams/${teamId}/editors`, people[who], null, body);
        expect(refused.statusCode, who).toBe(403);
        expect(json(refused).error).toBe(SERVER_ERRORS.ownerRequired);
      }
      const outsider = await call(
        'PUT',
        `/api/teams/${teamId}/editors`,
        people.outsider,
        null,
        body,
      );
      expect(outsider.statusCode).toBe(404);
      expect(json(outsider).error).toBe(SERVER_ERRORS.teamNotFound);
      // Nothing changed by the refusals.
      expect(json(await call('GET', `/api/teams/${teamId}`, people.admin, null))).toMatchObject({
        songEditors: 'everyone',
        setlistEditors: 'everyone',
      });

      const saved = await call('PUT', `/api/teams/${teamId}/editors`, people.owner, null, body);
      expect(saved.statusCode, saved.body).toBe(200);
      expect(json(saved)).toMatchObject(body);
      // Every member reads it with the team, so their screens ask the same policy.
      expect(json(await call('GET', `/api/teams/${teamId}`, people.member, null))).toMatchObject(
        body,
      );
      expect(json(await call('GET', '/api/teams', people.member, null))).toEqual(
        expect.arrayContaining([expect.objectContaining({ _id: teamId, ...body })]),
      );
      expect((await setEditors('everyone', 'everyone')).statusCode).toBe(200);
    });

    it('refuses a value that is not one of the three with a message, and keeps what was saved', async () => {
      const bad = await call('PUT', `/api/teams/${teamId}/editors`, people.owner, null, {
        songEditors: 'nobody',
        setlistEditors: 'everyone',
      });
      expect(bad.statusCode).toBe(400);
      expect(json(bad).error).toMatch(/everyone/);
      expect(json(await call('GET', `/api/teams/${teamId}`, people.owner, null))).toMatchObject({
        songEditors: 'everyone',
      });
    });
  });

  describe.each(EDITORS_SETTINGS)('songs set to "%s"', (setting) => {
    it('lets each role edit, delete and restore a song as the setting says', async () => {
      expect((await setEditors(setting, 'everyone')).statusCode).toBe(200);
      for (const who of ROLES) {
        const { songId } = await ledSong(`${setting} ${who}`);
        const may = allowed(setting, who);
        const name = `${setting} as ${who}`;

        const edited = await call('PUT', `/api/songs/${songId}`, people[who], teamId, {
          ...songBody(`${setting} ${who} edited`),
        });
        expect(edited.statusCode, name).toBe(may ? 200 : 403);
        if (!may) expect(json(edited).error, name).toBe(TRASH_TEXTS.songEditorsRefused);

        const deleted = await call('DELETE', `/api/songs/${songId}`, people[who]);
        expect(deleted.statusCode, name).toBe(may ? 204 : 403);
        if (!may) {
          expect(json(deleted).error, name).toBe(TRASH_TEXTS.songEditorsRefused);
          // Refused: still in the library, as it was.
          const kept = await call('GET', `/api/songs/${songId}`, people[who]);
          expect(json<{ title: string }>(kept).title, name).toBe(`${setting} ${who}`);
          continue;
        }
        const trash = await trashOf(people[who]);
        expect(
          trash.songs.find((s) => s._id === songId),
          name,
        ).toMatchObject({
          canRestore: true,
          deletedBy: { $id: people[who].userId },
        });
        const restored = await call('POST', `/api/songs/${songId}/restore`, people[who]);
        expect(restored.statusCode, name).toBe(200);
        expect(json<{ title: string }>(restored).title).toBe(`${setting} ${who} edited`);
      }
    });
  });

  describe.each(EDITORS_SETTINGS)('setlists set to "%s"', (setting) => {
    it('lets each role edit, delete and restore a setlist as the setting says', async () => {
      expect((await setEditors('everyone', setting)).statusCode).toBe(200);
      for (const who of ROLES) {
        const { songId, setlistId } = await ledSong(`List ${setting} ${who}`);
        const may = allowed(setting, who);
        const name = `${setting} as ${who}`;

        const edited = await call(
          'PUT',
          `/api/setlist/${setlistId}`,
          people[who],
          teamId,
          setlistBody(`Edited ${setting} ${who}`, songId),
        );
        expect(edited.statusCode, name).toBe(may ? 200 : 403);
        if (!may) expect(json(edited).error, name).toBe(TRASH_TEXTS.setlistEditorsRefused);

        const deleted = await call('DELETE', `/api/setlist/${setlistId}`, people[who]);
        expect(deleted.statusCode, name).toBe(may ? 204 : 403);
        if (!may) {
          expect(json(deleted).error, name).toBe(TRASH_TEXTS.setlistEditorsRefused);
          expect((await call('GET', `/api/setlist/${setlistId}`, people[who])).statusCode).toBe(
            200,
          );
          continue;
        }
        expect((await call('GET', `/api/setlist/${setlistId}`, people[who])).statusCode).toBe(404);
        const restored = await call('POST', `/api/setlist/${setlistId}/restore`, people[who]);
        expect(restored.statusCode, name).toBe(200);
        expect(json<{ name: string }>(restored).name).toBe(`Edited ${setting} ${who}`);
      }
    });
  });

  it('still lets every member add songs and plan setlists, whatever the setting', async () => {
    expect((await setEditors('admins', 'admins')).statusCode).toBe(200);
    const created = await call('POST', '/api/songs', people.member, teamId, songBody('Mine'));
    expect(created.statusCode).toBe(201);
    const songId = json<{ _id: string }>(created)._id;
    const planned = await call('POST', '/api/setlist', people.member, teamId, {
      ...setlistBody('My plan', songId),
    });
    expect(planned.statusCode).toBe(201);
    expect((await setEditors('everyone', 'everyone')).statusCode).toBe(200);
  });

  it('refuses a leader of another song, and a leader of a setlist in the trash', async () => {
    expect((await setEditors('leaders', 'leaders')).statusCode).toBe(200);
    const { songId, setlistId } = await ledSong('Led once');
    const other = await createSong(t, { teamId, by: people.owner, title: 'Not led' });
    const refused = await call('PUT', `/api/songs/${other}`, people.leader, teamId, songBody('X'));
    expect(refused.statusCode).toBe(403);
    // The leader's only setlist goes to the trash: they lead the song nowhere now.
    expect((await call('DELETE', `/api/setlist/${setlistId}`, people.owner)).statusCode).toBe(204);
    const now = await call('PUT', `/api/songs/${songId}`, people.leader, teamId, songBody('Y'));
    expect(now.statusCode).toBe(403);
    expect((await setEditors('everyone', 'everyone')).statusCode).toBe(200);
  });

  describe('the trash', () => {
    it('takes a deleted song out of the library, search, counts and exports, not out of its setlists', async () => {
      const songId = await createSong(t, {
        teamId,
        by: people.owner,
        title: 'Trashy Hymn',
        artist: 'Binned',
        parts: [part('Verse 1')],
      });
      const setlistId = await createSetlist(t, {
        teamId,
        by: people.owner,
        name: 'Holding',
        songs: [songId],
      });
      const count = async () =>
        json<{ stats: { songs: number } }>(
          await call('GET', `/api/teams/${teamId}`, people.member, null),
        ).stats.songs;
      const before = await count();
      expect((await call('DELETE', `/api/songs/${songId}`, people.member)).statusCode).toBe(204);

      const listed = json<{ _id: string }[]>(await call('GET', '/api/songs', people.member));
      expect(listed.map((s) => s._id)).not.toContain(songId);
      const searched = json<{ _id: string }[]>(
        await call('GET', '/api/songs?q=trashy&fields=summary&limit=25', people.member),
      );
      expect(searched).toEqual([]);
      expect(await count()).toBe(before - 1);
      expect((await call('GET', `/api/songs/${songId}`, people.member)).statusCode).toBe(404);
      const exported = await call(
        'GET',
        `/api/songs/${songId}/export?format=chordpro`,
        people.owner,
      );
      expect(exported.statusCode).toBe(404);
      // The setlist still plays it, parts and all.
      const held = json<{ songs: { song: { _id: string; parts: { label: string }[] } }[] }>(
        await call('GET', `/api/setlist/${setlistId}`, people.member),
      );
      expect(held.songs.map((e) => e.song._id)).toEqual([songId]);
      expect(held.songs[0]!.song.parts.map((p) => p.label)).toEqual(['Verse 1']);
      // ...and can be saved as it reads.
      const resaved = await call('PUT', `/api/setlist/${setlistId}`, people.member, teamId, {
        name: 'Holding',
        date: '2030-01-01',
        songs: [{ song: songId, leader: null }],
        positions: [],
      });
      expect(resaved.statusCode, resaved.body).toBe(200);

      const trash = await trashOf(people.leader);
      const entry = trash.songs.find((s) => s._id === songId);
      expect(entry).toMatchObject({
        title: 'Trashy Hymn',
        detail: 'Binned',
        deletedBy: { $id: people.member.userId, name: 'Member T' },
        canRestore: true,
      });
      expect(new Date(entry!.purgeAt).getTime() - new Date(entry!.deletedAt).getTime()).toBe(
        30 * 24 * 60 * 60 * 1000,
      );

      expect((await call('POST', `/api/songs/${songId}/restore`, people.leader)).statusCode).toBe(
        200,
      );
      expect((await trashOf(people.leader)).songs.map((s) => s._id)).not.toContain(songId);
      expect(await count()).toBe(before);
      // Restoring what is not in the trash: not found.
      const again = await call('POST', `/api/songs/${songId}/restore`, people.leader);
      expect(again.statusCode).toBe(404);
      expect(json(again).error).toBe(SONG_TEXTS.songNotFound);
    });

    it('takes a deleted setlist out of the list; Restore is offered to whoever may delete it', async () => {
      const songId = await createSong(t, { teamId, by: people.owner, title: 'In a set' });
      const setlistId = await createSetlist(t, {
        teamId,
        by: people.owner,
        name: 'Binned Sunday',
        date: '2030-02-02',
        songs: [songId],
      });
      expect((await call('DELETE', `/api/setlist/${setlistId}`, people.member)).statusCode).toBe(
        204,
      );
      const list = json<{ _id: string }[]>(await call('GET', '/api/setlist', people.member));
      expect(list.map((s) => s._id)).not.toContain(setlistId);
      const gone = await call('GET', `/api/setlist/${setlistId}`, people.member);
      expect(gone.statusCode).toBe(404);
      expect(json(gone).error).toBe(SETLIST_TEXTS.notFound);
      // Nor can it be saved while in the trash.
      const saved = await call('PUT', `/api/setlist/${setlistId}`, people.owner, teamId, {
        name: 'Ghost',
        date: '2030-02-02',
        songs: [],
        positions: [],
      });
      expect(saved.statusCode).toBe(404);

      expect((await setEditors('everyone', 'admins')).statusCode).toBe(200);
      const asMember = (await trashOf(people.member)).setlists.find((s) => s._id === setlistId);
      expect(asMember).toMatchObject({
        title: 'Binned Sunday',
        detail: '2030-02-02',
        canRestore: false,
      });
      const refused = await call('POST', `/api/setlist/${setlistId}/restore`, people.member);
      expect(refused.statusCode).toBe(403);
      expect(json(refused).error).toBe(TRASH_TEXTS.setlistEditorsRefused);
      expect(
        (await trashOf(people.admin)).setlists.find((s) => s._id === setlistId)?.canRestore,
      ).toBe(true);
      expect(
        (await call('POST', `/api/setlist/${setlistId}/restore`, people.admin)).statusCode,
      ).toBe(200);
      expect((await call('GET', `/api/setlist/${setlistId}`, people.member)).statusCode).toBe(200);
      expect((await setEditors('everyone', 'everyone')).statusCode).toBe(200);
    });

    it('purges what has been in the trash 30 days; a purged song leaves its setlists', async () => {
      const kept = await createSong(t, { teamId, by: people.owner, title: 'Kept' });
      const old = await createSong(t, { teamId, by: people.owner, title: 'Old' });
      const recent = await createSong(t, { teamId, by: people.owner, title: 'Recent' });
      const setlistId = await createSetlist(t, {
        teamId,
        by: people.owner,
        name: 'Purge check',
        songs: [kept, old, recent],
      });
      const oldSetlist = await createSetlist(t, { teamId, by: people.owner, songs: [kept] });
      for (const id of [old, recent]) {
        expect((await call('DELETE', `/api/songs/${id}`, people.owner)).statusCode).toBe(204);
      }
      expect((await call('DELETE', `/api/setlist/${oldSetlist}`, people.owner)).statusCode).toBe(
        204,
      );
      const day = 24 * 60 * 60 * 1000;
      const { db } = t.database;
      await db
        .update(songTable)
        .set({ deletedAt: new Date(Date.now() - 31 * day) })
        .where(eq(songTable.id, old));
      await db
        .update(songTable)
        .set({ deletedAt: new Date(Date.now() - 29 * day) })
        .where(eq(songTable.id, recent));
      await db
        .update(setlistTable)
        .set({ deletedAt: new Date(Date.now() - 31 * day) })
        .where(eq(setlistTable.id, oldSetlist));

      // Reading the trash purges the team's overdue items first.
      const trash = await trashOf(people.member);
      const ids = [...trash.songs, ...trash.setlists].map((e) => e._id);
      expect(ids).toContain(recent);
      expect(ids).not.toContain(old);
      expect(ids).not.toContain(oldSetlist);
      expect(await db.select().from(songTable).where(eq(songTable.id, old))).toEqual([]);
      expect(await db.select().from(setlistTable).where(eq(setlistTable.id, oldSetlist))).toEqual(
        [],
      );
      // The purged song is dropped from its setlist, as any missing song is; the recent one plays.
      const held = json<{ songs: { song: { title: string } }[] }>(
        await call('GET', `/api/setlist/${setlistId}`, people.member),
      );
      expect(held.songs.map((e) => e.song.title)).toEqual(['Kept', 'Recent']);
      expect((await call('POST', `/api/songs/${old}/restore`, people.owner)).statusCode).toBe(404);
    });

    it('purges every team’s overdue items in the sweep at start', async () => {
      const songId = await createSong(t, {
        teamId: otherTeamId,
        by: people.outsider,
        title: 'Far',
      });
      await t.database.db
        .update(songTable)
        .set({ deletedAt: new Date(Date.now() - 40 * 24 * 60 * 60 * 1000), deletedBy: null })
        .where(eq(songTable.id, songId));
      t = await t.restart();
      expect(await t.database.db.select().from(songTable).where(eq(songTable.id, songId))).toEqual(
        [],
      );
    });
  });

  describe('outsiders', () => {
    it('get for the team’s songs, setlists and trash what they get for ones that do not exist', async () => {
      const songId = await createSong(t, { teamId, by: people.owner, title: 'Private' });
      const setlistId = await createSetlist(t, { teamId, by: people.owner, songs: [songId] });
      const trashedSong = await createSong(t, { teamId, by: people.owner, title: 'Binned' });
      expect((await call('DELETE', `/api/songs/${trashedSong}`, people.owner)).statusCode).toBe(
        204,
      );
      const { outsider } = people;
      // Naming our team: no such team.
      for (const [method, url, payload] of [
        ['PUT', `/api/songs/${songId}`, songBody('Stolen')],
        ['DELETE', `/api/songs/${songId}`, undefined],
        ['POST', `/api/songs/${trashedSong}/restore`, undefined],
        ['PUT', `/api/setlist/${setlistId}`, setlistBody('Stolen', songId)],
        ['DELETE', `/api/setlist/${setlistId}`, undefined],
        ['POST', `/api/setlist/${setlistId}/restore`, undefined],
        ['GET', `/api/teams/${teamId}/trash`, undefined],
      ] as const) {
        const res = await call(method, url, outsider, teamId, payload);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(json(res).error).toBe(SERVER_ERRORS.teamNotFound);
      }
      // From their own team: no such song, as for a song that does not exist.
      const viaOwn = await call('POST', `/api/songs/${trashedSong}/restore`, outsider, otherTeamId);
      const missing = await call(
        'POST',
        `/api/songs/${randomUUID()}/restore`,
        outsider,
        otherTeamId,
      );
      expect(viaOwn.statusCode).toBe(404);
      expect(viaOwn.body).toBe(missing.body);
      const setlistViaOwn = await call(
        'POST',
        `/api/setlist/${setlistId}/restore`,
        outsider,
        otherTeamId,
      );
      expect(setlistViaOwn.statusCode).toBe(404);
      expect(json(setlistViaOwn).error).toBe(SETLIST_TEXTS.notFound);
      // Nothing of ours changed.
      expect((await trashOf(people.owner)).songs.map((s) => s._id)).toContain(trashedSong);
      expect((await call('GET', `/api/songs/${songId}`, people.owner)).statusCode).toBe(200);
    });
  });
});
