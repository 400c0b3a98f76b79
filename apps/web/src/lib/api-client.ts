import { API_PREFIX } from '@segue/shared';
import { readJwt } from './answers.ts';
import { activeLocale } from './i18n/i18n.ts';
import { translateServerText } from './i18n/server-texts.ts';
import { keptCall } from './offline/kept-paths.ts';
import type { KeptCall } from './offline/kept-paths.ts';
import { offlineCopy } from './offline/offline-copy.ts';
import {
  cookieSessionReplaced,
  endPendingLogouts,
  restoreAllowed,
} from './session/pending-logout.ts';
import { selectedTeamId, sessionToken } from './storage.ts';

/** A non-2xx answer of the Segue API, carrying the server's `{ error, code }` body. */
export class ApiRequestError extends Error {
  override readonly name = 'ApiRequestError';

  constructor(
    readonly status: number,
    /** The body's `error` text; undefined when the answer was not the server's JSON. */
    readonly error: string | undefined,
    readonly code: string | undefined,
  ) {
    super(error ?? `Request failed with status ${status}`);
  }
}

/** The server could not be reached (no network, or the server is down): no answer at all. */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';

  constructor(cause: unknown) {
    super("Segue's server could not be reached.", { cause });
  }
}

export interface ApiFetchOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as they are (a file's bytes), instead of `body`. */
  bytes?: Blob;
  /** The Content-Type of `bytes` (default `application/octet-stream`). */
  bytesType?: string;
  signal?: AbortSignal;
  /** Send the `Authorization` header when a token is stored (default true). */
  auth?: boolean;
  /** Do not log a 401: for calls where "not logged in" is an expected answer. */
  expectUnauthorized?: boolean;
  /**
   * The X-Team-ID to send instead of the selected team: the live and presenter views name the
   * team they checked the setlist against (spec section 7).
   */
  teamId?: string;
}

const TOKEN_ENDPOINT = '/account/jwts';
/** The calls whose answer sets a new session cookie. */
const SIGN_IN_CALLS = new Set(['POST /account/sessions/email', 'POST /account']);

/**
 * Calls the Segue API under `/api`: sends and reads JSON, adds the stored token and
 * selected team, and throws `ApiRequestError` on any non-2xx answer. Resolves to
 * `undefined` for answers without a body (204).
 */
export async function apiFetch<T = unknown>(
  path: string,
  options: ApiFetchOptions = {},
): Promise<T> {
  return (await readBody(await request(path, options))) as T;
}

/**
 * `apiFetch` for answers whose headers matter too, such as the `X-Total-Count` of a paged list.
 */
export async function apiFetchWithHeaders<T = unknown>(
  path: string,
  options: ApiFetchOptions = {},
): Promise<{ data: T; headers: Headers }> {
  const response = await request(path, options);
  return { data: (await readBody(response)) as T, headers: response.headers };
}

/** A file the API answers (an export), with the name its Content-Disposition gives. */
export async function apiDownload(
  path: string,
  options: ApiFetchOptions = {},
): Promise<{ blob: Blob; filename: string | null }> {
  const response = await request(path, options);
  return { blob: await response.blob(), filename: dispositionName(response.headers) };
}

/** The file name of `Content-Disposition`, its UTF-8 `filename*` first. */
function dispositionName(headers: Headers): string | null {
  const disposition = headers.get('Content-Disposition') ?? '';
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended);
    } catch {
      // fall through to the plain name
    }
  }
  return /filename="([^"]*)"/i.exec(disposition)?.[1] ?? null;
}

/**
 * Sends the call (swapping an expired token once) and answers the 2xx response, else throws.
 * Calls the device keeps for offline use refresh the kept copy, and are answered
 * from it when the server cannot be reached.
 */
async function request(path: string, options: ApiFetchOptions): Promise<Response> {
  const call = keptCall(options.method ?? 'GET', path);
  const signsIn = SIGN_IN_CALLS.has(`${options.method ?? 'GET'} ${path}`);
  // A session signed out offline may still be in the cookie a sign-in is about to replace: it is
  // ended first (docs/DECISIONS.md, "Signing out offline").
  if (signsIn) await endPendingLogouts();
  let response: Response;
  try {
    response = await sendWithFreshToken(path, options);
  } catch (error) {
    const kept = error instanceof NetworkError && call ? await answerFromCopy(call, options) : null;
    if (!kept) throw error;
    return kept;
  }
  // The server answered: whatever the screens show from the kept copy can be read anew.
  offlineCopy.cleared();

  if (response.status === 401 && !options.expectUnauthorized) {
    // Spec section 8: a 401 is only logged; the routes decide where a logged-out user goes.
    console.warn(`[api] 401 Unauthorized: ${options.method ?? 'GET'} ${API_PREFIX}${path}`);
  }

  if (!response.ok) throw await toApiRequestError(response);
  if (signsIn) cookieSessionReplaced();
  // Only a signed-in browser keeps answers: one that just signed out keeps nothing late.
  if (call && sessionToken.get()) remember(call, options, response.clone());
  return response;
}

async function sendWithFreshToken(path: string, options: ApiFetchOptions): Promise<Response> {
  const { auth = true } = options;
  const token = auth ? sessionToken.get() : null;
  const response = await send(path, options, token);
  // Tokens are short-lived while the session cookie lasts: swap an expired token (or get one
  // when the tab has none, as after a restart offline) once, instead of treating the user as
  // logged out.
  if (response.status === 401 && auth && path !== TOKEN_ENDPOINT) {
    const freshToken = await restoreSessionToken();
    if (freshToken && freshToken !== token) return send(path, options, freshToken);
  }
  return response;
}

const teamOf = (options: ApiFetchOptions) => options.teamId ?? selectedTeamId.get();

/** The kept answer as the server would have sent it, or null when the device keeps none. */
async function answerFromCopy(call: KeptCall, options: ApiFetchOptions): Promise<Response | null> {
  try {
    const kept = await import('./offline/kept-answers.ts');
    const answer = await kept.answerFromCopy(call, teamOf(options), options.body);
    if (!answer) return null;
    offlineCopy.shown(answer.keptAt);
    return new Response(JSON.stringify(answer.body), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  } catch (error) {
    // No IndexedDB (private browsing) or no copy: the call fails as it would have.
    console.warn('[offline] no kept answer', error);
    return null;
  }
}

function remember(call: KeptCall, options: ApiFetchOptions, response: Response): void {
  void (async () => {
    const body: unknown = await response.json();
    const kept = await import('./offline/kept-answers.ts');
    await kept.rememberAnswer(call, teamOf(options), body);
  })().catch((error: unknown) => console.warn('[offline] could not keep an answer', error));
}

let pendingRestore: Promise<string | null> | null = null;

/**
 * Asks the server for a token in exchange for the session cookie, so a new tab of a
 * logged-in browser stays logged in. Stores and returns the token, or clears it and
 * returns null when there is no session (or only one signed out on this device). Concurrent
 * callers share one request.
 */
export function restoreSessionToken(): Promise<string | null> {
  pendingRestore ??= (async () => {
    try {
      // The cookie may hold a session signed out offline: it is ended first, and never restored.
      await endPendingLogouts();
      const answer = await apiFetch(TOKEN_ENDPOINT, {
        method: 'POST',
        auth: false,
        expectUnauthorized: true,
      });
      const jwt = readJwt(answer);
      if (!restoreAllowed(jwt)) {
        sessionToken.clear();
        return null;
      }
      sessionToken.set(jwt);
      return jwt;
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 401) {
        sessionToken.clear();
        return null;
      }
      throw error;
    } finally {
      pendingRestore = null;
    }
  })();
  return pendingRestore;
}

function send(path: string, options: ApiFetchOptions, token: string | null): Promise<Response> {
  const headers = new Headers({ Accept: 'application/json' });
  if (options.bytes !== undefined) {
    headers.set('Content-Type', options.bytesType || 'application/octet-stream');
  } else if (options.body !== undefined) headers.set('Content-Type', 'application/json');
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const teamId = options.teamId ?? selectedTeamId.get();
  if (teamId) headers.set('X-Team-ID', teamId);
  // The mails a call causes go out in this language when the account has chosen none.
  const locale = activeLocale();
  if (locale) headers.set('Accept-Language', locale);

  // Spec section 9: no client-side timeout; only the caller's signal aborts.
  return fetch(`${API_PREFIX}${path}`, {
    method: options.method ?? 'GET',
    headers,
    body: options.bytes ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
    credentials: 'same-origin',
    signal: options.signal,
  }).catch((error: unknown) => {
    // An abort stays an abort; anything else is fetch saying there was no answer.
    if (options.signal?.aborted) throw error;
    throw new NetworkError(error);
  });
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const isJson = response.headers.get('Content-Type')?.includes('json') ?? false;
  return isJson ? JSON.parse(text) : text;
}

async function toApiRequestError(response: Response): Promise<ApiRequestError> {
  let body: unknown;
  try {
    body = await readBody(response);
  } catch {
    body = undefined;
  }
  const { error, code } = (typeof body === 'object' && body !== null ? body : {}) as {
    error?: unknown;
    code?: unknown;
  };
  // A proxy or crash page may answer with HTML: then there is no server text to show.
  return new ApiRequestError(
    response.status,
    typeof error === 'string' && error ? error : undefined,
    typeof code === 'string' ? code : undefined,
  );
}

/**
 * The server's error text when there is one, else the given fallback (spec section 8). The
 * server speaks English: a text the catalog knows is shown in the active language.
 */
export function errorMessage(error: unknown, fallback: string): string {
  return (
    (error instanceof ApiRequestError && error.error && translateServerText(error.error)) ||
    fallback
  );
}
