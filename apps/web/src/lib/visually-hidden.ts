/**
 * Hides text from sight but not from screen readers (an `sx` value). The sizes are strings:
 * in `sx` a number up to 1 is a fraction, so `width: 1` would be the whole width.
 */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
