import type { ScreenMode } from '@segue/shared';

/** Texts of the projector's controls in the live view (docs/DECISIONS.md, "The projector from the live view"). */
export const PROJECTOR_TEXTS = {
  projector: 'Projector',
  black: 'Black',
  clear: 'Clear',
  logo: 'Logo',
  blackHint: 'Nothing on the projector',
  clearHint: 'Lyrics hidden, background stays',
  logoHint: "The team's image (or its name)",
  takeMessageOff: 'Take message off screen',
  previewLabel: (mode: ScreenMode, over: { message: boolean; joinCode: boolean }) =>
    `Projector preview: ${PROJECTOR_MODE_NAMES[mode]}${over.joinCode ? ', with the join code' : ''}${over.message ? ', with a message' : ''}`,
  /** The spec's presenter text, shown small in the preview before the first part. */
  waiting: 'Waiting for active part...',
  onScreenFor: 'On screen for',
  seconds: (n: number) => `${n} s`,
  untilCleared: 'Until cleared',
} as const;

export const PROJECTOR_MODE_NAMES: Record<ScreenMode, string> = {
  lyrics: 'lyrics',
  black: 'black',
  clear: 'background only',
  logo: 'logo',
};
