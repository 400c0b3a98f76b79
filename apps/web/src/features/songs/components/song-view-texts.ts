/** Texts of the read-only song view (/songs/{id}) that the specification does not quote. */
export const SONG_VIEW_TEXTS = {
  edit: 'Edit',
  /** To practice mode, with the song's recordings. */
  practise: 'Practise',
  transpose: 'Transpose',
  transposeDown: 'Transpose down',
  transposeUp: 'Transpose up',
  /**
   * What the view shows now: "Key A (+2)", "Key G" when not moved; for a song without a key,
   * the semitones alone.
   */
  transposeState: (key: string | null, steps: number) => {
    const moved = steps > 0 ? `+${steps}` : `−${-steps}`;
    if (key === null) return steps === 0 ? 'As written' : moved;
    return steps === 0 ? `Key ${key}` : `Key ${key} (${moved})`;
  },
} as const;

/** The song form for this song. */
export const songEditPath = (id: string) => `/songs/${encodeURIComponent(id)}/edit`;
