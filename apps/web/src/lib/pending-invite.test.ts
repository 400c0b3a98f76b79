import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pendingInvite } from './storage.ts';
import { memoryStorage } from './memory-storage.ts';

describe('the invitation kept for after the sign-in', () => {
  let storage: Storage;
  beforeEach(() => {
    storage = memoryStorage();
    vi.stubGlobal('window', { localStorage: storage, sessionStorage: memoryStorage() });
    vi.useFakeTimers({ now: new Date('2030-05-01T10:00:00Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('is kept under segue.pendingInvite until cleared', () => {
    expect(pendingInvite.get()).toBeNull();
    pendingInvite.set('token-1');
    expect(storage.getItem('segue.pendingInvite')).toContain('token-1');
    vi.advanceTimersByTime(60 * 60 * 1000);
    expect(pendingInvite.get()).toBe('token-1');
    pendingInvite.clear();
    expect(pendingInvite.get()).toBeNull();
    expect(storage.getItem('segue.pendingInvite')).toBeNull();
  });

  it('is forgotten after a day, so a shared device does not join the next person', () => {
    pendingInvite.set('token-2');
    vi.advanceTimersByTime(24 * 60 * 60 * 1000 - 1);
    expect(pendingInvite.get()).toBe('token-2');
    vi.advanceTimersByTime(1);
    expect(pendingInvite.get()).toBeNull();
  });

  it('reads anything else stored there as nothing', () => {
    for (const value of ['token', '{"token":1,"at":0}', '{"token":"x"}', 'null', '{']) {
      storage.setItem('segue.pendingInvite', value);
      expect(pendingInvite.get(), value).toBeNull();
    }
  });
});
