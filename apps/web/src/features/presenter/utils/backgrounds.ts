/** Spec section 9: six preset backgrounds, dark enough for white lyrics. */
export const PRESET_BACKGROUNDS = {
  Black: '#000000',
  'Blue Gradient': 'linear-gradient(160deg, #061a40 0%, #0b3d91 55%, #1565c0 100%)',
  Galaxy:
    'radial-gradient(ellipse at 20% 25%, rgba(156, 39, 176, 0.45) 0%, transparent 55%), ' +
    'radial-gradient(ellipse at 80% 75%, rgba(33, 150, 243, 0.35) 0%, transparent 50%), ' +
    'radial-gradient(circle at 50% 50%, #1b1035 0%, #05030d 100%)',
  'Forest Mist': 'linear-gradient(180deg, #2e4a3a 0%, #1f3a2b 45%, #0c1a12 100%)',
  'Ocean Teal': 'linear-gradient(135deg, #003d4d 0%, #006d77 50%, #00272e 100%)',
  'Purple Night': 'linear-gradient(160deg, #14062b 0%, #3a1466 50%, #0d0320 100%)',
} as const;

export type PresetName = keyof typeof PRESET_BACKGROUNDS;
export const PRESET_NAMES = Object.keys(PRESET_BACKGROUNDS) as PresetName[];
// eslint-disable-next-line lingui/no-unlocalized-strings -- a stored name, shown by its key
export const DEFAULT_PRESET: PresetName = 'Black';

/** What is kept in local storage under `segue.presenter.background`. */
export type StoredBackground =
  { type: 'preset'; name: PresetName } | { type: 'image'; dataUrl: string };

/** What the presenter shows: a stored choice, or a video of this page's life. */
export type PresenterBackground = StoredBackground | { type: 'video'; url: string };

/** The stored choice, or null when there is none or it is not one we know. */
export function parseStoredBackground(json: string | null): StoredBackground | null {
  if (!json) return null;
  try {
    const value = JSON.parse(json) as unknown;
    if (typeof value !== 'object' || value === null) return null;
    const { type, name, dataUrl } = value as Record<string, unknown>;
    if (type === 'preset' && typeof name === 'string' && name in PRESET_BACKGROUNDS) {
      return { type, name: name as PresetName };
    }
    if (type === 'image' && typeof dataUrl === 'string' && dataUrl.startsWith('data:image/')) {
      return { type, dataUrl };
    }
  } catch {
    // A damaged value is as good as none.
  }
  return null;
}
