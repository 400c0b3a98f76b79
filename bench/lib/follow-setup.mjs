// The follow measure's data, made through Segue's API as a church would: a leader's team whose
// owner confirmed its licence, one song, setlists on today's date (a link opens from the day
// before the service), each with its congregation link, and one step in each so a phone that
// joins lands on a song's words.
import { io } from 'socket.io-client';
import { api, mapLimit } from './http.mjs';
import { createTeam, registerAccounts } from './setup.mjs';

/** The labels of the follow measure's song, each once, so a step names one part. */
export const FOLLOW_LABELS = [
  'Verse 1',
  'Chorus',
  'Verse 2',
  'Chorus 2',
  'Bridge',
  'Verse 3',
  'Chorus 3',
  'Outro',
];

/** A song as a congregation sings it: 8 parts of 4 lines (about 2 KB of words). */
function followSong() {
  return {
    title: 'Follow bench song',
    artist: 'Bench',
    copyright: '© Bench Music',
    ccli: '1234567',
    parts: FOLLOW_LABELS.map((label, p) => ({
      label,
      lines: Array.from({ length: 4 }, (_, l) => ({
        chords: 'G   D   Em  C',
        lyrics: `${label}, line ${l + 1}: all the words the room sings together, part ${p + 1}`,
      })),
    })),
  };
}

/**
 * @typedef {object} FollowRoom
 * @property {string} setlistId
 * @property {string} token   the congregation link's token
 *
 * @typedef {object} FollowFixtures
 * @property {string} teamId
 * @property {string} leaderToken   the leader's session
 * @property {FollowRoom} room      the room the delivery and the storm measure
 * @property {FollowRoom[]} heldRooms  rooms the idle sockets are spread over
 * @property {string[]} labels
 * @property {object} page          the room's page after a step, as Segue answers it (the bare relay sends its bytes)
 */

/** One step in each room, by the leader's own socket, so each room's page shows a song. */
async function stepOnce(server, leaderToken, rooms) {
  const socket = io(server.url, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: { token: leaderToken },
    forceNew: true,
    reconnection: false,
  });
  try {
    await new Promise((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    for (const room of rooms) {
      const joined = await socket.timeout(15_000).emitWithAck('setlist:join', room.setlistId);
      if (!joined?.ok) throw new Error(`follow seeding: join refused: ${JSON.stringify(joined)}`);
      const step = await socket.timeout(15_000).emitWithAck('setlist:updatePart', {
        setlistId: room.setlistId,
        partIndex: FOLLOW_LABELS[0],
      });
      if (!step?.ok) throw new Error(`follow seeding: step refused: ${JSON.stringify(step)}`);
      socket.emit('setlist:leave', room.setlistId);
    }
  } finally {
    socket.disconnect();
  }
}

/**
 * Seeds the follow measure's rooms on the seeding server: `heldRooms` rooms for the idle
 * sockets besides the measured room.
 * @param {import('./servers.mjs').RunningServer} server
 * @param {{ heldRooms: number }} shape
 * @returns {Promise<FollowFixtures>}
 */
export async function seedFollowRooms(server, { heldRooms }) {
  const [leader] = await registerAccounts(server, 1, 'follow-leader');
  const token = leader.jwt;
  const teamId = await createTeam(server, leader, 'Follow bench church');
  await api(server.url, 'PUT', `/api/teams/${teamId}/audience-licence`, {
    token,
    teamId,
    body: { confirmed: true },
  });
  const song = await api(server.url, 'POST', '/api/songs', { token, teamId, body: followSong() });
  // Today (UTC): a link opens from the day before its service to the day after.
  const date = new Date().toISOString().slice(0, 10);
  const rooms = await mapLimit(
    Array.from({ length: heldRooms + 1 }, (_, r) => r),
    4,
    async (r) => {
      const setlist = await api(server.url, 'POST', '/api/setlist', {
        token,
        teamId,
        body: {
          name: `Follow bench service ${r}`,
          date,
          songs: [{ song: song._id, leader: null }],
        },
      });
      const link = await api(server.url, 'POST', `/api/setlist/${setlist._id}/audience-link`, {
        token,
        teamId,
      });
      return { setlistId: /** @type {string} */ (setlist._id), token: String(link.token) };
    },
  );
  await stepOnce(server, token, rooms);
  const page = await api(server.url, 'GET', `/api/follow/${rooms[0].token}`);
  if (page?.now?.kind !== 'song') {
    throw new Error(`follow seeding: the page after a step shows ${JSON.stringify(page?.now)}`);
  }
  return {
    teamId,
    leaderToken: token,
    room: rooms[0],
    heldRooms: rooms.slice(1),
    labels: FOLLOW_LABELS,
    page,
  };
}
