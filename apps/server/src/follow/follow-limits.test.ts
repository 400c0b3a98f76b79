import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { FOLLOW_TEXTS } from '@segue/shared';
import { clientAddress, FollowerSlots } from './follow-limits.ts';

describe('clientAddress', () => {
  it('is the connection’s address when no proxy is trusted, whatever the header says', () => {
    expect(clientAddress('10.0.0.9', '203.0.113.7', 0)).toBe('10.0.0.9');
    expect(clientAddress('10.0.0.9', undefined, 1)).toBe('10.0.0.9');
  });

  it('is the address the outermost trusted proxy saw, never what the client wrote', () => {
    // The phone wrote 1.1.1.1 itself; the proxy appended the address it saw.
    expect(clientAddress('10.0.0.9', '1.1.1.1, 203.0.113.7', 1)).toBe('203.0.113.7');
    expect(clientAddress('10.0.0.9', '1.1.1.1, 203.0.113.7, 10.0.0.2', 2)).toBe('203.0.113.7');
    // More proxies trusted than hops: the leftmost one given.
    expect(clientAddress('10.0.0.9', '203.0.113.7', 3)).toBe('203.0.113.7');
    expect(clientAddress('10.0.0.9', ' , 203.0.113.7 ,', 1)).toBe('203.0.113.7');
    expect(clientAddress('10.0.0.9', '', 1)).toBe('10.0.0.9');
  });
});

describe('FollowerSlots', () => {
  const conn = () => new EventEmitter() as unknown as Parameters<FollowerSlots['take']>[0];
  const request = (address: string, setlistId = 's1', roomLimit = 100, elsewhere = 0) => ({
    address,
    setlistId,
    roomLimit,
    elsewhere,
  });

  it('refuses past each limit with its reason, and gives a slot back once', () => {
    const changes: [string, number][] = [];
    const slots = new FollowerSlots({
      perInstance: 4,
      perAddress: 2,
      onRoomChange: (id, here) => changes.push([id, here]),
    });
    const first = slots.take(conn(), request('a'));
    slots.take(conn(), request('a'));
    expect(slots.take(conn(), request('a'))).toEqual({ refused: FOLLOW_TEXTS.addressFull });
    // The room counts the other instances' followers too.
    expect(slots.take(conn(), request('b', 's1', 3, 1))).toEqual({
      refused: FOLLOW_TEXTS.roomFull,
    });
    slots.take(conn(), request('b', 's2'));
    slots.take(conn(), request('c', 's2'));
    expect(slots.take(conn(), request('d', 's3'))).toEqual({
      refused: FOLLOW_TEXTS.instanceFull,
    });
    expect(slots.size).toBe(4);

    if (!('release' in first)) throw new Error('refused');
    first.release();
    first.release();
    expect(slots.size).toBe(3);
    expect(slots.here('s1')).toBe(1);
    expect(slots.take(conn(), request('a'))).toHaveProperty('release');
    expect(changes).toEqual([
      ['s1', 1],
      ['s1', 2],
      ['s2', 1],
      ['s2', 2],
      ['s1', 1],
      ['s1', 2],
    ]);
  });

  it('gives the slot back when the connection closes before the socket connected', () => {
    const slots = new FollowerSlots({ perInstance: 1, perAddress: 1, onRoomChange: () => {} });
    const c = conn();
    slots.take(c, request('a'));
    expect(slots.take(conn(), request('b'))).toEqual({ refused: FOLLOW_TEXTS.instanceFull });
    (c as unknown as EventEmitter).emit('close');
    expect(slots.size).toBe(0);
    expect(slots.take(conn(), request('b'))).toHaveProperty('release');
  });
});
