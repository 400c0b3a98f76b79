import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FOLLOW_SOCKET_PATH, FOLLOW_TEXTS } from '@segue/shared/follow-texts';
import type { FollowState } from '@segue/shared';
import { lastSocket } from '../lib/live/fake-socket.ts';
import { FollowConnection, followToken, jittered, REFUSED_RETRY_MS } from './follow-connection.ts';
import type { FollowHooks } from './follow-connection.ts';

const io = vi.hoisted(() => vi.fn());
vi.mock('socket.io-client', async () => {
  const { fakeIo } = await import('../lib/live/fake-socket.ts');
  io.mockImplementation(() => fakeIo());
  return { io };
});

const TOKEN = 'a'.repeat(43);

const state = (version: number): FollowState => ({
  setlistName: 'Sunday',
  version,
  now: { kind: 'waiting' },
  ccliLicence: null,
  screenLanguages: [],
  message: null,
});

function answer(status: number, body: unknown = {}) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

function start(fetched: Response | Promise<Response> = answer(200, state(1))) {
  const fetch = vi.fn(async () => fetched);
  vi.stubGlobal('fetch', fetch);
  const hooks = {
    state: vi.fn<FollowHooks['state']>(),
    announce: vi.fn<FollowHooks['announce']>(),
    ended: vi.fn<FollowHooks['ended']>(),
    status: vi.fn<FollowHooks['status']>(),
  } satisfies FollowHooks;
  const connection = new FollowConnection(TOKEN, hooks);
  connection.start();
  return { connection, hooks, fetch, socket: lastSocket() };
}

describe('followToken', () => {
  it('reads the token of a follow address', () => {
    expect(followToken(`/follow/${TOKEN}`)).toBe(TOKEN);
    expect(followToken(`/follow/${TOKEN}/`)).toBe(TOKEN);
    expect(followToken('/follow/Ab-_9')).toBe('Ab-_9');
  });

  it('finds none where an address cannot hold one', () => {
    for (const path of [
      '/follow/',
      '/follow',
      '/follow/a/b',
      '/follow/a%2Fb',
      '/follow/%E0%A4%A',
      '/x/abc',
    ]) {
      expect(followToken(path), path).toBeNull();
    }
  });
});

describe('jittered', () => {
  it('spreads a delay over half to one and a half times', () => {
    expect(jittered(1000, () => 0)).toBe(500);
    expect(jittered(1000, () => 0.999)).toBe(1499);
  });
});

describe('FollowConnection', () => {
  beforeEach(() => {
    io.mockClear();
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('fetches the state and opens a listen-only socket, neither with a cookie', async () => {
    const { hooks, fetch } = start();
    expect(fetch).toHaveBeenCalledWith(
      `/api/follow/${TOKEN}`,
      expect.objectContaining({ credentials: 'omit' }),
    );
    await vi.waitFor(() => expect(hooks.state).toHaveBeenCalledWith(state(1), false));
    expect(io).toHaveBeenCalledWith(
      expect.objectContaining({
        path: FOLLOW_SOCKET_PATH,
        auth: { token: TOKEN },
        withCredentials: false,
        // Both transports: long-polling where a network blocks WebSockets.
        transports: ['websocket', 'polling'],
        // A room comes back over seconds after a Wi-Fi blip, not all at once.
        randomizationFactor: 0.5,
        reconnectionDelay: 1000,
        reconnectionDelayMax: 5000,
      }),
    );
  });

  it('lands on the first state of every connection', () => {
    const { hooks, socket } = start();
    socket.accept();
    socket.fire('follow:state', state(2));
    socket.fire('follow:state', state(3));
    socket.drop();
    expect(hooks.status).toHaveBeenLastCalledWith('reconnecting');
    socket.accept();
    socket.fire('follow:state', state(3));
    expect(hooks.state.mock.calls.filter(([, landing]) => landing).map(([s]) => s.version)).toEqual(
      [2, 3],
    );
    expect(hooks.status).toHaveBeenCalledWith('connected');
  });

  it('passes on-screen messages with their remaining time', () => {
    const { hooks, socket } = start();
    socket.fire('follow:announce', {
      text: 'Please stand',
      at: '2026-01-01T10:00:00Z',
      remainingMs: 8000,
    });
    socket.fire('follow:announce', {
      text: 'Welcome',
      at: '2026-01-01T10:00:10Z',
      remainingMs: null,
    });
    expect(hooks.announce.mock.calls).toEqual([
      ['Please stand', 8000, '2026-01-01T10:00:00Z'],
      ['Welcome', null, '2026-01-01T10:00:10Z'],
    ]);
  });

  it.each([
    ['the fetch answers 404', (s: ReturnType<typeof start>) => void s],
    [
      'the server says the link ended',
      (s: ReturnType<typeof start>) => s.socket.fire('follow:ended'),
    ],
    [
      'the handshake is refused because the link ended',
      (s: ReturnType<typeof start>) => {
        s.socket.active = false;
        s.socket.fire('connect_error', new Error(FOLLOW_TEXTS.ended));
      },
    ],
  ])('ends and closes the socket when %s', async (_case, act) => {
    const started = start(_case.includes('404') ? answer(404, { message: 'gone' }) : undefined);
    act(started);
    await vi.waitFor(() => expect(started.hooks.ended).toHaveBeenCalledTimes(1));
    expect(started.socket.active).toBe(false);
    expect(started.socket.count('follow:state')).toBe(0);
    // Nothing brings it back.
    await vi.advanceTimersByTimeAsync(10 * REFUSED_RETRY_MS);
    expect(started.socket.connects).toBe(0);
  });

  it('says why a full room refused it, and tries again a minute or so later', async () => {
    const { hooks, socket } = start();
    socket.active = false; // socket.io does not retry a refusal by the server
    socket.fire('connect_error', new Error(FOLLOW_TEXTS.roomFull));
    expect(hooks.status).toHaveBeenLastCalledWith('refused', FOLLOW_TEXTS.roomFull);
    await vi.advanceTimersByTimeAsync(REFUSED_RETRY_MS / 2 - 1);
    expect(socket.connects).toBe(0);
    await vi.advanceTimersByTimeAsync(REFUSED_RETRY_MS);
    expect(socket.connects).toBe(1);
    expect(hooks.ended).not.toHaveBeenCalled();
  });

  it("leaves a network error's retries to socket.io", async () => {
    const { hooks, socket } = start();
    socket.fire('connect_error', new Error('websocket error'));
    expect(hooks.status).toHaveBeenLastCalledWith('reconnecting');
    await vi.advanceTimersByTimeAsync(10 * REFUSED_RETRY_MS);
    expect(socket.connects).toBe(0);
  });

  it('connects again, a few seconds later, when the server closed the socket', async () => {
    const { socket } = start();
    socket.accept();
    socket.active = false;
    socket.drop('io server disconnect');
    await vi.advanceTimersByTimeAsync(1499);
    expect(socket.connects).toBe(0);
    await vi.advanceTimersByTimeAsync(3100);
    expect(socket.connects).toBe(1);
  });

  it('hears nothing more once stopped', async () => {
    const { connection, hooks, socket } = start(new Promise(() => {}));
    connection.stop();
    expect(socket.active).toBe(false);
    socket.fire('follow:state', state(9));
    expect(hooks.state).not.toHaveBeenCalled();
  });
});
