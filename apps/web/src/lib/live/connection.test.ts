import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIVE_TEXTS } from '@segue/shared';
import type { ClickState, LiveState } from '@segue/shared';
import {
  CLOCK_PING_TIMEOUT_MS,
  LiveConnection,
  OFFLINE_RETRY_MS,
  PROBE_TIMEOUT_MS,
} from './connection.ts';
import type { LiveConnectionHooks, LiveConnectionStatus } from './connection.ts';
import { fakeBrowser, lastSocket } from './fake-socket.ts';
import { ACK_TIMEOUT_MS, RETRY_DELAY_MS } from './queue.ts';
import type { CommandEmitter } from './queue.ts';

const api = vi.hoisted(() => ({ restoreSessionToken: vi.fn<() => Promise<string | null>>() }));
vi.mock('../api-client.ts', () => ({ restoreSessionToken: api.restoreSessionToken }));
vi.mock('socket.io-client', async () => ({ io: (await import('./fake-socket.ts')).fakeIo }));

const id = 'setlist-1';
const state = (version: number): LiveState => ({
  setlistId: id,
  currentIndex: 1,
  currentPartLabel: 'Chorus',
  currentPartPosition: 1,
  version,
  driver: null,
  startedAt: null,
  currentItem: null,
});

let browser = fakeBrowser();

function stubBrowser(onLine = true) {
  browser = fakeBrowser(onLine);
  vi.stubGlobal('window', browser.window);
  vi.stubGlobal('document', browser.document);
  vi.stubGlobal('navigator', browser.navigator);
}

/** A started connection, its socket, and every status it showed. */
function start() {
  const statuses: LiveConnectionStatus[] = [];
  const opened: CommandEmitter[] = [];
  const hooks = {
    opened: vi.fn((commands: CommandEmitter) => void opened.push(commands)),
    statusChanged: vi.fn(() => void statuses.push(connection.status)),
    joined: vi.fn<LiveConnectionHooks['joined']>(),
    dropped: vi.fn<LiveConnectionHooks['dropped']>(),
    state: vi.fn<LiveConnectionHooks['state']>(),
    currentChanged: vi.fn<LiveConnectionHooks['currentChanged']>(),
    partChanged: vi.fn<LiveConnectionHooks['partChanged']>(),
    keyChanged: vi.fn<LiveConnectionHooks['keyChanged']>(),
    announcement: vi.fn<LiveConnectionHooks['announcement']>(),
    screenChanged: vi.fn<LiveConnectionHooks['screenChanged']>(),
    followers: vi.fn<LiveConnectionHooks['followers']>(),
    clickChanged: vi.fn<LiveConnectionHooks['clickChanged']>(),
  } satisfies LiveConnectionHooks;
  const connection = new LiveConnection(id, hooks);
  connection.start();
  return { connection, hooks, statuses, opened, socket: lastSocket() };
}

/** Started, connected and joined. */
function joined() {
  const started = start();
  started.socket.accept();
  started.socket.last('setlist:join').answer({ ok: true, state: state(1) });
  return started;
}

const joins = (socket: { emitted: { event: string }[] }) =>
  socket.emitted.filter((emitted) => emitted.event === 'setlist:join').length;

beforeEach(() => {
  vi.useFakeTimers();
  stubBrowser();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  api.restoreSessionToken.mockResolvedValue('fresh');
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  api.restoreSessionToken.mockReset();
});

describe('LiveConnection status', () => {
  it('is connecting, connected, reconnecting while socket.io retries, then offline', () => {
    const { connection, hooks, statuses, socket } = start();
    expect(connection.status).toBe('connecting');
    socket.accept();
    expect(socket.last('setlist:join').payload).toBe(id);
    socket.drop();
    expect(hooks.dropped).toHaveBeenCalledTimes(1);
    socket.io.fire('reconnect_failed');
    expect(statuses).toEqual(['connecting', 'connected', 'reconnecting', 'offline']);
  });

  it('is offline at once when the server closes the connection, and waits for a Reconnect', () => {
    const { connection, socket } = joined();
    socket.active = false;
    socket.drop('io server disconnect');
    expect(connection.status).toBe('offline');

    vi.advanceTimersByTime(OFFLINE_RETRY_MS * 3);
    expect(socket.connects).toBe(0);
    connection.reconnectNow();
    expect(socket.connects).toBe(1);
    expect(connection.status).toBe('reconnecting');
  });

  it('tries once more on its own after the attempts ran out, only while still offline', () => {
    const { connection, socket } = joined();
    socket.drop();
    socket.io.fire('reconnect_failed');
    vi.advanceTimersByTime(OFFLINE_RETRY_MS - 1);
    expect(socket.connects).toBe(0);
    vi.advanceTimersByTime(1);
    expect(socket.connects).toBe(1);
    expect(connection.status).toBe('reconnecting');

    // Gave up again, but someone pressed Reconnect and it worked before the quiet try.
    socket.io.fire('reconnect_failed');
    connection.reconnectNow();
    socket.accept();
    socket.last('setlist:join').answer({ ok: true, state: state(2) });
    const joinsBefore = joins(socket);
    vi.advanceTimersByTime(OFFLINE_RETRY_MS);
    expect(socket.connects).toBe(2);
    expect(joins(socket)).toBe(joinsBefore);
    expect(connection.status).toBe('connected');
  });

  it('shows reconnecting while the browser says the network is gone, from the start too', () => {
    const { connection, socket } = joined();
    browser.window.dispatchEvent(new Event('offline'));
    expect(connection.status).toBe('reconnecting');
    browser.window.dispatchEvent(new Event('online'));
    expect(connection.status).toBe('connected');

    stubBrowser(false);
    const second = start();
    second.socket.accept();
    expect(second.connection.status).toBe('reconnecting');
    expect(socket).not.toBe(second.socket);
  });
});

describe('LiveConnection checks and retries', () => {
  it('checks a connection when the network returns, and reconnects if it does not answer', () => {
    const { socket } = joined();
    browser.window.dispatchEvent(new Event('online'));
    expect(joins(socket)).toBe(2);
    vi.advanceTimersByTime(PROBE_TIMEOUT_MS - 1);
    expect(socket.io.engine.closed).toBe(0);
    vi.advanceTimersByTime(1);
    expect(socket.io.engine.closed).toBe(1);
  });

  it('takes the state a check of a returning screen brings, and keeps the connection', () => {
    const { hooks, socket } = joined();
    browser.document.dispatchEvent(new Event('visibilitychange'));
    expect(joins(socket)).toBe(2);
    socket.last('setlist:join').answer({ ok: true, state: state(7) });
    expect(hooks.state).toHaveBeenCalledWith(state(7));
    vi.advanceTimersByTime(PROBE_TIMEOUT_MS * 2);
    expect(socket.io.engine.closed).toBe(0);
    // A check is not a join of a new connection.
    expect(hooks.joined).toHaveBeenCalledTimes(1);
  });

  it('renews an expired token once per connection, then shows offline', async () => {
    const { connection, socket } = start();
    socket.active = false;
    socket.fire('connect_error', new Error(LIVE_TEXTS.unauthorized));
    expect(connection.status).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(0);
    expect(api.restoreSessionToken).toHaveBeenCalledTimes(1);
    expect(socket.connects).toBe(1);

    socket.active = false;
    socket.fire('connect_error', new Error(LIVE_TEXTS.unauthorized));
    expect(connection.status).toBe('offline');
    expect(api.restoreSessionToken).toHaveBeenCalledTimes(1);

    // A connection that succeeded may renew again later.
    socket.accept();
    socket.drop();
    socket.active = false;
    api.restoreSessionToken.mockResolvedValue(null);
    socket.fire('connect_error', new Error(LIVE_TEXTS.unauthorized));
    await vi.advanceTimersByTimeAsync(0);
    expect(api.restoreSessionToken).toHaveBeenCalledTimes(2);
    expect(connection.status).toBe('offline');
    expect(socket.connects).toBe(1);
  });

  it('joins again after a refusal for the rate or no answer, not after other refusals', () => {
    const { hooks, socket } = start();
    socket.accept();
    socket.last('setlist:join').answer({ ok: false, error: LIVE_TEXTS.slowDown });
    vi.advanceTimersByTime(RETRY_DELAY_MS - 1);
    expect(joins(socket)).toBe(1);
    vi.advanceTimersByTime(1);
    expect(joins(socket)).toBe(2);

    vi.advanceTimersByTime(ACK_TIMEOUT_MS + RETRY_DELAY_MS);
    expect(joins(socket)).toBe(3);
    socket.last('setlist:join').answer({ ok: false, error: LIVE_TEXTS.notFound });
    vi.advanceTimersByTime(ACK_TIMEOUT_MS * 2);
    expect(joins(socket)).toBe(3);
    expect(hooks.joined).not.toHaveBeenCalled();
  });

  it('leaves a join lost with the connection to the next connect', () => {
    const { hooks, socket } = start();
    socket.accept();
    const lost = socket.last('setlist:join');
    socket.drop();
    expect(vi.getTimerCount()).toBe(0);
    lost.answer({ ok: true, state: state(2) });
    vi.advanceTimersByTime(ACK_TIMEOUT_MS * 2);
    expect(joins(socket)).toBe(1);
    socket.accept();
    socket.last('setlist:join').answer({ ok: true, state: state(3) });
    expect(hooks.joined.mock.calls).toEqual([[state(3)]]);
  });

  it('stops for good: late answers, browser events and the quiet retry are ignored', () => {
    const { connection, hooks, socket } = start();
    socket.accept();
    const join = socket.last('setlist:join');
    const removed = vi.spyOn(browser.window, 'removeEventListener');
    const removedFromDocument = vi.spyOn(browser.document, 'removeEventListener');
    connection.stop();
    expect(removed.mock.calls.map(([event]) => event).sort()).toEqual(['offline', 'online']);
    expect(removedFromDocument.mock.calls.map(([event]) => event)).toEqual(['visibilitychange']);
    expect(socket.active).toBe(false);
    expect(socket.count('disconnect')).toBe(0);
    join.answer({ ok: true, state: state(1) });
    browser.window.dispatchEvent(new Event('online'));
    expect(hooks.joined).not.toHaveBeenCalled();
    expect(joins(socket)).toBe(1);

    // Safe to start again: a new socket, which gives up and is stopped before the quiet retry.
    connection.start();
    const second = lastSocket();
    expect(second).not.toBe(socket);
    second.accept();
    second.drop();
    second.io.fire('reconnect_failed');
    connection.stop();
    vi.advanceTimersByTime(OFFLINE_RETRY_MS * 2);
    expect(second.connects).toBe(0);
  });
});

describe('LiveConnection events', () => {
  it("forwards the server's events", () => {
    const { hooks, socket } = joined();
    const meta = { setlistId: id, version: 4 };
    socket.fire('setlist:state', state(4));
    socket.fire('setlist:currentChanged', 2, meta);
    socket.fire('setlist:partChanged', 'Bridge', meta);
    const announcementMeta = { setlistId: id, from: 'Ada', at: '2025-01-01T10:00:00Z' };
    socket.fire('setlist:announceBroadcast', 'Slower', announcementMeta);
    expect(hooks.state).toHaveBeenCalledWith(state(4));
    expect(hooks.currentChanged).toHaveBeenCalledWith(2, meta);
    expect(hooks.partChanged).toHaveBeenCalledWith('Bridge', meta);
    expect(hooks.announcement).toHaveBeenCalledWith('Slower', announcementMeta);
  });

  it('hands the queue each command as its event for this setlist', () => {
    const { opened, socket } = joined();
    const [commands] = opened;
    if (!commands) throw new Error('no emitter');
    const ack = vi.fn();
    commands.emit({ event: 'setlist:updateCurrent', newIndex: 2, item: 1 }, ack);
    commands.emit({ event: 'setlist:updateCurrent', newIndex: 2 }, ack);
    commands.emit({ event: 'setlist:updatePart', label: 'Bridge' }, ack);
    commands.emit({ event: 'setlist:announce', message: 'Slower' }, ack);
    expect(socket.emitted.slice(-4).map(({ event, payload }) => ({ event, payload }))).toEqual([
      { event: 'setlist:updateCurrent', payload: { setlistId: id, newIndex: 2, item: 1 } },
      { event: 'setlist:updateCurrent', payload: { setlistId: id, newIndex: 2 } },
      { event: 'setlist:updatePart', payload: { setlistId: id, partIndex: 'Bridge' } },
      { event: 'setlist:announce', payload: { setlistId: id, message: 'Slower' } },
    ]);
    socket.last('setlist:announce').answer({ ok: true });
    expect(ack).toHaveBeenCalledWith({ ok: true });

    const dropped = vi.fn();
    const stopListening = commands.onDisconnect(dropped);
    expect(commands.connected).toBe(true);
    socket.drop();
    expect(commands.connected).toBe(false);
    expect(dropped).toHaveBeenCalledTimes(1);
    stopListening();
    socket.accept();
    socket.drop();
    expect(dropped).toHaveBeenCalledTimes(1);
  });
});

describe('LiveConnection and the click', () => {
  const running: ClickState = {
    running: true,
    bpm: 72,
    beatsPerBar: 4,
    beatUnit: 4,
    pulse: 'beat',
    downbeatAt: 1_000_000,
    countInBars: 1,
    previous: null,
    version: 2,
  };

  it("answers a clock ping with the server's clock, and fails one it cannot measure", async () => {
    const { connection, socket } = start();
    // Not connected: at once, not when the ping would have been held until the next connection.
    await expect(connection.ping()).rejects.toThrow();
    expect(socket.awaited).toEqual([]);
    socket.accept();

    const answered = connection.ping();
    socket.lastAwaited('clock:ping').answer({ ok: true, serverAt: 1234.5 });
    await expect(answered).resolves.toEqual({ serverAt: 1234.5 });

    const refused = connection.ping();
    socket.lastAwaited('clock:ping').answer({ ok: false, error: LIVE_TEXTS.slowDown });
    await expect(refused).rejects.toThrow(LIVE_TEXTS.slowDown);

    const unanswered = connection.ping();
    const caught = unanswered.catch((error: unknown) => error);
    vi.advanceTimersByTime(CLOCK_PING_TIMEOUT_MS);
    expect(await caught).toBeInstanceOf(Error);
  });

  it("sends a driver's click for its setlist and answers the server's answer, or null unsent", async () => {
    const { connection, socket } = start();
    await expect(connection.click({ action: 'stop' })).resolves.toBeNull();
    socket.accept();

    const started = connection.click({ action: 'start', countInBars: 1, bpm: 72 });
    const sent = socket.lastAwaited('setlist:click');
    expect(sent.payload).toEqual({ setlistId: id, action: 'start', countInBars: 1, bpm: 72 });
    sent.answer({ ok: true, click: running });
    await expect(started).resolves.toEqual({ ok: true, click: running });

    const refused = connection.click({ action: 'tempo', bpm: 90 });
    socket.lastAwaited('setlist:click').answer({ ok: false, error: LIVE_TEXTS.clickNotRunning });
    await expect(refused).resolves.toEqual({ ok: false, error: LIVE_TEXTS.clickNotRunning });

    const unanswered = connection.click({ action: 'stop' });
    vi.advanceTimersByTime(ACK_TIMEOUT_MS);
    await expect(unanswered).resolves.toBeNull();
  });

  it("passes the room's click changes on", () => {
    const { hooks, socket } = joined();
    const meta = { setlistId: id, version: 2 };
    socket.fire('setlist:clickChanged', running, meta);
    expect(hooks.clickChanged).toHaveBeenCalledWith(running, meta);
  });
});
