/**
 * Test data written straight into the database, for the tests that are not about how it
 * is made: an account without sign-up, e-mail link and password hashing per person; a
 * team, its songs and setlists without a request each. The rows are the ones the app
 * writes itself (better-auth's user, credential and session rows; the repositories'
 * teams, songs and setlists), so a factory account logs in with its password over HTTP
 * and a factory team is the app's own. Writes that a cached answer could depend on go
 * through the repositories with the app's change feed (`t.app.changes`).
 *
 * Registration, verification and login themselves are tested through HTTP
 * (`registerVerified` in harness.ts and the account tests).
 */
import { randomUUID } from 'node:crypto';
import { generateId } from 'better-auth';
import { SONG_LIMITS, teamSearchFold, withPartIds } from '@segue/shared';
import { account, session, team, teamJoinRequest, teamMember, user } from '../src/db/schema.ts';
import type {
  StoredPosition,
  StoredSetlistEntry,
  StoredSetlistItem,
  StoredSongPart,
} from '../src/db/schema.ts';
import { hashPassword, scryptCost } from '../src/accounts/password-hash.ts';
import { scope } from '../src/lib/change-feed.ts';
import { SetlistsRepository } from '../src/setlists/setlists.repository.ts';
import { SongsRepository } from '../src/songs/songs.repository.ts';
import { newPerson, uniqueAddress, type TestApp } from './harness.ts';

/** As better-auth makes a session: 30 days (auth.ts `session.expiresIn`). */
const SESSION_DAYS = 30;

const hashes = new Map<string, Promise<string>>();
/**
 * The app's own hash of a password, made once per process and scrypt cost (scrypt makes sign-up
 * slow; the hashes' own tests use the real cost, the others a lower one: test/setup.ts).
 */
function passwordHash(password: string): Promise<string> {
  const key = `${scryptCost()} ${password}`;
  let hash = hashes.get(key);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(key, hash);
  }
  return hash;
}

export type Person = ReturnType<typeof newPerson>;

/** What `registerVerified` answers, plus the id of the session behind `jwt`. */
export interface FactoryAccount {
  person: Person;
  userId: string;
  /** The session token the server resolves from `Authorization: Bearer`. */
  jwt: string;
  sessionId: string;
}

/** A verified (`verified: false`: unverified) account with a session; `person.password` logs in. */
export async function createAccount(
  t: TestApp,
  options: Partial<Person> & { verified?: boolean } = {},
): Promise<FactoryAccount> {
  const { verified = true, ...overrides } = options;
  const person = newPerson(overrides);
  const userId = generateId(32);
  const now = new Date();
  const { db } = t.database;
  await db.insert(user).values({
    id: userId,
    name: person.name,
    email: person.email.toLowerCase(),
    emailVerified: verified,
    phone: person.phone,
    createdAt: now,
    updatedAt: now,
  });
  await db.insert(account).values({
    id: generateId(32),
    accountId: userId,
    providerId: 'credential',
    userId,
    password: await passwordHash(person.password),
    createdAt: now,
    updatedAt: now,
  });
  const { token, sessionId } = await createSession(t, userId);
  return { person, userId, jwt: token, sessionId };
}

/** Another session of an account, as a login makes it (without checking the password). */
export async function createSession(
  t: TestApp,
  userId: string,
): Promise<{ token: string; sessionId: string }> {
  const token = generateId(32);
  const sessionId = generateId(32);
  const now = new Date();
  await t.database.db.insert(session).values({
    id: sessionId,
    token,
    userId,
    expiresAt: new Date(now.getTime() + SESSION_DAYS * 24 * 60 * 60 * 1000),
    ipAddress: uniqueAddress(),
    userAgent: 'test factory',
    createdAt: now,
    updatedAt: now,
  });
  return { token, sessionId };
}

type Who = { userId: string };

/** A team owned by `owner` (an admin), with these admins, members and pending join requests. */
export async function createTeam(
  t: TestApp,
  options: {
    owner: Who;
    name?: string;
    description?: string;
    admins?: Who[];
    members?: Who[];
    requesters?: Who[];
  },
): Promise<string> {
  const teamId = randomUUID();
  const started = Date.now();
  const { db } = t.database;
  const { owner, admins = [], members = [], requesters = [] } = options;
  // In one transaction, and then told as the repository's writes tell (a refusal cached
  // for this team id, or for its people's access to it, is dropped).
  await db.transaction(async (tx) => {
    const name = options.name ?? `Team ${teamId.slice(0, 8)}`;
    await tx.insert(team).values({
      id: teamId,
      name,
      searchName: teamSearchFold(name),
      description: options.description ?? '',
      createdBy: owner.userId,
      createdAt: new Date(started),
      updatedAt: new Date(started),
    });
    // A millisecond apart, so the members and requests are listed in this order (by join time).
    const at = (i: number) => new Date(started + i);
    const joined = [
      [owner, 'admin'] as const,
      ...admins.map((a) => [a, 'admin'] as const),
      ...members.map((m) => [m, 'member'] as const),
    ];
    await tx
      .insert(teamMember)
      .values(
        joined.map(([who, role], i) => ({ teamId, userId: who.userId, role, createdAt: at(i) })),
      );
    if (requesters.length > 0) {
      await tx
        .insert(teamJoinRequest)
        .values(requesters.map((who, i) => ({ teamId, userId: who.userId, createdAt: at(i) })));
    }
  });
  await t.app.changes.publish(scope.team(teamId));
  return teamId;
}

/** A part as a test writes it: its id may be left out (the song's parts get p1, p2, ...). */
type PartInput = Omit<StoredSongPart, 'id'> & { id?: string };

/** Parts labelled `labels`, one line each: these chords, and the label as its lyrics. */
export const partsOf = (labels: string[], chords = ''): PartInput[] =>
  labels.map((label) => ({ label, lines: [{ chords, lyrics: label }] }));

/** A song in a team's library, written through SongsRepository so the library cache hears. */
export async function createSong(
  t: TestApp,
  options: {
    teamId: string;
    by: Who;
    title?: string;
    artist?: string;
    /** Part labels (one line each), or `parts` for whole parts. */
    labels?: string[];
    parts?: PartInput[];
    key?: string | null;
  },
): Promise<string> {
  const songId = randomUUID();
  const { db } = t.database;
  const songs = new SongsRepository(db, t.app.changes, new SetlistsRepository(db, t.app.changes));
  const created = await songs.create(
    options.teamId,
    options.by.userId,
    songId,
    {
      title: options.title ?? `Song ${songId.slice(0, 8)}`,
      artist: options.artist ?? '',
      parts: withPartIds(options.parts ?? partsOf(options.labels ?? ['V'])),
      key: options.key ?? null,
      capo: 0,
      tempo: null,
      timeSignature: null,
      ccli: null,
      copyright: '',
      authors: [],
    },
    SONG_LIMITS.maxSongsPerTeam,
  );
  if (created === 'full') throw new Error('the library is full');
  return songId;
}

/** A setlist of a team holding these songs (ids, each without a leader, or whole entries). */
export async function createSetlist(
  t: TestApp,
  options: {
    teamId: string;
    by: Who;
    songs: (string | Exclude<StoredSetlistEntry, string>)[];
    name?: string;
    date?: string;
    notes?: string;
    positions?: StoredPosition[];
    /** Items between the songs, stored as given: `at` counts stored entries. */
    items?: StoredSetlistItem[];
  },
): Promise<string> {
  const setlistId = randomUUID();
  await new SetlistsRepository(t.database.db, t.app.changes).create(
    options.teamId,
    options.by.userId,
    setlistId,
    {
      name: options.name ?? `Setlist ${setlistId.slice(0, 8)}`,
      date: options.date ?? '2030-01-01',
      notes: options.notes ?? '',
      songs: options.songs.map((s) => (typeof s === 'string' ? { song: s, leader: null } : s)),
      positions: options.positions ?? [],
      items: options.items ?? [],
    },
  );
  return setlistId;
}

/** A team (as `createTeam`) with a song of these part labels and a setlist holding it. */
export async function createTeamWithSetlist(
  t: TestApp,
  owner: Who,
  name: string,
  labels: string[] = ['V'],
  people: { admins?: Who[]; members?: Who[]; requesters?: Who[] } = {},
): Promise<{ teamId: string; songId: string; setlistId: string }> {
  const teamId = await createTeam(t, { owner, name, ...people });
  const songId = await createSong(t, { teamId, by: owner, title: `${name} song`, labels });
  const setlistId = await createSetlist(t, {
    teamId,
    by: owner,
    name: `${name} set`,
    songs: [songId],
  });
  return { teamId, songId, setlistId };
}

/** Empties every team's trash as the sweep does once its 30 days are over. */
export const purgeTrash = (t: TestApp) =>
  new SongsRepository(
    t.database.db,
    t.app.changes,
    new SetlistsRepository(t.database.db, t.app.changes),
  ).purge(new Date(Date.now() + 1000));
