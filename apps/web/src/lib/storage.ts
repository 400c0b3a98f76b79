import { STORAGE_KEYS } from '@segue/shared';

export type ThemeMode = 'light' | 'dark';

// Storage can throw (private browsing, disabled cookies, full quota); the app must
// keep working without it, so every access degrades to "nothing stored".
function read(storage: () => Storage, key: string): string | null {
  try {
    return storage().getItem(key);
  } catch {
    return null;
  }
}

function write(storage: () => Storage, key: string, value: string | null): void {
  try {
    if (value === null) storage().removeItem(key);
    else storage().setItem(key, value);
  } catch {
    // See read(): losing the value is better than breaking the page.
  }
}

const session = () => window.sessionStorage;
const local = () => window.localStorage;

export const sessionToken = {
  get: () => read(session, STORAGE_KEYS.jwt),
  set: (jwt: string) => write(session, STORAGE_KEYS.jwt, jwt),
  clear: () => write(session, STORAGE_KEYS.jwt, null),
};

// The selected team lives in memory and is mirrored to local storage: the X-Team-ID header and
// the screens then agree even where storage is unavailable, and each tab keeps its own choice.
let teamId = read(local, STORAGE_KEYS.selectedTeamId);
const teamIdListeners = new Set<() => void>();

function setTeamId(id: string | null): void {
  if (id === teamId) return;
  teamId = id;
  write(local, STORAGE_KEYS.selectedTeamId, id);
  for (const listener of teamIdListeners) listener();
}

export const selectedTeamId = {
  get: () => teamId,
  set: (id: string) => setTeamId(id),
  clear: () => setTeamId(null),
  /** For `useSyncExternalStore`: calls `listener` whenever the selection changes. */
  subscribe: (listener: () => void) => {
    teamIdListeners.add(listener);
    return () => void teamIdListeners.delete(listener);
  },
};

export const pendingVerificationEmail = {
  get: () => read(session, STORAGE_KEYS.pendingVerificationEmail),
  set: (email: string) => write(session, STORAGE_KEYS.pendingVerificationEmail, email),
  clear: () => write(session, STORAGE_KEYS.pendingVerificationEmail, null),
};

export const storedThemeMode = {
  get: (): ThemeMode | null => {
    const value = read(local, STORAGE_KEYS.theme);
    return value === 'light' || value === 'dark' ? value : null;
  },
  set: (mode: ThemeMode) => write(local, STORAGE_KEYS.theme, mode),
};
