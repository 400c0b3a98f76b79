import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIVE_LIMITS } from '@segue/shared';
import {
  fakeBrowser,
  lastSocket,
  liveState as state,
  SETLIST_ID as id,
} from './live/fake-socket.ts';
import { LiveSession } from './live-socket.ts';
import type { LiveSetlistFacts } from './live-socket.ts';

vi.mock('./api-client.ts', () => ({ restoreSessionToken: vi.fn() }));
vi.mock('socket.io-client', async () => ({ io: (await import('./live/fake-socket.ts')).fakeIo }));

const facts: LiveSetlistFacts = {
  songCount: 3,
  firstPartLabel: (index) => ['Verse', 'Intro', 'Outro'][index] ?? null,
  loadedIndex: 1,
  // A welcome before the first song, a sermon after the second, a blessing after the last.
  items: [{ at: 0 }, { at: 2 }, { at: 3 }],
};

function started() {
  const session = new LiveSession(id, () => facts);
  session.start();
  return { session, socket: lastSocket() };
}

const sent = (socket: ReturnType<typeof lastSocket>) =>
  socket.emitted.map(({ event, payload }) => ({ event, payload }));

beforeEach(() => {
  vi.useFakeTimers();
  const browser = fakeBrowser();
  vi.stubGlobal('window', browser.window);
  vi.stubGlobal('document', browser.document);
  vi.stubGlobal('navigator', browser.navigator);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('LiveSession', () => {
  it('shows a move at once, sends it once joined, and shows the server again once answered', () => {
    const { session, socket } = started();
    session.goToSong(7);
    expect(session.getSnapshot()).toMatchObject({
      status: 'connecting',
      confirmed: null,
      position: { currentIndex: 2, currentPartLabel: 'Outro' },
    });
    expect(socket.emitted).toHaveLength(0);

    socket.accept();
    socket.last('setlist:join').answer({ ok: true, state: state(4) });
    expect(session.getSnapshot()).toMatchObject({ status: 'connected', joins: 1 });
    expect(session.getSnapshot().position).toEqual({
      currentIndex: 2,
      currentPartLabel: 'Outro',
      currentPartPosition: 0,
      currentItem: null,
    });
    expect(socket.last('setlist:updateCurrent').payload).toEqual({ setlistId: id, newIndex: 2 });

    socket.last('setlist:updateCurrent').answer({ ok: true, state: state(5, 2, 'Outro') });
    expect(session.getSnapshot().position).toEqual(state(5, 2, 'Outro'));
  });

  it('sends what was lost or made while offline after the re-join, in order, once each', () => {
    const { session, socket } = started();
    socket.accept();
    socket.last('setlist:join').answer({ ok: true, state: state(4) });
    session.goToPart('Chorus');
    socket.drop();
    expect(session.getSnapshot().status).toBe('reconnecting');
    session.announce('  Slower  ');
    session.goToPart('Bridge');
    expect(session.getSnapshot().position).toEqual({
      currentIndex: 0,
      currentPartLabel: 'Bridge',
      currentPartPosition: null,
      currentItem: null,
    });

    socket.accept();
    expect(sent(socket).filter(({ event }) => event !== 'setlist:join')).toHaveLength(1);
    socket.last('setlist:join').answer({ ok: true, state: state(4) });
    expect(session.getSnapshot().joins).toBe(2);
    for (let i = 0; i < 3; i += 1) {
      socket.emitted.at(-1)?.answer({ ok: true, state: state(5 + i) });
    }
    expect(sent(socket).filter(({ event }) => event !== 'setlist:join')).toEqual([
      { event: 'setlist:updatePart', payload: { setlistId: id, partIndex: 'Chorus' } },
      { event: 'setlist:updatePart', payload: { setlistId: id, partIndex: 'Chorus' } },
      { event: 'setlist:announce', payload: { setlistId: id, message: 'Slower' } },
      { event: 'setlist:updatePart', payload: { setlistId: id, partIndex: 'Bridge' } },
    ]);
    expect(session.getSnapshot().position).toEqual(state(7));
  });

  it("reads the setlist for the server's song and part changes", () => {
    const { session, socket } = started();
    socket.fire('setlist:partChanged', 'Bridge', { setlistId: id, version: 2, partPosition: 0 });
    expect(session.getSnapshot().position).toEqual(state(2, facts.loadedIndex, 'Bridge'));
    socket.fire('setlist:currentChanged', 9, { setlistId: id, version: 3 });
    expect(session.getSnapshot().position).toEqual(state(3, 9, 'Outro'));
    socket.fire('setlist:currentChanged', 1, { setlistId: id, version: 4 });
    expect(session.getSnapshot().position).toEqual(state(4, 1, 'Intro'));
  });

  it('sends a part by label and place, and Previous Part across songs with both', () => {
    const { session, socket } = started();
    socket.accept();
    socket.last('setlist:join').answer({ ok: true, state: state(1) });
    session.goToPart('Chorus', 3);
    expect(session.getSnapshot().position).toMatchObject({
      currentPartLabel: 'Chorus',
      currentPartPosition: 3,
    });
    expect(socket.last('setlist:updatePart').payload).toEqual({
      setlistId: id,
      partIndex: 'Chorus',
      position: 3,
    });
    socket.last('setlist:updatePart').answer({ ok: true, state: state(2, 0, 'Chorus') });
    session.goToSong(0, { label: 'Chorus', position: 3 });
    expect(socket.last('setlist:updateCurrent').payload).toEqual({
      setlistId: id,
      newIndex: 0,
      partLabel: 'Chorus',
      partPosition: 3,
    });
  });

  it('goes to an item on the song after it with no part, and a song or part step leaves it', () => {
    const { session, socket } = started();
    socket.accept();
    socket.last('setlist:join').answer({ ok: true, state: state(1) });

    session.goToItem(1);
    const onItem = { currentIndex: 2, currentPartLabel: null, currentPartPosition: null };
    expect(session.getSnapshot().position).toEqual({ ...onItem, currentItem: 1 });
    expect(socket.last('setlist:updateCurrent').payload).toEqual({
      setlistId: id,
      newIndex: 2,
      item: 1,
    });
    socket.last('setlist:updateCurrent').answer({ ok: true, state: state(2, 2, null, 1) });
    expect(session.getSnapshot().position).toEqual(state(2, 2, null, 1));

    // An item after the last song: the last song; an item the setlist does not have: nothing.
    session.goToItem(2);
    expect(socket.last('setlist:updateCurrent').payload).toMatchObject({ newIndex: 2, item: 2 });
    socket.last('setlist:updateCurrent').answer({ ok: true, state: state(3, 2, null, 2) });
    session.goToItem(3);
    expect(socket.emitted.filter(({ event }) => event === 'setlist:updateCurrent')).toHaveLength(2);

    session.goToSong(2);
    expect(session.getSnapshot().position).toMatchObject({ currentIndex: 2, currentItem: null });
    expect(socket.last('setlist:updateCurrent').payload).toEqual({ setlistId: id, newIndex: 2 });
    socket.last('setlist:updateCurrent').answer({ ok: true, state: state(4, 2, 'Outro') });
    session.goToItem(0);
    session.goToPart('Bridge', 1);
    expect(session.getSnapshot().position).toMatchObject({
      currentPartLabel: 'Bridge',
      currentItem: null,
    });
  });

  it('hears the server step onto an item and off it; an event without one is on a song', () => {
    const { session, socket } = started();
    socket.fire('setlist:currentChanged', 2, { setlistId: id, version: 2, item: 1 });
    socket.fire('setlist:partChanged', null, {
      setlistId: id,
      version: 2,
      currentIndex: 2,
      partPosition: null,
      item: 1,
    });
    expect(session.getSnapshot().position).toEqual(state(2, 2, null, 1));
    socket.fire('setlist:partChanged', 'Outro', {
      setlistId: id,
      version: 3,
      currentIndex: 2,
      partPosition: 0,
    });
    expect(session.getSnapshot().position).toEqual(state(3, 2, 'Outro'));
  });

  it("sets an entry's key for the band: shown at once, sent, then kept as the server says", () => {
    const { session, socket } = started();
    socket.accept();
    socket
      .last('setlist:join')
      .answer({ ok: true, state: { ...state(1), keys: ['G', null, 'D'] } });
    expect(session.getSnapshot().keys.get(0)).toEqual({ key: 'G' });

    session.setKey(0, 'A');
    expect(session.getSnapshot().keys.get(0)).toEqual({ key: 'A' });
    expect(socket.last('setlist:setKey').payload).toEqual({ setlistId: id, index: 0, key: 'A' });
    socket
      .last('setlist:setKey')
      .answer({ ok: true, state: { ...state(2), keys: ['A', null, 'D'] } });
    expect(session.getSnapshot().keys.get(0)).toEqual({ key: 'A' });

    // Another leader's change of the same entry, then a late event of an older version.
    socket.fire('setlist:keyChanged', 0, 'B', { setlistId: id, version: 4, songId: 's1' });
    socket.fire('setlist:keyChanged', 0, 'C', { setlistId: id, version: 3 });
    socket.fire('setlist:keyChanged', 2, 'E', { setlistId: 'another', version: 9 });
    expect(session.getSnapshot().keys.get(0)).toEqual({ key: 'B', songId: 's1' });
    expect(session.getSnapshot().keys.get(2)).toEqual({ key: 'D' });

    // An entry the setlist does not have is not sent.
    session.setKey(3, 'A');
    expect(socket.emitted.filter(({ event }) => event === 'setlist:setKey')).toHaveLength(1);
  });

  it('shows a refused key change no more once the queue settles', () => {
    const { session, socket } = started();
    socket.accept();
    socket
      .last('setlist:join')
      .answer({ ok: true, state: { ...state(1), keys: ['G', null, 'D'] } });
    session.setKey(0, 'A');
    socket
      .last('setlist:setKey')
      .answer({ ok: false, error: 'Only the leader can change the live setlist.' });
    expect(session.getSnapshot().keys.get(0)).toEqual({ key: 'G' });
    expect(session.getSnapshot().refusal?.message).toBe(
      'Only the leader can change the live setlist.',
    );
  });

  it('sends no blank announcement, and cuts a long one', () => {
    const { session, socket } = started();
    socket.accept();
    socket.last('setlist:join').answer({ ok: true, state: state(1) });
    expect(session.announce('   ')).toBe(false);
    expect(socket.emitted.filter(({ event }) => event === 'setlist:announce')).toHaveLength(0);
    expect(session.announce('x'.repeat(LIVE_LIMITS.announcementMaxLength + 10))).toBe(true);
    expect(socket.last('setlist:announce').payload).toEqual({
      setlistId: id,
      message: 'x'.repeat(LIVE_LIMITS.announcementMaxLength),
    });
  });

  it('drops unsent moves when stopped, and starts afresh', () => {
    const { session, socket } = started();
    session.goToPart('Chorus');
    session.stop();
    session.start();
    expect(session.getSnapshot().position).toBeNull();
    const next = lastSocket();
    expect(next).not.toBe(socket);
    next.accept();
    next.last('setlist:join').answer({ ok: true, state: state(1) });
    expect(next.emitted.map(({ event }) => event)).toEqual(['setlist:join']);
    expect(session.getSnapshot().position).toEqual(state(1));
  });
});
