import { describe, expect, it } from 'vitest';
import { isShortcutKey } from './shortcut-key.ts';
import type { ShortcutKeyEvent } from './shortcut-key.ts';

const press = (key: string, more: Partial<ShortcutKeyEvent> = {}): ShortcutKeyEvent => ({
  key,
  repeat: false,
  defaultPrevented: false,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  target: null,
  ...more,
});
const on = (element: { tagName: string; isContentEditable?: boolean }) =>
  element as unknown as EventTarget;

describe('isShortcutKey', () => {
  it('takes the letter in either case', () => {
    expect(isShortcutKey(press('b'), 'b')).toBe(true);
    expect(isShortcutKey(press('B'), 'b')).toBe(true);
    expect(isShortcutKey(press('f'), 'b')).toBe(false);
  });

  it('leaves the browser its own shortcuts', () => {
    expect(isShortcutKey(press('b', { ctrlKey: true }), 'b')).toBe(false);
    expect(isShortcutKey(press('b', { metaKey: true }), 'b')).toBe(false);
    expect(isShortcutKey(press('b', { altKey: true }), 'b')).toBe(false);
    expect(isShortcutKey(press('b', { defaultPrevented: true }), 'b')).toBe(false);
  });

  it('ignores a key held down', () => {
    expect(isShortcutKey(press('b', { repeat: true }), 'b')).toBe(false);
  });

  it('ignores typing in a field, and takes the key anywhere else', () => {
    for (const tagName of ['INPUT', 'TEXTAREA', 'SELECT'])
      expect(isShortcutKey(press('b', { target: on({ tagName }) }), 'b')).toBe(false);
    const editable = on({ tagName: 'DIV', isContentEditable: true });
    expect(isShortcutKey(press('b', { target: editable }), 'b')).toBe(false);
    expect(isShortcutKey(press('b', { target: on({ tagName: 'BUTTON' }) }), 'b')).toBe(true);
    expect(isShortcutKey(press('b', { target: on({ tagName: 'BODY' }) }), 'b')).toBe(true);
  });
});
