// Seeding through Segue's own HTTP API, as people would: register, follow the mailed
// verification link, create teams, add members, write songs and setlists.
import { api, benchAddress, mapLimit } from './http.mjs';
import { makeRecording, postRecording } from './recordings.mjs';
import { makeLiveSong, makeSong, makeSongs } from './songs.mjs';

/**
 * @typedef {{ email: string, userId: string, jwt: string }} Account
 */

const runTag = Date.now().toString(36);
let addressCount = 0;

/**
 * Registers and verifies `count` accounts. The token of the registration's answer is
 * kept: it is a real session, it works once the address is verified, and logging in
 * again would only cost another password hash per account.
 * @param {import('./servers.mjs').RunningServer} server
 * @param {number} count
 * @param {string} label
 * @returns {Promise<Account[]>}
 */
export async function registerAccounts(server, count, label) {
  // Hashing a password keeps the server busy; a few in flight keep both cores fed.
  return mapLimit(
    Array.from({ length: count }, (_, i) => i),
    4,
    async (i) => {
      const email = `bench-${label}-${i}-${runTag}@example.com`;
      const registered = await api(server.url, 'POST', '/api/account', {
        // A distinct benchmark-range address per registration: 20 are allowed per address per hour.
        ip: benchAddress(addressCount++),
        body: {
          name: `Bench ${label} ${i}`,
          email,
          password: 'correct horse battery',
          phone: '+1 555 0100',
        },
      });
      const link = new URL(await server.waitForMail(email));
      await api(server.url, 'PUT', '/api/account/verification', {
        body: { userId: link.searchParams.get('userId'), secret: link.searchParams.get('secret') },
      });
      return { email, userId: registered.user.$id, jwt: registered.jwt };
    },
  );
}

/** Creates a team owned by `owner` and returns its id. */
export async function createTeam(server, owner, name) {
  const team = await api(server.url, 'POST', '/api/teams', { token: owner.jwt, body: { name } });
  return /** @type {string} */ (team._id);
}

/**
 * The live rooms: one team per room (a church, say), owned by its own leader; a
 * 50-part song; a setlist holding it; the room's followers added as members.
 * @param {import('./servers.mjs').RunningServer} server
 * @param {Account[]} leaders  room r is led by leaders[r]
 * @param {Account[]} followers  follower j of room r uses followers[(r * perRoom + j) % length]
 * @param {{ rooms: number, perRoom: number, parts: number }} shape
 */
export async function seedLiveRooms(server, leaders, followers, { rooms, perRoom, parts }) {
  return mapLimit(
    Array.from({ length: rooms }, (_, r) => r),
    8,
    async (r) => {
      const leader = leaders[r];
      const token = leader.jwt;
      const teamId = await createTeam(server, leader, `Live bench room ${r}`);
      const song = await api(server.url, 'POST', '/api/songs', {
        token,
        teamId,
        body: makeLiveSong(r, parts),
      });
      const setlist = await api(server.url, 'POST', '/api/setlist', {
        token,
        teamId,
        body: {
          name: `Live bench ${r}`,
          date: '2030-01-01',
          songs: [{ song: song._id, leader: null }],
        },
      });
      const roomFollowers = Array.from(
        { length: perRoom },
        (_, j) => followers[(r * perRoom + j) % followers.length],
      );
      // An account may follow this room on several screens; it joins the team once, by a
      // join request the leader approves (adds by e-mail are limited to 20 an hour per admin).
      for (const account of new Set(roomFollowers)) {
        await api(server.url, 'POST', `/api/teams/${teamId}/request`, { token: account.jwt });
        await api(server.url, 'POST', `/api/teams/${teamId}/approve`, {
          token,
          body: { userId: account.userId },
        });
      }
      return {
        teamId,
        setlistId: /** @type {string} */ (setlist._id),
        leaderToken: token,
        followerTokens: roomFollowers.map((a) => a.jwt),
        labels: Array.from({ length: parts }, (_, p) => `P${p + 1}`),
      };
    },
  );
}

/**
 * The API measure's data: a setlist of 20 songs (4 parts of 3 lines each) in one
 * team, and a 2,000-song library (imported) in another.
 * @param {import('./servers.mjs').RunningServer} server
 * @param {Account} organizer
 */
export async function seedApiData(server, organizer) {
  const token = organizer.jwt;
  const setlistTeamId = await createTeam(server, organizer, 'API bench setlist team');
  const songs = await mapLimit(
    Array.from({ length: 20 }, (_, i) => i),
    4,
    (i) =>
      api(server.url, 'POST', '/api/songs', {
        token,
        teamId: setlistTeamId,
        body: makeSong(i, { parts: 4, lines: 3 }),
      }),
  );
  const setlist = await api(server.url, 'POST', '/api/setlist', {
    token,
    teamId: setlistTeamId,
    body: {
      name: 'Sunday service',
      date: '2030-01-01',
      songs: songs.map((s) => ({ song: s._id, leader: null })),
    },
  });

  const libraryTeamId = await createTeam(server, organizer, 'API bench library team');
  const imported = await api(server.url, 'POST', '/api/songs/import', {
    token,
    teamId: libraryTeamId,
    body: { songs: makeSongs(2000) },
  });
  if (imported.imported !== 2000)
    throw new Error(`library import took ${imported.imported} of 2000 songs`);
  return { token, setlistTeamId, setlistId: /** @type {string} */ (setlist._id), libraryTeamId };
}

/**
 * The recordings measure's data: a team owned by `leader`, an 8-part song, a setlist holding it
 * (for the leader's live steps) and one 50 MB recording of the song (the one downloaded). The
 * uploads go to the same song, by the team's owner (who may edit every song).
 * @param {import('./servers.mjs').RunningServer} server
 * @param {Account} leader
 * @returns {Promise<import('./recordings.mjs').RecordingsFixture>}
 */
export async function seedRecordings(server, leader) {
  const token = leader.jwt;
  const teamId = await createTeam(server, leader, 'Recordings bench team');
  const song = await api(server.url, 'POST', '/api/songs', {
    token,
    teamId,
    body: makeLiveSong('recordings', 8),
  });
  const setlist = await api(server.url, 'POST', '/api/setlist', {
    token,
    teamId,
    body: {
      name: 'Recordings bench',
      date: '2030-01-01',
      songs: [{ song: song._id, leader: null }],
    },
  });
  const fixture = {
    teamId,
    setlistId: /** @type {string} */ (setlist._id),
    songId: /** @type {string} */ (song._id),
    leaderToken: token,
    labels: Array.from({ length: 8 }, (_, p) => `P${p + 1}`),
  };
  const res = await postRecording(
    server.url,
    fixture,
    makeRecording(),
    'Bench download',
    AbortSignal.timeout(60_000),
  );
  const text = await res.text();
  if (res.status !== 201) throw new Error(`the recording's upload answered ${res.status}: ${text}`);
  return { ...fixture, recordingId: JSON.parse(text).id };
}
