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

export const selectedTeamId = {
  get: () => read(local, STORAGE_KEYS.selectedTeamId),
  clear: () => write(local, STORAGE_KEYS.selectedTeamId, null),
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
