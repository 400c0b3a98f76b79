import { describe, expect, it, vi } from 'vitest';
import { ScreenWakeLock } from './screen-wake-lock.ts';

/** A browser with a wake lock that it lets go of when the page is hidden, as browsers do. */
function browser({ supported = true, refuse = false } = {}) {
  const document = Object.assign(new EventTarget(), {
    visibilityState: 'visible' as DocumentVisibilityState,
  });
  const held: WakeLockSentinel[] = [];
  const request = vi.fn(async () => {
    if (refuse) throw new DOMException('battery saver', 'NotAllowedError');
    const sentinel = Object.assign(new EventTarget(), {
      released: false,
      type: 'screen' as const,
      onrelease: null,
      release: vi.fn(async () => {
        (sentinel as { released: boolean }).released = true;
      }),
    }) as unknown as WakeLockSentinel;
    held.push(sentinel);
    return sentinel;
  });
  const navigator = supported ? { wakeLock: { request } } : {};
  const setVisible = (visible: boolean) => {
    document.visibilityState = visible ? 'visible' : 'hidden';
    if (!visible) for (const s of held) (s as { released: boolean }).released = true;
    document.dispatchEvent(new Event('visibilitychange'));
  };
  return { host: { navigator, document }, request, held, setVisible };
}

describe('ScreenWakeLock', () => {
  it('keeps the screen on while switched on, and lets go when switched off', async () => {
    const b = browser();
    const lock = new ScreenWakeLock(b.host);
    expect(lock.supported).toBe(true);
    await lock.set(true);
    expect(b.request).toHaveBeenCalledWith('screen');
    expect(lock.held).toBe(true);
    await lock.set(true); // already held: not asked again
    expect(b.request).toHaveBeenCalledTimes(1);
    await lock.set(false);
    expect(lock.held).toBe(false);
    expect(b.held[0]?.release).toHaveBeenCalled();
  });

  it('asks again each time the page is shown, while switched on', async () => {
    const b = browser();
    const lock = new ScreenWakeLock(b.host);
    await lock.set(true);
    b.setVisible(false);
    expect(lock.held).toBe(false);
    b.setVisible(true);
    await vi.waitFor(() => expect(lock.held).toBe(true));
    expect(b.request).toHaveBeenCalledTimes(2);

    await lock.set(false);
    b.setVisible(false);
    b.setVisible(true);
    expect(b.request).toHaveBeenCalledTimes(2);
  });

  it('stays switched on when the browser refuses, and does nothing where there is no wake lock', async () => {
    const refused = browser({ refuse: true });
    const lock = new ScreenWakeLock(refused.host);
    await expect(lock.set(true)).resolves.toBeUndefined();
    expect(lock.held).toBe(false);
    refused.setVisible(false);
    refused.setVisible(true);
    expect(refused.request).toHaveBeenCalledTimes(2);

    const none = browser({ supported: false });
    const absent = new ScreenWakeLock(none.host);
    expect(absent.supported).toBe(false);
    await absent.set(true);
    expect(absent.held).toBe(false);
  });

  it('lets go of a lock granted after it was switched off', async () => {
    const b = browser();
    const lock = new ScreenWakeLock(b.host);
    const asked = lock.set(true);
    await lock.set(false);
    await asked;
    expect(lock.held).toBe(false);
    expect(b.held[0]?.release).toHaveBeenCalled();
  });
});
