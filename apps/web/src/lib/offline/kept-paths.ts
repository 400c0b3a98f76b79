/**
 * The API answers a device keeps for offline use, by the call that gives them. Known
 * without loading the kept data: the API client asks for every call it makes.
 */
export type KeptCall =
  | { kind: 'account' }
  | { kind: 'teams' }
  | { kind: 'setlists' }
  | { kind: 'setlist'; id: string }
  | { kind: 'song'; id: string }
  /** A song's recordings and links, kept only with its recordings (`offlineRecordings`). */
  | { kind: 'media'; songId: string }
  | { kind: 'people' };

const SETLIST = /^\/setlist\/([^/?]+)$/;
const SONG = /^\/songs\/([^/?]+)$/;
const MEDIA = /^\/songs\/([^/?]+)\/media$/;

/** Which kept answer a call reads or refreshes, or null for a call the device never keeps. */
export function keptCall(method: string, path: string): KeptCall | null {
  if (method === 'POST') return path === '/users/batch' ? { kind: 'people' } : null;
  if (method !== 'GET') return null;
  if (path === '/account') return { kind: 'account' };
  if (path === '/teams') return { kind: 'teams' };
  if (path === '/setlist') return { kind: 'setlists' };
  const setlist = SETLIST.exec(path)?.[1];
  if (setlist) return { kind: 'setlist', id: decodeURIComponent(setlist) };
  const song = SONG.exec(path)?.[1];
  if (song && song !== 'export') return { kind: 'song', id: decodeURIComponent(song) };
  const media = MEDIA.exec(path)?.[1];
  if (media) return { kind: 'media', songId: decodeURIComponent(media) };
  return null;
}
