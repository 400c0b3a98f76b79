/** What a key press needs to carry for `isShortcutKey`: a subset of `KeyboardEvent`. */
export interface ShortcutKeyEvent {
  key: string;
  repeat: boolean;
  defaultPrevented: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  target: EventTarget | null;
}

// eslint-disable-next-line lingui/no-unlocalized-strings -- element names
const TYPING_TAGS = new Set(['INPUT', 'TEXTAREA', 'SELECT']);

/**
 * True when the press is the presenter's one-letter shortcut `letter` (either case): not while
 * typing in a field, not with Ctrl, Cmd or Alt (the browser's own shortcuts), and not a key held
 * down, which would make the projector flicker.
 */
export function isShortcutKey(event: ShortcutKeyEvent, letter: string): boolean {
  if (event.key.toLowerCase() !== letter.toLowerCase()) return false;
  if (event.repeat || event.defaultPrevented) return false;
  if (event.ctrlKey || event.metaKey || event.altKey) return false;
  const target = event.target as { isContentEditable?: boolean; tagName?: string } | null;
  return !(target?.isContentEditable === true || TYPING_TAGS.has(target?.tagName ?? ''));
}
