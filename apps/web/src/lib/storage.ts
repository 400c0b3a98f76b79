import { STORAGE_KEYS } from '@segue/shared';

/**
 * Where a refused login remembers the address, so the verify reminder can resend
 * the link without a session. Not yet in `STORAGE_KEYS` of `@segue/shared`.
 */
export const PENDING_VERIFICATION_EMAIL_KEY = 'segue.pendingVerificationEmail';

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
  get: () => read(session, PENDING_VERIFICATION_EMAIL_KEY),
  set: (email: string) => write(session, PENDING_VERIFICATION_EMAIL_KEY, email),
  clear: () => write(session, PENDING_VERIFICATION_EMAIL_KEY, null),
};

export const storedThemeMode = {
  get: (): ThemeMode | null => {
    const value = read(local, STORAGE_KEYS.theme);
    return value === 'light' || value === 'dark' ? value : null;
  },
  set: (mode: ThemeMode) => write(local, STORAGE_KEYS.theme, mode),
};
