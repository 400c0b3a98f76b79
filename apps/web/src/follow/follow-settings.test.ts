import { describe, expect, it } from 'vitest';
import {
  clampTextSize,
  DEFAULT_FOLLOW_SETTINGS,
  effectiveTheme,
  FOLLOW_SETTINGS_KEY,
  FOLLOW_TEXT_SIZE,
  loadFollowSettings,
  saveFollowSettings,
  stepTextSize,
} from './follow-settings.ts';
import type { FollowSettings } from './follow-settings.ts';

/** localStorage as far as the settings use it. */
function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

const broken = {
  getItem: () => {
    throw new DOMException('blocked', 'SecurityError');
  },
  setItem: () => {
    throw new DOMException('full', 'QuotaExceededError');
  },
};

describe('follow page settings', () => {
  it('gives the defaults on a device that kept none', () => {
    expect(loadFollowSettings(memoryStorage())).toEqual(DEFAULT_FOLLOW_SETTINGS);
    expect(loadFollowSettings(null)).toEqual(DEFAULT_FOLLOW_SETTINGS);
    expect(DEFAULT_FOLLOW_SETTINGS).toEqual({
      textSize: 1.5,
      theme: null,
      keepScreenOn: false,
      language: null,
    });
  });

  it('reads back what it saved, under its one key', () => {
    const storage = memoryStorage();
    const settings: FollowSettings = {
      textSize: 2.25,
      theme: 'contrast',
      keepScreenOn: true,
      language: 'pt-BR',
    };
    expect(saveFollowSettings(storage, settings)).toBe(true);
    expect([...storage.items.keys()]).toEqual([FOLLOW_SETTINGS_KEY]);
    expect(loadFollowSettings(storage)).toEqual(settings);
  });

  it('takes the default for each setting it cannot understand', () => {
    const stored = (value: unknown) =>
      loadFollowSettings(memoryStorage({ [FOLLOW_SETTINGS_KEY]: JSON.stringify(value) }));
    expect(stored({ textSize: 'big', theme: 'sepia', keepScreenOn: 'yes' })).toEqual(
      DEFAULT_FOLLOW_SETTINGS,
    );
    expect(stored({ theme: 'dark' })).toEqual({ ...DEFAULT_FOLLOW_SETTINGS, theme: 'dark' });
    expect(stored({ textSize: 99 }).textSize).toBe(FOLLOW_TEXT_SIZE.max);
    expect(stored([1, 2])).toEqual(DEFAULT_FOLLOW_SETTINGS);
    expect(stored(null)).toEqual(DEFAULT_FOLLOW_SETTINGS);
    expect(loadFollowSettings(memoryStorage({ [FOLLOW_SETTINGS_KEY]: '{not json' }))).toEqual(
      DEFAULT_FOLLOW_SETTINGS,
    );
  });

  it('serves the defaults when the browser blocks storage, and says a save did not keep', () => {
    expect(loadFollowSettings(broken)).toEqual(DEFAULT_FOLLOW_SETTINGS);
    expect(saveFollowSettings(broken, DEFAULT_FOLLOW_SETTINGS)).toBe(false);
    expect(saveFollowSettings(null, DEFAULT_FOLLOW_SETTINGS)).toBe(false);
  });

  it('steps the text size along its scale and stops at both ends', () => {
    expect(stepTextSize(1.5, 1)).toBe(1.75);
    expect(stepTextSize(1.5, -1)).toBe(1.25);
    expect(stepTextSize(FOLLOW_TEXT_SIZE.max, 1)).toBe(FOLLOW_TEXT_SIZE.max);
    expect(stepTextSize(FOLLOW_TEXT_SIZE.min, -1)).toBe(FOLLOW_TEXT_SIZE.min);
    expect(clampTextSize(1.6)).toBe(1.5);
    expect(clampTextSize(Number.NaN)).toBe(FOLLOW_TEXT_SIZE.default);
  });

  it("follows the device's light or dark preference until a theme is chosen", () => {
    expect(effectiveTheme(DEFAULT_FOLLOW_SETTINGS, false)).toBe('light');
    expect(effectiveTheme(DEFAULT_FOLLOW_SETTINGS, true)).toBe('dark');
    expect(effectiveTheme({ ...DEFAULT_FOLLOW_SETTINGS, theme: 'contrast' }, false)).toBe(
      'contrast',
    );
    expect(effectiveTheme({ ...DEFAULT_FOLLOW_SETTINGS, theme: 'light' }, true)).toBe('light');
  });
});
