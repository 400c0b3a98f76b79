// The click measure's band, made through Segue's API: a leader and two members in a team, one
// song at 120 BPM in 4/4, a setlist of it.
import { api } from './http.mjs';
import { createTeam, registerAccounts } from './setup.mjs';

export const CLICK_BPM = 120;
export const CLICK_SONG_TITLE = 'Click bench song';

/**
 * @typedef {object} ClickFixture
 * @property {string} setlistId
 * @property {import('./setup.mjs').Account} leader  the team's owner: may drive the click
 * @property {import('./setup.mjs').Account[]} members  two members who only play it
 */

/**
 * Registers the band (members join by request, the leader approves, as seedLiveRooms does) and
 * writes its song and setlist.
 * @param {import('./servers.mjs').RunningServer} server
 * @returns {Promise<ClickFixture>}
 */
export async function seedClickBand(server) {
  const [leader, ...members] = await registerAccounts(server, 3, 'click');
  const token = leader.jwt;
  const teamId = await createTeam(server, leader, 'Click bench band');
  for (const member of members) {
    await api(server.url, 'POST', `/api/teams/${teamId}/request`, { token: member.jwt });
    await api(server.url, 'POST', `/api/teams/${teamId}/approve`, {
      token,
      body: { userId: member.userId },
    });
  }
  const song = await api(server.url, 'POST', '/api/songs', {
    token,
    teamId,
    body: {
      title: CLICK_SONG_TITLE,
      artist: 'Bench',
      tempo: CLICK_BPM,
      time: '4/4',
      parts: [{ label: 'Verse', lines: [{ chords: 'G', lyrics: 'On the beat' }] }],
    },
  });
  const setlist = await api(server.url, 'POST', '/api/setlist', {
    token,
    teamId,
    body: {
      name: 'Click bench',
      date: new Date().toISOString().slice(0, 10),
      songs: [{ song: song._id, leader: null }],
    },
  });
  return { setlistId: /** @type {string} */ (setlist._id), leader, members };
}
