import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MockInstance } from 'vitest';
import { LIVE_TEXTS } from '@segue/shared';
import type { LiveState } from '@segue/shared';
import type { LiveCommand } from '../live-state.ts';
import { ACK_TIMEOUT_MS, CommandQueue, MAX_TRIES, RETRY_DELAY_MS } from './queue.ts';
import type { CommandEmitter, CommandQueueHooks, LiveAnswer } from './queue.ts';

/** An emitter without socket.io: records what is sent and lets the test answer it. */
class FakeEmitter implements CommandEmitter {
  connected = true;
  readonly sent: { command: LiveCommand; answer: (answer: LiveAnswer) => void }[] = [];
  private readonly disconnectListeners = new Set<() => void>();

  emit(command: LiveCommand, ack: (answer: LiveAnswer) => void): void {
    this.sent.push({ command, answer: ack });
  }

  onDisconnect(listener: () => void): () => void {
    this.disconnectListeners.add(listener);
    return () => void this.disconnectListeners.delete(listener);
  }

  get listening(): number {
    return this.disconnectListeners.size;
  }

  /** The connection drops; as LiveConnection does, the queue is closed before anything else. */
  drop(queue: CommandQueue): void {
    this.connected = false;
    queue.close();
    for (const listener of [...this.disconnectListeners]) listener();
  }

  /** Answers the command sent last. */
  answerLast(answer: LiveAnswer): void {
    const last = this.sent.at(-1);
    if (!last) throw new Error('nothing was sent');
    last.answer(answer);
  }

  get commands(): LiveCommand[] {
    return this.sent.map(({ command }) => command);
  }
}

const part = (label: string): LiveCommand => ({ event: 'setlist:updatePart', label });
const song = (newIndex: number): LiveCommand => ({ event: 'setlist:updateCurrent', newIndex });
const say = (message: string): LiveCommand => ({ event: 'setlist:announce', message });
const state: LiveState = {
  setlistId: 's',
  currentIndex: 1,
  currentPartLabel: 'Bridge',
  currentPartPosition: 2,
  version: 9,
  driver: 'Ada',
  startedAt: null,
  currentItem: null,
};

function setup() {
  const hooks = {
    answered: vi.fn<CommandQueueHooks['answered']>(),
    idle: vi.fn<CommandQueueHooks['idle']>(),
    notJoined: vi.fn<CommandQueueHooks['notJoined']>(),
    refused: vi.fn<CommandQueueHooks['refused']>(),
  } satisfies CommandQueueHooks;
  const queue = new CommandQueue(hooks);
  const emitter = new FakeEmitter();
  queue.attach(emitter);
  return { queue, emitter, hooks };
}

let warn: MockInstance<typeof console.warn>;

beforeEach(() => {
  vi.useFakeTimers();
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('CommandQueue order', () => {
  it('sends nothing before the join, then one command at a time in the order made', () => {
    const { queue, emitter, hooks } = setup();
    queue.push(song(2));
    queue.push(say('a'));
    queue.push(part('Bridge'));
    expect(emitter.sent).toHaveLength(0);

    queue.open();
    expect(emitter.commands).toEqual([song(2)]);
    queue.push(say('b'));
    expect(emitter.commands).toEqual([song(2)]);
    emitter.answerLast({ ok: true, state });
    expect(hooks.answered).toHaveBeenCalledWith(state);
    expect(emitter.commands).toEqual([song(2), say('a')]);
    emitter.answerLast({ ok: true });
    emitter.answerLast({ ok: true, state });
    expect(hooks.idle).not.toHaveBeenCalled();
    emitter.answerLast({ ok: true });
    expect(emitter.commands).toEqual([song(2), say('a'), part('Bridge'), say('b')]);
    expect(hooks.idle).toHaveBeenCalledTimes(1);
  });

  it('says it is idle when joined with nothing to send', () => {
    const { queue, emitter, hooks } = setup();
    queue.open();
    expect(hooks.idle).toHaveBeenCalledTimes(1);
    expect(emitter.sent).toHaveLength(0);
  });

  it('waits for a slow answer, and stops listening for a drop once answered', () => {
    const { queue, emitter } = setup();
    queue.open();
    queue.push(part('Verse'));
    queue.push(say('a'));
    vi.advanceTimersByTime(ACK_TIMEOUT_MS - 1);
    expect(emitter.commands).toEqual([part('Verse')]);
    emitter.answerLast({ ok: true });
    expect(emitter.listening).toBe(1); // the announcement's, not the part's
    vi.advanceTimersByTime(ACK_TIMEOUT_MS - 1);
    expect(emitter.commands).toEqual([part('Verse'), say('a')]);
  });
});

describe('CommandQueue retries', () => {
  it('sends an unanswered command again, up to the limit, then reports it and goes on', () => {
    const { queue, emitter, hooks } = setup();
    queue.push(part('Bridge'));
    queue.push(say('next'));
    queue.open();
    for (let tries = 1; tries < MAX_TRIES; tries += 1) {
      vi.advanceTimersByTime(ACK_TIMEOUT_MS);
      expect(emitter.sent).toHaveLength(tries);
      vi.advanceTimersByTime(RETRY_DELAY_MS);
      expect(emitter.sent).toHaveLength(tries + 1);
    }
    expect(warn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(ACK_TIMEOUT_MS);
    expect(warn).toHaveBeenCalledWith('[live] setlist:updatePart dropped: not answered');
    expect(emitter.commands).toEqual([
      ...Array<LiveCommand>(MAX_TRIES).fill(part('Bridge')),
      say('next'),
    ]);
    emitter.answerLast({ ok: true });
    expect(hooks.idle).toHaveBeenCalledTimes(1);
  });

  it('sends a command refused for the rate again, before the ones made after it', () => {
    const { queue, emitter } = setup();
    queue.open();
    queue.push(song(1));
    queue.push(part('Chorus'));
    emitter.answerLast({ ok: false, error: LIVE_TEXTS.slowDown });
    vi.advanceTimersByTime(RETRY_DELAY_MS - 1);
    expect(emitter.commands).toEqual([song(1)]);
    vi.advanceTimersByTime(1);
    expect(emitter.commands).toEqual([song(1), song(1)]);
    for (let tries = 2; tries <= MAX_TRIES; tries += 1) {
      emitter.answerLast({ ok: false, error: LIVE_TEXTS.slowDown });
      vi.advanceTimersByTime(RETRY_DELAY_MS);
    }
    expect(warn).toHaveBeenCalledWith(
      `[live] setlist:updateCurrent dropped: ${LIVE_TEXTS.slowDown}`,
    );
    expect(emitter.commands).toEqual([
      ...Array<LiveCommand>(MAX_TRIES).fill(song(1)),
      part('Chorus'),
    ]);
  });

  it('does not send a command the server refused for another reason again', () => {
    const { queue, emitter, hooks } = setup();
    queue.push(part('Gone'));
    queue.open();
    emitter.answerLast({ ok: false, error: LIVE_TEXTS.invalid });
    vi.advanceTimersByTime(ACK_TIMEOUT_MS + RETRY_DELAY_MS);
    expect(emitter.commands).toEqual([part('Gone')]);
    expect(warn).toHaveBeenCalledWith(`[live] setlist:updatePart refused: ${LIVE_TEXTS.invalid}`);
    expect(hooks.refused).toHaveBeenCalledWith(LIVE_TEXTS.invalid);
    expect(hooks.answered).not.toHaveBeenCalled();
    expect(hooks.idle).toHaveBeenCalledTimes(1);
  });

  it('tells the screen when it is no driver any more, and shows the server’s state again', () => {
    const { queue, emitter, hooks } = setup();
    queue.push(song(1));
    queue.open();
    emitter.answerLast({ ok: false, error: LIVE_TEXTS.notDriver });
    expect(hooks.refused).toHaveBeenCalledWith('Only the leader can change the live setlist.');
    expect(emitter.commands).toEqual([song(1)]);
    expect(hooks.idle).toHaveBeenCalledTimes(1);
  });

  it('asks for a join when the server forgot it, and sends the command again once joined', () => {
    const { queue, emitter, hooks } = setup();
    queue.open();
    queue.push(song(3));
    queue.push(say('a'));
    emitter.answerLast({ ok: false, error: LIVE_TEXTS.notJoined });
    expect(hooks.notJoined).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(ACK_TIMEOUT_MS);
    expect(emitter.commands).toEqual([song(3)]);
    queue.open();
    expect(emitter.commands).toEqual([song(3), song(3)]);
  });
});

describe('CommandQueue offline', () => {
  it('loses nothing and sends nothing twice across a dropped connection', () => {
    const { queue, emitter, hooks } = setup();
    queue.push(song(1));
    queue.open();
    emitter.drop(queue);
    queue.push(say('while offline'));
    queue.push(part('Bridge'));
    // The answer of the lost send arrives after all: it was given up already.
    emitter.answerLast({ ok: true, state });
    vi.advanceTimersByTime(ACK_TIMEOUT_MS * 2);
    expect(emitter.commands).toEqual([song(1)]);
    expect(emitter.listening).toBe(0);
    expect(hooks.answered).not.toHaveBeenCalled();

    const next = new FakeEmitter();
    queue.attach(next);
    queue.open();
    for (let i = 0; i < 3; i += 1) next.answerLast({ ok: true });
    vi.advanceTimersByTime(ACK_TIMEOUT_MS * 2);
    expect(next.commands).toEqual([song(1), say('while offline'), part('Bridge')]);
    expect(hooks.idle).toHaveBeenCalledTimes(1);
  });

  it('keeps only where the leader landed of the moves made while offline', () => {
    const { queue, emitter } = setup();
    queue.push(part('Verse'));
    queue.push(part('Chorus'));
    queue.push(part('Bridge'));
    queue.open();
    emitter.answerLast({ ok: true });
    expect(emitter.commands).toEqual([part('Bridge')]);
  });

  it('drops commands and retries when detached, and ignores the old connection', () => {
    const { queue, emitter, hooks } = setup();
    queue.open();
    queue.push(song(1));
    queue.push(say('unsent'));
    queue.detach();
    emitter.answerLast({ ok: true, state });
    expect(hooks.answered).not.toHaveBeenCalled();
    expect(emitter.commands).toEqual([song(1)]);

    const next = new FakeEmitter();
    queue.attach(next);
    queue.open();
    expect(next.sent).toHaveLength(0);
    queue.push(part('Bridge'));
    next.answerLast({ ok: false, error: LIVE_TEXTS.slowDown });
    queue.detach();
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(RETRY_DELAY_MS + ACK_TIMEOUT_MS);
    expect(next.commands).toEqual([part('Bridge')]);
  });
});
