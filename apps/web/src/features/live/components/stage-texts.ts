/** Texts of the stage display beyond those it shares with the live view. */
export const STAGE_TEXTS = {
  documentTitle: (setlistName: string) => `${setlistName} · Stage`,
  setTime: 'Set time',
  /** The set time before the first step. */
  notStarted: '—',
} as const;
