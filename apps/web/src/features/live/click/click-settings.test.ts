import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../../../lib/memory-storage.ts';
import { liveClickSettings } from '../../../lib/storage.ts';
import {
  DEFAULT_CLICK_SETTINGS,
  clickSettingsFrom,
  createClickSettingsStore,
} from './click-settings.ts';

const KEY = 'segue.live.click';

describe('the click settings of a device', () => {
  let storage: Storage;
  beforeEach(() => {
    storage = memoryStorage();
    vi.stubGlobal('window', { localStorage: storage, sessionStorage: memoryStorage() });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('are off by default', () => {
    expect(createClickSettingsStore().get()).toEqual(DEFAULT_CLICK_SETTINGS);
    expect(DEFAULT_CLICK_SETTINGS.enabled).toBe(false);
    expect(DEFAULT_CLICK_SETTINGS.sendMidiClock).toBe(false);
  });

  it('are kept on the device and read back by the next page', () => {
    const store = createClickSettingsStore();
    const listener = vi.fn();
    store.subscribe(listener);
    store.change({ enabled: true, sound: 'hihat', latencyMs: 182 });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(JSON.parse(storage.getItem(KEY)!)).toMatchObject({ enabled: true, latencyMs: 182 });
    expect(createClickSettingsStore().get()).toEqual({
      ...DEFAULT_CLICK_SETTINGS,
      enabled: true,
      sound: 'hihat',
      latencyMs: 182,
    });
    // The same object until a change: what useSyncExternalStore needs.
    expect(store.get()).toBe(store.get());
  });

  it('fall back to the defaults on what cannot be read', () => {
    for (const raw of ['{', 'null', '"on"', '[true]', '42']) {
      storage.setItem(KEY, raw);
      expect(createClickSettingsStore().get(), raw).toEqual(DEFAULT_CLICK_SETTINGS);
    }
    expect(liveClickSettings.get()).toBe(42);
  });

  it('keep the fields they can read, and bring numbers into range', () => {
    expect(
      clickSettingsFrom({
        enabled: 'yes',
        sound: 'cowbell',
        volume: 3,
        subdivision: true,
        spokenCountIn: null,
        latencyMs: 5000,
        sendMidiClock: true,
        midiOutputId: 12,
      }),
    ).toEqual({
      ...DEFAULT_CLICK_SETTINGS,
      volume: 1,
      subdivision: true,
      latencyMs: 700,
      sendMidiClock: true,
    });
    expect(clickSettingsFrom({ volume: Number.NaN, latencyMs: -400 })).toMatchObject({
      volume: DEFAULT_CLICK_SETTINGS.volume,
      latencyMs: -100,
    });
  });

  it('keep working where storage is refused', () => {
    vi.stubGlobal('window', {
      get localStorage(): Storage {
        throw new Error('SecurityError');
      },
    });
    const store = createClickSettingsStore();
    store.change({ enabled: true });
    expect(store.get().enabled).toBe(true);
  });
});
