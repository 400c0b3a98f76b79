import { useSyncExternalStore } from 'react';
import { offlineDataKept } from '../storage.ts';
import { dateTimeFormat } from '../i18n/format.ts';

// Whether the screens show the copy of the week's music kept on this device, because
// Segue's server cannot be reached. Shell-sized on purpose: the API client reports to it, and
// the kept data itself (IndexedDB) loads only when it is needed.

/** When the copy being shown was kept (ms since the epoch), or null while the server answers. */
let copyFrom: number | null = null;
const listeners = new Set<() => void>();

function publish(next: number | null): void {
  if (next === copyFrom) return;
  copyFrom = next;
  for (const listener of listeners) listener();
}

export const offlineCopy = {
  get: (): number | null => copyFrom,
  /** A screen is answered from the copy kept at `keptAt`; the oldest copy shown is named. */
  shown: (keptAt: number) => publish(copyFrom === null ? keptAt : Math.min(copyFrom, keptAt)),
  /** The server answered again. */
  cleared: () => publish(null),
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
};

/** When the copy on screen was kept, or null while the screens show the server's answers. */
export function useOfflineCopy(): number | null {
  return useSyncExternalStore(offlineCopy.subscribe, offlineCopy.get);
}

function subscribeOnline(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** What the browser says of the network. */
export function useBrowserOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, () => navigator.onLine);
}

/**
 * Whether changes can be made: not while the device is offline or shows its kept copy, as
 * nothing could be saved. Screens disable their change buttons and say why.
 */
export function useChangesAllowed(): boolean {
  const online = useBrowserOnline();
  const copy = useOfflineCopy();
  return online && copy === null;
}

/** "Sat 14:05", or "14:05" for a copy kept today: when the copy on screen was made. */
export function keptTime(keptAt: number, now = Date.now()): string {
  const kept = new Date(keptAt);
  const sameDay = new Date(now).toDateString() === kept.toDateString();
  // In the interface's language (docs/DECISIONS.md, "The interface in six languages").
  return dateTimeFormat({
    ...(sameDay
      ? {}
      : { weekday: 'short' as const, day: 'numeric' as const, month: 'short' as const }),
    hour: '2-digit',
    minute: '2-digit',
  }).format(kept);
}

/**
 * Removes the music kept on this device (sign-out, a session found ended, Account Settings).
 * The kept data's code loads only when there is something to remove.
 */
export function removeOfflineData(): Promise<void> {
  offlineCopy.cleared();
  const kept = offlineDataKept.get()
    ? import('./kept-data.ts')
        .then((data) => data.removeKeptData())
        .catch((error: unknown) => console.warn('[offline] could not remove the kept data', error))
    : Promise.resolve();
  return Promise.all([kept, removeCachedUserData()]).then(() => undefined);
}

/**
 * The caches of the app's own files (Workbox's precache): the same for every user, and what
 * lets the installed app start without a signal, so they stay (docs/DECISIONS.md, "Signing out
 * offline").
 */
const APP_FILES_CACHE = /^workbox-precache/;

/**
 * Removes every other Cache Storage cache. Segue's worker caches no answers today; a cache
 * added later for them goes with the user's data without having to be named here.
 */
async function removeCachedUserData(): Promise<void> {
  if (typeof caches === 'undefined') return;
  try {
    const names = await caches.keys();
    await Promise.all(
      names.filter((name) => !APP_FILES_CACHE.test(name)).map((name) => caches.delete(name)),
    );
  } catch (error) {
    console.warn('[offline] could not remove the cached data', error);
  }
}
