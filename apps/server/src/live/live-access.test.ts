import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import {
  LIVE_TEXTS,
  type ClientToServerEvents,
  type LiveState,
  type ServerToClientEvents,
} from '@segue/shared';
import { backends } from '../../test/databases.ts';
import {
  createAccount,
  createSession,
  createTeamWithSetlist,
  type FactoryAccount,
} from '../../test/factories.ts';
import { bearer, startTestApp, type TestApp } from '../../test/harness.ts';
import { askLive } from '../../test/live-client.ts';
import { LIVE_ACCOUNT_RATE, LIVE_SOCKETS_PER_ACCOUNT } from './socket-slots.ts';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
type Ack = { ok: boolean; state?: LiveState; error?: string };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Who may hear a team's live room, and how soon that ends. The periodic re-check is
 * switched off here (an hour): only the change feed can close the door in time.
 */
describe.each(backends)('live channel access on %s', (backend) => {
  let t: TestApp;
  let url: string;
  let port: number;
  const sockets: Client[] = [];
  let owner: FactoryAccount;
  let teamId: string;
  let setlistId: string;

  const open = (token: string, extra: { origin?: string } = {}): Client => {
    const socket: Client = connect(url, {
      transports: ['websocket'],
      auth: { token },
      reconnection: false,
      forceNew: true,
      extraHeaders: extra.origin ? { origin: extra.origin } : {},
    });
    sockets.push(socket);
    return socket;
  };
  const connected = (socket: Client) =>
    new Promise<void>((resolve, reject) => {
      if (socket.connected) return resolve();
      socket.once('connect', () => resolve());
      socket.once('connect_error', (error) => reject(error));
    });
  const ask = askLive;
  const disconnectedWithin = (socket: Client, ms: number) =>
    new Promise<number>((resolve, reject) => {
      const started = Date.now();
      if (!socket.connected) return resolve(0);
      const timer = setTimeout(() => reject(new Error(`still connected after ${ms} ms`)), ms);
      socket.once('disconnect', () => {
        clearTimeout(timer);
        resolve(Date.now() - started);
      });
    });

  /** A verified member of the team, with a fresh login token of their own. */
  const member = async (name: string) => {
    const person = await createAccount(t, { name });
    const added = await t.app.inject({
      method: 'POST',
      url: `/api/teams/${teamId}/add`,
      headers: bearer(owner.jwt),
      payload: { email: person.person.email },
    });
    expect(added.statusCode).toBeLessThan(300);
    return person;
  };

  beforeAll(async () => {
    t = await startTestApp(backend, { liveRecheckMs: 3_600_000 });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
    url = `http://127.0.0.1:${port}`;
    owner = await createAccount(t, { name: 'Owner Access' });
    ({ teamId, setlistId } = await createTeamWithSetlist(t, owner, 'Access Team', ['A', 'B', 'C']));
  });

  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await t?.close();
  });

  it('an outsider joining over and over never hears a step', async () => {
    // Several outsiders, so their joins stay within each account's event budget.
    const outsiders = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => createAccount(t, { name: `Outsider ${n}` })),
    );
    const lead = open(owner.jwt);
    await connected(lead);
    expect((await ask(lead, 'setlist:join', setlistId)).ok).toBe(true);
    const spies = Array.from({ length: 20 }, (_, i) => open(outsiders[i % 5]!.jwt));
    await Promise.all(spies.map(connected));
    const overheard: string[] = [];
    for (const spy of spies) spy.onAny((event: string) => overheard.push(event));

    let stepping = true;
    const steps = (async () => {
      for (let i = 0; stepping; i++) {
        await ask(lead, 'setlist:updatePart', { setlistId, partIndex: ['A', 'B', 'C'][i % 3] });
      }
    })();
    const refusals = await Promise.all(
      spies.map(async (spy) => {
        const answers: Ack[] = [];
        for (let i = 0; i < 12; i++) answers.push(await ask(spy, 'setlist:join', setlistId));
        return answers;
      }),
    );
    stepping = false;
    await steps;
    await sleep(100);
    for (const answer of refusals.flat()) {
      expect(answer).toEqual({ ok: false, error: LIVE_TEXTS.notFound });
    }
    expect(overheard).toEqual([]);
  });

  it('logging out disconnects that session’s sockets within a second', async () => {
    const person = await member('Logout Access');
    const socket = open(person.jwt);
    await connected(socket);
    expect((await ask(socket, 'setlist:join', setlistId)).ok).toBe(true);
    const gone = disconnectedWithin(socket, 1_000);
    const out = await t.app.inject({
      method: 'DELETE',
      url: '/api/account/sessions/current',
      headers: bearer(person.jwt),
    });
    expect(out.statusCode).toBeLessThan(300);
    await gone;
  });

  it('"sign out other sessions" disconnects the others’ sockets within a second', async () => {
    const person = await member('Others Access');
    // A second session, as a login on another device makes it.
    const second = (await createSession(t, person.userId)).token;
    const stays = open(person.jwt);
    const other = open(second);
    await Promise.all([connected(stays), connected(other)]);
    const gone = disconnectedWithin(other, 1_000);
    const out = await t.app.inject({
      method: 'DELETE',
      url: '/api/account/sessions',
      headers: bearer(person.jwt),
    });
    expect(out.statusCode).toBeLessThan(300);
    await gone;
    await sleep(100);
    expect(stays.connected).toBe(true);
  });

  it('a member removed from the team leaves the room within a second', async () => {
    const person = await member('Removed Access');
    const lead = open(owner.jwt);
    const socket = open(person.jwt);
    await Promise.all([connected(lead), connected(socket)]);
    await ask(lead, 'setlist:join', setlistId);
    expect((await ask(socket, 'setlist:join', setlistId)).ok).toBe(true);
    const told = new Promise<string>((resolve) =>
      socket.once('live:error', (e: { message: string }) => resolve(e.message)),
    );
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/teams/${teamId}/member`,
      headers: bearer(owner.jwt),
      payload: { userId: person.userId },
    });
    expect(removed.statusCode).toBeLessThan(300);
    const started = Date.now();
    expect(await told).toBe(LIVE_TEXTS.notAllowed);
    expect(Date.now() - started).toBeLessThan(1_000);
    let leaked = false;
    socket.onAny((event: string) => {
      if (event.startsWith('setlist:')) leaked = true;
    });
    await ask(lead, 'setlist:updatePart', { setlistId, partIndex: 'B' });
    expect(await ask(socket, 'setlist:updatePart', { setlistId, partIndex: 'C' })).toEqual({
      ok: false,
      error: LIVE_TEXTS.notJoined,
    });
    await sleep(150);
    expect(leaked).toBe(false);
  });

  it('limits events per account, not only per socket', async () => {
    const person = await member('Flood Access');
    const many = Array.from({ length: 40 }, () => open(person.jwt));
    const outcomes = await Promise.allSettled(many.map(connected));
    const open_ = many.filter((_, i) => outcomes[i]!.status === 'fulfilled');
    expect(open_.length).toBe(LIVE_SOCKETS_PER_ACCOUNT);
    for (const socket of open_) await ask(socket, 'setlist:join', setlistId);
    const started = Date.now();
    const answers = (
      await Promise.all(
        open_.map((socket) =>
          Promise.all(
            Array.from({ length: 30 }, (_, i) =>
              ask(socket, 'setlist:updatePart', { setlistId, partIndex: ['A', 'B'][i % 2] }),
            ),
          ),
        ),
      )
    ).flat();
    const seconds = (Date.now() - started) / 1000;
    const accepted = answers.filter((a) => a.ok).length;
    // The joins spent some of the budget too; what passed is within the account's budget.
    expect(accepted).toBeLessThanOrEqual(
      LIVE_ACCOUNT_RATE.burst + Math.ceil(LIVE_ACCOUNT_RATE.perSecond * (seconds + 1)),
    );
    expect(answers.filter((a) => a.error === LIVE_TEXTS.slowDown).length).toBeGreaterThan(400);
    for (const socket of open_) socket.disconnect();
  });

  it('a NUL character in an id or a label is refused as invalid, not logged as our failure', async () => {
    const lead = open(owner.jwt);
    await connected(lead);
    expect(await ask(lead, 'setlist:join', 'a\u0000b')).toEqual({
      ok: false,
      error: LIVE_TEXTS.invalid,
    });
    expect((await ask(lead, 'setlist:join', setlistId)).ok).toBe(true);
    expect(await ask(lead, 'setlist:updatePart', { setlistId, partIndex: 'A\u0000' })).toEqual({
      ok: false,
      error: LIVE_TEXTS.invalid,
    });
  });

  it('refuses a foreign origin even when its host matches the Host header', async () => {
    const person = await member('Origin Access');
    // What DNS rebinding looks like: another site's origin, sent to this server's address.
    const rebound = open(person.jwt, { origin: `http://127.0.0.1:${port}` });
    await expect(connected(rebound)).rejects.toThrow();
    // Segue's own origin (APP_URL unset: http://localhost:3000 in these tests) is fine.
    const own = open(person.jwt, { origin: 'http://localhost:3000' });
    await connected(own);
  });
});
