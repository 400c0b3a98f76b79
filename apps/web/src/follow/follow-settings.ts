/**
 * The follow page's display settings, kept on the device (localStorage) and nowhere else:
 * the page sets no cookie and knows nobody.
 */

export type FollowTheme = 'light' | 'dark' | 'contrast';

export const FOLLOW_THEMES: readonly FollowTheme[] = ['light', 'dark', 'contrast'];

/** The words' size, as a multiple of the browser's own text size. */
export const FOLLOW_TEXT_SIZE = { min: 1, max: 3, step: 0.25, default: 1.5 } as const;

export interface FollowSettings {
  textSize: number;
  /** null: the device's light or dark preference. */
  theme: FollowTheme | null;
  keepScreenOn: boolean;
  /**
   * The language the reader chose to read songs in (a tag), kept for every song that has it;
   * null: the screens' language.
   */
  language: string | null;
}

export const DEFAULT_FOLLOW_SETTINGS: FollowSettings = {
  textSize: FOLLOW_TEXT_SIZE.default,
  theme: null,
  keepScreenOn: false,
  language: null,
};

/** The one localStorage key the page writes. */
export const FOLLOW_SETTINGS_KEY = 'segue.follow';

/** A size on the scale, whatever was stored or asked. */
export function clampTextSize(size: number): number {
  if (!Number.isFinite(size)) return FOLLOW_TEXT_SIZE.default;
  const { min, max, step } = FOLLOW_TEXT_SIZE;
  const onStep = min + Math.round((size - min) / step) * step;
  return Math.min(max, Math.max(min, onStep));
}

/** One step smaller (-1) or larger (+1), within the scale. */
export function stepTextSize(size: number, direction: -1 | 1): number {
  return clampTextSize(size + direction * FOLLOW_TEXT_SIZE.step);
}

type SettingsStorage = Pick<Storage, 'getItem' | 'setItem'>;

/**
 * The stored settings; a setting missing or not understood (an older page wrote it, or it
 * was edited by hand) takes its default, and storage that cannot be read gives the defaults.
 */
export function loadFollowSettings(storage: SettingsStorage | null): FollowSettings {
  let raw: string | null = null;
  try {
    raw = storage?.getItem(FOLLOW_SETTINGS_KEY) ?? null;
  } catch {
    // Storage blocked (private mode, a browser setting): the defaults serve.
  }
  if (!raw) return { ...DEFAULT_FOLLOW_SETTINGS };
  let stored: unknown;
  try {
    stored = JSON.parse(raw);
  } catch {
    return { ...DEFAULT_FOLLOW_SETTINGS };
  }
  const value = (stored && typeof stored === 'object' ? stored : {}) as Record<string, unknown>;
  return {
    textSize:
      typeof value.textSize === 'number'
        ? clampTextSize(value.textSize)
        : DEFAULT_FOLLOW_SETTINGS.textSize,
    theme: FOLLOW_THEMES.includes(value.theme as FollowTheme) ? (value.theme as FollowTheme) : null,
    keepScreenOn: value.keepScreenOn === true,
    language:
      typeof value.language === 'string' &&
      /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/.test(value.language)
        ? value.language
        : null,
  };
}

/** Keeps the settings; false when the browser would not store them (they last this visit). */
export function saveFollowSettings(storage: SettingsStorage | null, settings: FollowSettings) {
  try {
    storage?.setItem(FOLLOW_SETTINGS_KEY, JSON.stringify(settings));
    return storage !== null;
  } catch {
    return false;
  }
}

/** The theme shown: the chosen one, else the device's preference. */
export function effectiveTheme(settings: FollowSettings, prefersDark: boolean): FollowTheme {
  return settings.theme ?? (prefersDark ? 'dark' : 'light');
}
