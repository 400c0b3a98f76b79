import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../memory-storage.ts';

// Signing out offline: the session signed out on the device is ended once the server answers,
// and never at the cost of someone who signed in since. A fake server holds the sessions and
// the browser's session cookie, and ends the cookie's session on logout when the cookie comes
// along, as Segue's server does; nothing here needs a network.

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

class FakeServer {
  /** Live sessions: token -> user id. */
  readonly sessions = new Map<string, string>();
  /** The browser's httpOnly session cookie (a session token), as the server last set it. */
  cookie: string | null = null;
  /** False: every call fails as `fetch` does without a network. */
  reachable = true;
  /** Calls answered with this status instead (the server in trouble). */
  readonly failing = new Map<string, number>();
  readonly calls: string[] = [];
  private next = 0;

  signIn(userId: string): string {
    this.next += 1;
    const token = `token-${userId}-${this.next}`;
    this.sessions.set(token, userId);
    this.cookie = token;
    return token;
  }

  readonly fetch = async (url: string, init: RequestInit = {}): Promise<Response> => {
    await Promise.resolve();
    if (!this.reachable) throw new TypeError('Failed to fetch');
    const method = init.method ?? 'GET';
    const path = url.replace(/^\/api/, '');
    const call = `${method} ${path}`;
    this.calls.push(call);
    const failure = this.failing.get(call);
    if (failure) return json(failure, { error: 'Segue is briefly unavailable.' });
    const bearer = new Headers(init.headers).get('Authorization')?.replace(/^Bearer /, '') ?? null;
    const cookie = init.credentials === 'omit' ? null : this.cookie;
    const userOf = (token: string | null) => (token ? this.sessions.get(token) : undefined);

    if (call === 'POST /account/jwts') {
      return userOf(cookie) ? json(201, { jwt: cookie }) : json(401, { error: 'no session' });
    }
    if (call === 'GET /account') {
      const userId = userOf(bearer);
      if (!userId) return json(401, { error: 'no session' });
      return json(200, {
        $id: userId,
        name: userId,
        email: `${userId}@segue.test`,
        emailVerification: true,
        phone: '',
        teams: [],
      });
    }
    if (call === 'DELETE /account/sessions/current') {
      if (!bearer || !userOf(bearer)) return json(401, { error: 'no session' });
      this.sessions.delete(bearer);
      // The server's logout also signs out the session the cookie holds, when it is sent.
      if (cookie) {
        this.sessions.delete(cookie);
        this.cookie = null;
      }
      return new Response(null, { status: 204 });
    }
    if (call === 'POST /account/sessions/email') {
      const { email } = JSON.parse(String(init.body)) as { email: string };
      const userId = email.split('@')[0] ?? email;
      const jwt = this.signIn(userId);
      return json(201, { user: { $id: userId }, jwt });
    }
    return json(404, { error: 'Not found.' });
  };
}

let server: FakeServer;
let local: Storage;
let session: Storage;

async function load() {
  vi.resetModules();
  return import('./pending-logout.ts');
}

beforeEach(() => {
  server = new FakeServer();
  local = memoryStorage();
  session = memoryStorage();
  vi.stubGlobal('window', {
    localStorage: local,
    sessionStorage: session,
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
  });
  vi.stubGlobal('fetch', server.fetch);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a session signed out without a connection', () => {
  it('is ended once the server answers, and then forgotten', async () => {
    const logouts = await load();
    const ada = server.signIn('ada');
    expect(logouts.rememberPendingLogout({ token: ada, userId: 'ada' })).toBe(true);
    expect(local.getItem(logouts.PENDING_LOGOUT_KEY)).toContain(ada);

    server.reachable = false;
    await logouts.endPendingLogouts();
    expect(logouts.pendingLogouts()).toHaveLength(1);

    server.reachable = true;
    await logouts.endPendingLogouts();
    expect(server.sessions.has(ada)).toBe(false);
    expect(logouts.pendingLogouts()).toEqual([]);
    expect(local.getItem(logouts.PENDING_LOGOUT_KEY)).toBeNull();
  });

  it('is forgotten when the server says it had already ended, and kept while the server fails', async () => {
    const logouts = await load();
    const ada = server.signIn('ada');
    logouts.rememberPendingLogout({ token: ada, userId: 'ada' });

    server.failing.set('DELETE /account/sessions/current', 503);
    await logouts.endPendingLogouts();
    expect(logouts.pendingLogouts()).toHaveLength(1);

    server.failing.clear();
    server.sessions.delete(ada); // expired, or signed out from another device
    await logouts.endPendingLogouts();
    expect(logouts.pendingLogouts()).toEqual([]);
  });

  it('leaves the session of someone who signed in on the device since untouched', async () => {
    const logouts = await load();
    const ada = server.signIn('ada');
    logouts.rememberPendingLogout({ token: ada, userId: 'ada' });

    const grace = server.signIn('grace');
    await logouts.endPendingLogouts();

    expect(server.sessions.has(ada)).toBe(false);
    expect(server.sessions.get(grace)).toBe('grace');
    expect(server.cookie).toBe(grace);
  });

  it('ends the cookie session of a tab that had no token, while the cookie still holds it', async () => {
    const logouts = await load();
    const ada = server.signIn('ada');
    // An installed app started offline: no token in the tab, only the cookie and the kept account.
    logouts.rememberPendingLogout({ token: null, userId: 'ada' });
    expect(logouts.signedOutHere(null, 'ada')).toBe(true);

    await logouts.endPendingLogouts();

    expect(server.sessions.has(ada)).toBe(false);
    expect(logouts.pendingLogouts()).toEqual([]);
  });

  it('leaves a cookie that holds someone else’s session alone', async () => {
    const logouts = await load();
    server.signIn('ada');
    logouts.rememberPendingLogout({ token: null, userId: 'ada' });
    const grace = server.signIn('grace');

    await logouts.endPendingLogouts();

    expect(server.sessions.get(grace)).toBe('grace');
    expect(server.cookie).toBe(grace);
    expect(logouts.pendingLogouts()).toEqual([]);
  });

  it('tries the others later when there is no answer, in the order they were signed out', async () => {
    const logouts = await load();
    const ada = server.signIn('ada');
    logouts.rememberPendingLogout({ token: ada, userId: 'ada' });
    const grace = server.signIn('grace');
    logouts.rememberPendingLogout({ token: grace, userId: 'grace' });
    expect(logouts.pendingLogouts().map((entry) => 'token' in entry && entry.token)).toEqual([
      ada,
      grace,
    ]);

    server.reachable = false;
    await logouts.endPendingLogouts();
    server.reachable = true;
    await logouts.endPendingLogouts();

    expect(server.sessions.size).toBe(0);
    expect(server.calls).toEqual([
      'DELETE /account/sessions/current',
      'DELETE /account/sessions/current',
    ]);
  });

  it('asks nothing when nothing is pending, and drops records older than a session lives', async () => {
    vi.useFakeTimers({ now: new Date('2030-05-01T10:00:00Z') });
    const logouts = await load();
    logouts.rememberPendingLogout({ token: 'token-old', userId: 'ada' });
    vi.setSystemTime(new Date('2030-06-01T10:00:00Z'));

    expect(logouts.pendingLogouts()).toEqual([]);
    await logouts.endPendingLogouts();
    expect(server.calls).toEqual([]);
    expect(local.getItem(logouts.PENDING_LOGOUT_KEY)).toBeNull();
  });

  it('reads a damaged record as nothing pending, and says when it could not remember', async () => {
    const logouts = await load();
    local.setItem(logouts.PENDING_LOGOUT_KEY, '{not json');
    expect(logouts.pendingLogouts()).toEqual([]);
    local.setItem(logouts.PENDING_LOGOUT_KEY, JSON.stringify([{ at: 1 }, 'x', null]));
    expect(logouts.pendingLogouts()).toEqual([]);

    expect(logouts.rememberPendingLogout({ token: null, userId: null })).toBe(false);
    vi.spyOn(local, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(logouts.rememberPendingLogout({ token: 'token-ada', userId: 'ada' })).toBe(false);
  });

  it('runs at start and again whenever the connection returns', async () => {
    const logouts = await load();
    const ada = server.signIn('ada');
    logouts.rememberPendingLogout({ token: ada, userId: 'ada' });
    server.reachable = false;

    logouts.watchPendingLogouts();
    await logouts.endPendingLogouts();
    expect(logouts.pendingLogouts()).toHaveLength(1);
    const addEventListener = vi.mocked(window.addEventListener);
    const online = addEventListener.mock.calls.find(([type]) => type === 'online')?.[1];
    expect(online).toBeTypeOf('function');

    server.reachable = true;
    (online as () => void)();
    await vi.waitFor(() => expect(server.sessions.has(ada)).toBe(false));
    await vi.waitFor(() => expect(logouts.pendingLogouts()).toEqual([]));
  });

  it('tries again when the connection returns during a try that got no answer', async () => {
    const logouts = await load();
    const ada = server.signIn('ada');
    logouts.rememberPendingLogout({ token: ada, userId: 'ada' });
    let fail!: () => void;
    vi.stubGlobal(
      'fetch',
      vi
        .fn<typeof server.fetch>()
        .mockImplementationOnce(
          () => new Promise((_, reject) => (fail = () => reject(new TypeError('offline')))),
        )
        .mockImplementation(server.fetch),
    );

    const first = logouts.endPendingLogouts();
    // The browser is back online while the first try still waits for its answer.
    const second = logouts.endPendingLogouts();
    fail();
    await first;
    expect(server.sessions.has(ada)).toBe(true);
    await second;
    expect(server.sessions.has(ada)).toBe(false);
    expect(logouts.pendingLogouts()).toEqual([]);
  });
});

describe('the API client and a session signed out here', () => {
  async function loadClient() {
    const logouts = await load();
    const client = await import('../api-client.ts');
    return { logouts, client };
  }

  it('does not let the session cookie sign a signed-out session back in', async () => {
    const { logouts, client } = await loadClient();
    const ada = server.signIn('ada');
    logouts.rememberPendingLogout({ token: ada, userId: 'ada' });
    // The server cannot end it yet, but gives out tokens for the cookie.
    server.failing.set('DELETE /account/sessions/current', 503);

    await expect(client.restoreSessionToken()).resolves.toBeNull();
    expect(session.getItem('jwt')).toBeNull();
    expect(server.sessions.has(ada)).toBe(true);

    // Once the server ends it, the cookie holds no session any more.
    server.failing.clear();
    await expect(client.restoreSessionToken()).resolves.toBeNull();
    expect(server.sessions.has(ada)).toBe(false);
    expect(logouts.pendingLogouts()).toEqual([]);
  });

  it('restores nothing from the cookie while a cookie session signed out here waits', async () => {
    const { logouts, client } = await loadClient();
    server.signIn('ada');
    logouts.rememberPendingLogout({ token: null, userId: 'ada' });
    server.failing.set('GET /account', 503);

    await expect(client.restoreSessionToken()).resolves.toBeNull();
    expect(session.getItem('jwt')).toBeNull();
  });

  it('ends a cookie session signed out here before a sign-in replaces the cookie', async () => {
    const { logouts, client } = await loadClient();
    const ada = server.signIn('ada');
    logouts.rememberPendingLogout({ token: null, userId: 'ada' });

    await client.apiFetch('/account/sessions/email', {
      method: 'POST',
      body: { email: 'grace@segue.test', password: 'a-long-enough-password' },
    });

    expect(server.sessions.has(ada)).toBe(false);
    expect([...server.sessions.values()]).toEqual(['grace']);
    expect(server.calls.indexOf('DELETE /account/sessions/current')).toBeLessThan(
      server.calls.indexOf('POST /account/sessions/email'),
    );
    expect(logouts.pendingLogouts()).toEqual([]);
  });

  it('after a sign-in that could not wait for it, never ends the new cookie session', async () => {
    const { logouts, client } = await loadClient();
    const ada = server.signIn('ada');
    logouts.rememberPendingLogout({ token: ada, userId: 'ada' });
    logouts.rememberPendingLogout({ token: null, userId: 'ada' });
    server.failing.set('DELETE /account/sessions/current', 503);

    await client.apiFetch('/account/sessions/email', {
      method: 'POST',
      body: { email: 'ada@segue.test', password: 'a-long-enough-password' },
    });
    const again = server.cookie;
    // The cookie now holds the new sign-in: only the token is left to end.
    expect(logouts.pendingLogouts()).toEqual([expect.objectContaining({ token: ada })]);

    server.failing.clear();
    await logouts.endPendingLogouts();
    expect(server.sessions.has(ada)).toBe(false);
    expect(again && server.sessions.get(again)).toBe('ada');
  });
});
