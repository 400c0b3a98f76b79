/** Texts of the presenter view; the spec's own ones (spec section 2) are marked. */
export const PRESENTER_TEXTS = {
  /** spec */
  loading: 'Loading songs...',
  /** spec */
  waiting: 'Waiting for active part...',
  /** spec */
  accessDenied: 'Access denied: You are not a member of this team.',
  /** An id no team has (docs/DECISIONS.md, Live, "Unknown and foreign setlists"). */
  notFound: 'Setlist not found.',
  /** spec */
  settings: 'Presenter Settings',
  background: 'Background',
  backgrounds: 'Backgrounds',
  /** spec */
  upload: 'Upload Image or Video',
  backgroundFile: 'Background file',
  /** spec */
  resetToDefault: 'Reset to Default',
  /** spec */
  close: 'Close',
  uploadHint: 'Images are kept on this device; a video plays until the page is reloaded.',
  fullScreenHint: 'Press F for full screen.',
  blackoutHint: 'Press B to black the screen out, and B again to bring it back.',
  /** For screen readers only: the projector shows nothing but black. */
  blackedOut: 'Screen blacked out',
  notSavedHint:
    'This image is too large to keep on this device; it stays until the page is reloaded.',
} as const;
