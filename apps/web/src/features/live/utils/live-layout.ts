import { chordSegments } from '../../../components/chart/chord-segments.ts';

/** Pure rules of the live view's layout on phones and tablets (docs/DECISIONS.md, Live). */

/**
 * A phone, upright (narrower than MUI's `sm`, 600 px) or held sideways (at most 500 px tall):
 * where a follower's live view opens compact.
 */
export const PHONE_QUERY =
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a media query
  '(max-width: 599.95px), (orientation: landscape) and (max-height: 500px)';

/** A phone held sideways: a driver's live view opens compact there, as it always did. */
// eslint-disable-next-line lingui/no-unlocalized-strings -- a media query
export const SHORT_LANDSCAPE_QUERY = '(orientation: landscape) and (max-height: 500px)';

/**
 * Whether the live view is compact (stage mode): what this device chose, else compact on a
 * phone for a follower, who only reads, and only held sideways for a driver, whose song,
 * part and key controls stay on the page.
 */
export function isCompact(options: {
  preference: 'on' | 'off' | null;
  isDriver: boolean;
  phone: boolean;
  shortLandscape: boolean;
}): boolean {
  const { preference, isDriver, phone, shortLandscape } = options;
  if (preference !== null) return preference === 'on';
  return isDriver ? shortLandscape : phone;
}

/** The widths (CSS px) at which a single part is fitted to the screen: tablets. */
export const TABLET_WIDTH = { min: 600, max: 1200 } as const;

export const isTabletWidth = (width: number) =>
  width >= TABLET_WIDTH.min && width < TABLET_WIDTH.max;

/** The largest size a fitted part grows to, in rem: a verse, not a poster. */
export const FIT_MAX_SIZE = 3;

/**
 * A monospace character's advance as a share of the font size. Common monospace fonts are
 * 0.6 (Consolas 0.55); a little more, so a line measured to fit never wraps by a pixel.
 */
const CHARACTER_WIDTH_EM = 0.62;

/** The columns a part's widest line takes, its chords kept over their syllables (chord-segments.ts). */
export function widestLine(lines: readonly { chords: string; lyrics: string }[]): number {
  let widest = 0;
  for (const line of lines) {
    const columns = chordSegments(line).reduce((sum, s) => sum + s.width + s.room, 0);
    widest = Math.max(widest, columns);
  }
  return widest;
}

/**
 * The text size (rem, in twentieths) at which a line of `columns` characters just fits a column
 * of `width` CSS px, between `min` (the size this reader chose) and `FIT_MAX_SIZE`.
 */
export function sizeToFitWidth(options: {
  width: number;
  columns: number;
  min: number;
  rootFontSize?: number;
}): number {
  const { width, columns, min, rootFontSize = 16 } = options;
  if (width <= 0 || columns <= 0) return min;
  const size = width / (columns * CHARACTER_WIDTH_EM * rootFontSize);
  const rounded = Math.floor(size * 20 + 1e-9) / 20;
  return Math.max(min, Math.min(FIT_MAX_SIZE, rounded));
}
