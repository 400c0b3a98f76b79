import { API_PREFIX } from '@segue/shared';
import { readAccount, readJwt } from '../answers.ts';

// Signing out without a connection (docs/DECISIONS.md, "Signing out offline"): the device forgets
// the session at once, and the server ends it the next time it answers. Until then this small
// record in local storage names what is left to end: the session token the tab held, or, for a
// tab that had none (an installed app started offline lives on its session cookie), whose
// cookie session it was. Local storage, not the tab's session storage: the record must outlive
// the tab, or the cookie would sign the person back in at the next start.
//
// Nothing here goes through the API client: it would send the current tab's token, team and
// cookie, and swap a refused token for the cookie's, which may belong to someone who signed in
// since.

/** The local storage key of the record (a JSON array of `PendingLogout`). */
export const PENDING_LOGOUT_KEY = 'segue.pendingLogout';

/** Sessions last 30 days (docs/DECISIONS.md, "Accounts"): an older record has nothing to end. */
const SESSION_MS = 30 * 24 * 60 * 60 * 1000;
/** A shared device signed out offline again and again keeps the newest few. */
const MAX_RECORDS = 20;

const SESSION_PATH = '/account/sessions/current';

/** A session this device signed out of while the server could not be reached. */
export type PendingLogout =
  | { token: string; at: number }
  /** The tab had no token: the session is the one the cookie held, if it is still this user's. */
  | { userId: string; at: number };

const isPendingLogout = (value: unknown): value is PendingLogout => {
  if (typeof value !== 'object' || value === null) return false;
  const { token, userId, at } = value as Record<string, unknown>;
  return (
    typeof at === 'number' &&
    ((typeof token === 'string' && token !== '') || (typeof userId === 'string' && userId !== ''))
  );
};

const same = (a: PendingLogout, b: PendingLogout) =>
  'token' in a ? 'token' in b && a.token === b.token : 'userId' in b && a.userId === b.userId;

/** What is still to end, newest last; expired and malformed entries are left out. */
export function pendingLogouts(now = Date.now()): PendingLogout[] {
  let raw: string | null;
  try {
    raw = window.localStorage.getItem(PENDING_LOGOUT_KEY);
  } catch {
    return [];
  }
  try {
    const parsed = JSON.parse(raw ?? '[]') as unknown;
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(isPendingLogout).filter((entry) => now - entry.at < SESSION_MS);
  } catch {
    return [];
  }
}

/** Stores the record; false when the storage refused it. */
function store(entries: PendingLogout[]): boolean {
  try {
    if (entries.length === 0) window.localStorage.removeItem(PENDING_LOGOUT_KEY);
    else window.localStorage.setItem(PENDING_LOGOUT_KEY, JSON.stringify(entries));
    return true;
  } catch {
    return false;
  }
}

/**
 * Remembers a session to end once the server answers: the tab's token, else the signed-in
 * account's cookie session. False when nothing could be remembered (no storage, or neither is
 * known): then the session cannot be ended later, and the caller must not pretend it will be.
 */
export function rememberPendingLogout(session: {
  token: string | null;
  userId: string | null;
}): boolean {
  const entry: PendingLogout | null = session.token
    ? { token: session.token, at: Date.now() }
    : session.userId
      ? { userId: session.userId, at: Date.now() }
      : null;
  if (!entry) return false;
  const kept = pendingLogouts().filter((other) => !same(other, entry));
  return store([...kept, entry].slice(-MAX_RECORDS));
}

/**
 * Whether this device signed out of the session a tab holds (its token, or, for a tab without
 * one, its account's cookie session) and the server has not confirmed the end yet.
 */
export function signedOutHere(token: string | null, userId?: string | null): boolean {
  return pendingLogouts().some((entry) =>
    'token' in entry ? entry.token === token : !token && !!userId && entry.userId === userId,
  );
}

/**
 * Whether a token the session cookie gave may be used. Not one signed out here; and none at all
 * while a cookie session signed out here is still to be ended, as the cookie may hold it.
 */
export function restoreAllowed(token: string): boolean {
  return !pendingLogouts().some((entry) => ('token' in entry ? entry.token === token : true));
}

/**
 * A sign-in replaced the session cookie: a cookie session signed out here can no longer be
 * reached from this device (it ends on its own when it expires), and the new one is not ours
 * to end.
 */
export function cookieSessionReplaced(): void {
  const entries = pendingLogouts();
  const kept = entries.filter((entry) => 'token' in entry);
  if (kept.length !== entries.length) store(kept);
}

type Outcome =
  /** Ended, or nothing was left to end: the entry is done. */
  | 'settled'
  /** The server answered with a failure: try again next time. */
  | 'retry'
  /** No answer at all: try again at the next online moment. */
  | 'unreachable';

/** One call to the server with exactly the given credentials; null when there is no answer. */
async function call(
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  auth: { token: string } | { cookie: true },
): Promise<Response | null> {
  const headers = new Headers({ Accept: 'application/json' });
  if ('token' in auth) headers.set('Authorization', `Bearer ${auth.token}`);
  try {
    return await fetch(`${API_PREFIX}${path}`, {
      method,
      headers,
      // A token alone names its session. The cookie may by now hold someone else's session,
      // and the server's logout would end that one too if it came along.
      credentials: 'token' in auth ? 'omit' : 'same-origin',
    });
  } catch {
    return null;
  }
}

async function endSession(token: string): Promise<Outcome> {
  const answer = await call('DELETE', SESSION_PATH, { token });
  if (!answer) return 'unreachable';
  // 401: the session had already ended (expired, or signed out elsewhere).
  return answer.ok || answer.status === 401 ? 'settled' : 'retry';
}

async function endCookieSession(userId: string): Promise<Outcome> {
  const exchanged = await call('POST', '/account/jwts', { cookie: true });
  if (!exchanged) return 'unreachable';
  if (exchanged.status === 401) return 'settled';
  if (!exchanged.ok) return 'retry';
  const token = readJwt(await exchanged.json());
  const account = await call('GET', '/account', { token });
  if (!account) return 'unreachable';
  if (account.status === 401) return 'settled';
  if (!account.ok) return 'retry';
  // Someone else's session by now: theirs to keep.
  if (readAccount(await account.json()).$id !== userId) return 'settled';
  return endSession(token);
}

async function end(entry: PendingLogout): Promise<Outcome> {
  try {
    return await ('token' in entry ? endSession(entry.token) : endCookieSession(entry.userId));
  } catch (error) {
    // An answer that was not the server's (a proxy's page): keep the entry.
    console.warn('[session] could not end a session signed out offline', error);
    return 'retry';
  }
}

let running: Promise<void> | null = null;
let queued: Promise<void> | null = null;

/**
 * Asks the server to end the sessions signed out here, and forgets each one it ended or found
 * gone. Never rejects; resolves at once when nothing is pending. One run at a time: a call
 * during a run gets the next run (the connection may have come back since this one started).
 */
export function endPendingLogouts(): Promise<void> {
  if (running) {
    queued ??= running.then(() => {
      queued = null;
      return endPendingLogouts();
    });
    return queued;
  }
  const entries = pendingLogouts();
  if (entries.length === 0) {
    // Expired entries go without a call.
    if (readRaw() !== null) store([]);
    return Promise.resolve();
  }
  running = (async () => {
    const settled: PendingLogout[] = [];
    for (const entry of entries) {
      const outcome = await end(entry);
      if (outcome === 'settled') settled.push(entry);
      if (outcome === 'unreachable') break;
    }
    if (settled.length > 0) {
      // Read again: another tab may have added a record meanwhile.
      store(pendingLogouts().filter((entry) => !settled.some((done) => same(done, entry))));
    }
  })().finally(() => {
    running = null;
  });
  return running;
}

function readRaw(): string | null {
  try {
    return window.localStorage.getItem(PENDING_LOGOUT_KEY);
  } catch {
    return null;
  }
}

let watching = false;

/** Ends what is pending now, and again whenever the browser gets a connection back. */
export function watchPendingLogouts(): void {
  if (!watching) {
    watching = true;
    window.addEventListener('online', () => void endPendingLogouts());
  }
  void endPendingLogouts();
}
