/**
 * Which key steps the live set, and where focus keeps a key for itself. Page-turn pedals send
 * PageDown/PageUp, Space or the arrow keys (docs/DECISIONS.md, Live, "Page-turn keys").
 */

export type LiveKeyAction = 'previousPart' | 'nextPart' | 'previousSong' | 'nextSong';

const KEYS: Record<string, LiveKeyAction> = {
  ArrowLeft: 'previousPart',
  ArrowRight: 'nextPart',
  PageUp: 'previousPart',
  PageDown: 'nextPart',
  ' ': 'nextPart',
  ArrowUp: 'previousSong',
  ArrowDown: 'nextSong',
};

/**
 * What the focused element does with keys: `field` keeps them all (typing, a select, a list or
 * radio group moved with arrows), `button` keeps Space (it presses the button), `none` keeps none.
 */
export type KeyFocus = 'field' | 'button' | 'none';

/** The live step a key press asks for, or null when it is not one or focus keeps the key. */
export function liveKeyAction(
  event: {
    key: string;
    altKey: boolean;
    ctrlKey: boolean;
    metaKey: boolean;
    shiftKey: boolean;
    defaultPrevented: boolean;
  },
  focus: KeyFocus,
): LiveKeyAction | null {
  if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return null;
  // Shift+Space scrolls up in a browser; no pedal sends a shifted key.
  if (event.shiftKey || focus === 'field') return null;
  if (event.key === ' ' && focus === 'button') return null;
  return KEYS[event.key] ?? null;
}

const FIELD_ROLES = new Set([
  'textbox',
  'searchbox',
  'combobox',
  'listbox',
  'option',
  'slider',
  'spinbutton',
  'radio',
  'radiogroup',
  'tab',
  'tablist',
  'menu',
  'menuitem',
  'menuitemradio',
  'menuitemcheckbox',
  'grid',
]);
const BUTTON_ROLES = new Set(['button', 'checkbox', 'switch', 'link']);

/** What an element (the event's target) does with keys; see `KeyFocus`. */
export function keyFocusOf(target: {
  tagName: string;
  isContentEditable?: boolean;
  role: string | null;
  /** An input's type, a link's href: the attributes that change what a key does there. */
  type?: string | null;
  href?: string | null;
}): KeyFocus {
  const tag = target.tagName.toUpperCase();
  if (target.isContentEditable) return 'field';
  if (target.role !== null && FIELD_ROLES.has(target.role)) return 'field';
  if (target.role !== null && BUTTON_ROLES.has(target.role)) return 'button';
  if (tag === 'TEXTAREA' || tag === 'SELECT') return 'field';
  if (tag === 'INPUT') {
    const type = (target.type ?? 'text').toLowerCase();
    return ['button', 'submit', 'reset', 'checkbox', 'image'].includes(type) ? 'button' : 'field';
  }
  if (tag === 'BUTTON' || tag === 'SUMMARY' || (tag === 'A' && target.href)) return 'button';
  return 'none';
}
