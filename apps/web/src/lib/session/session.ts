import { useSyncExternalStore } from 'react';
import type { Account } from '@segue/shared';
import { readAccount } from '../answers.ts';
import { followAccountLocale } from '../i18n/locale-choice.ts';
import { ApiRequestError, NetworkError, apiFetch, restoreSessionToken } from '../api-client.ts';
import { removeOfflineData } from '../offline/offline-copy.ts';
import { selectedTeamId, sessionToken } from '../storage.ts';
import { PENDING_LOGOUT_KEY, signedOutHere, watchPendingLogouts } from './pending-logout.ts';

// The session as the first screen needs it (top bar, landing, login), without TanStack Query:
// a signed-out visitor of Landing or Login never loads the query library. Once a screen that
// fetches loads it, `connectSession` (current-account.ts) makes the query cache the source of
// truth and this store mirrors it, so both always agree.

/**
 * The logged-in account, or null when nobody is logged in. Offline, the account kept on the
 * device answers: an installed app opened without a signal stays signed in, and the
 * session is checked again once the server answers.
 */
export async function fetchCurrentAccount(): Promise<Account | null> {
  // Signed out on this device while offline (in another tab, or before a reload): that holds
  // even before the server has confirmed it.
  if (signedOutHere(sessionToken.get())) {
    sessionToken.clear();
    return loggedOut();
  }
  // A new tab has no token in its session storage but may share the browser's session cookie.
  if (!sessionToken.get()) {
    try {
      if (!(await restoreSessionToken())) return loggedOut();
    } catch (error) {
      // No answer at all: `/account` below is answered from the kept copy, or fails the same way.
      if (!(error instanceof NetworkError)) throw error;
    }
  }
  try {
    const account = readAccount(await apiFetch('/account'));
    // Offline, a tab without a token is answered from the kept copy: not for an account that
    // signed out here.
    return signedOutHere(sessionToken.get(), account.$id) ? loggedOut() : account;
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 401) return loggedOut();
    throw error;
  }
}

/**
 * Spec section 4: with no user, the saved team selection is removed; so is the music kept for
 * offline use (a session revoked while the device was offline ends here).
 */
function loggedOut(): null {
  selectedTeamId.clear();
  void removeOfflineData();
  return null;
}

/** How long an answer about the session counts as fresh (as the account query's staleTime). */
export const SESSION_STALE_MS = 30_000;

export interface SessionState {
  /** The logged-in account, or null when nobody is logged in (or it is not known yet). */
  account: Account | null;
  /** True until the first answer about the session. */
  isPending: boolean;
  /** The last check failed (the server could not be reached). */
  isError: boolean;
  /** When the account was last read or set (ms since the epoch); 0 while pending. */
  updatedAt: number;
}

/** What the query cache offers once it exists: it then owns the account. */
export interface SessionMirror {
  setAccount(account: Account | null): void;
  /** Re-reads the account if the cached answer is stale. */
  refresh(): void;
}

let state: SessionState = { account: null, isPending: true, isError: false, updatedAt: 0 };
const listeners = new Set<() => void>();
let check: Promise<Account | null> | null = null;
let mirror: SessionMirror | null = null;

function update(next: SessionState): void {
  if (
    next.account === state.account &&
    next.isPending === state.isPending &&
    next.isError === state.isError &&
    next.updatedAt === state.updatedAt
  )
    return;
  // The account's language, once read: a new device signs in speaking it.
  if (next.account && next.account !== state.account) followAccountLocale(next.account);
  state = next;
  for (const listener of listeners) listener();
}

/** Asks the server who is logged in, unless a check is already on its way. */
function startCheck(): Promise<Account | null> {
  check ??= fetchCurrentAccount().then(
    (account) => {
      check = null;
      update({ account, isPending: false, isError: false, updatedAt: Date.now() });
      return account;
    },
    (error: unknown) => {
      check = null;
      update({ ...state, isPending: false, isError: true });
      throw error;
    },
  );
  return check;
}

/**
 * The account query's fetch: shares the check the shell started when it is still on its way,
 * so opening a screen that fetches never asks the server twice.
 */
export function currentAccountQueryFn(): Promise<Account | null> {
  return check ?? fetchCurrentAccount();
}

// Like the query cache did for the top bar: a tab coming back to the front re-reads a stale
// session, so logging out elsewhere shows here too.
function refreshIfStale(): void {
  if (document.visibilityState === 'hidden') return;
  if (mirror) {
    mirror.refresh();
    return;
  }
  if (!state.isPending && Date.now() - state.updatedAt > SESSION_STALE_MS) {
    startCheck().catch(() => undefined);
  }
}

// Another tab signed this session out without a connection: this tab is signed out too, at
// once, as the server cannot tell it yet.
function signOutIfSignedOutElsewhere(event: StorageEvent): void {
  if (event.key !== PENDING_LOGOUT_KEY && event.key !== null) return;
  if (!state.account || !signedOutHere(sessionToken.get(), state.account.$id)) return;
  sessionToken.clear();
  loggedOut();
  setSessionAccount(null);
}

/**
 * Listens to the session; the first listener starts the check of who is logged in, and the
 * ending of sessions signed out here while offline.
 */
export function subscribeSession(listener: () => void): () => void {
  if (listeners.size === 0) {
    document.addEventListener('visibilitychange', refreshIfStale);
    window.addEventListener('online', refreshIfStale);
    window.addEventListener('storage', signOutIfSignedOutElsewhere);
    watchPendingLogouts();
  }
  listeners.add(listener);
  if (state.isPending && !mirror) startCheck().catch(() => undefined);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      document.removeEventListener('visibilitychange', refreshIfStale);
      window.removeEventListener('online', refreshIfStale);
      window.removeEventListener('storage', signOutIfSignedOutElsewhere);
    }
  };
}

export function getSession(): SessionState {
  return state;
}

/** The session for the shell and the public pages: no query library needed. */
export function useSession(): SessionState {
  return useSyncExternalStore(subscribeSession, getSession);
}

/** A login made without the query cache: the account is known now. */
export function setSessionAccount(account: Account | null): void {
  update({ account, isPending: false, isError: false, updatedAt: Date.now() });
  mirror?.setAccount(account);
}

/** The query cache's view of the account, published to the store's readers. */
export function publishSession(next: SessionState): void {
  update(next);
}

/** Called once, when the query cache is created: from then on it owns the account. */
export function connectSessionMirror(next: SessionMirror): void {
  mirror = next;
}
