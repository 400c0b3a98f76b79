import { describe, expect, it } from 'vitest';
import { keyFocusOf, liveKeyAction } from './page-turn-keys.ts';

const press = (key: string, more: Partial<Parameters<typeof liveKeyAction>[0]> = {}) => ({
  key,
  altKey: false,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  defaultPrevented: false,
  ...more,
});

describe('liveKeyAction', () => {
  it('steps parts with what page-turn pedals send, and songs with up and down', () => {
    expect(liveKeyAction(press('PageDown'), 'none')).toBe('nextPart');
    expect(liveKeyAction(press(' '), 'none')).toBe('nextPart');
    expect(liveKeyAction(press('ArrowRight'), 'none')).toBe('nextPart');
    expect(liveKeyAction(press('PageUp'), 'none')).toBe('previousPart');
    expect(liveKeyAction(press('ArrowLeft'), 'none')).toBe('previousPart');
    expect(liveKeyAction(press('ArrowUp'), 'none')).toBe('previousSong');
    expect(liveKeyAction(press('ArrowDown'), 'none')).toBe('nextSong');
    expect(liveKeyAction(press('Enter'), 'none')).toBeNull();
    expect(liveKeyAction(press('a'), 'none')).toBeNull();
  });

  it('leaves Space to a focused button, which it presses, but steps with the other keys', () => {
    expect(liveKeyAction(press(' '), 'button')).toBeNull();
    expect(liveKeyAction(press('PageDown'), 'button')).toBe('nextPart');
    expect(liveKeyAction(press('ArrowLeft'), 'button')).toBe('previousPart');
  });

  it('leaves every key to a text field or a select', () => {
    for (const key of [' ', 'PageDown', 'PageUp', 'ArrowLeft', 'ArrowRight', 'ArrowDown']) {
      expect(liveKeyAction(press(key), 'field')).toBeNull();
    }
  });

  it('leaves shortcuts and keys already handled alone', () => {
    expect(liveKeyAction(press('ArrowRight', { altKey: true }), 'none')).toBeNull();
    expect(liveKeyAction(press('PageDown', { ctrlKey: true }), 'none')).toBeNull();
    expect(liveKeyAction(press('ArrowRight', { metaKey: true }), 'none')).toBeNull();
    expect(liveKeyAction(press(' ', { shiftKey: true }), 'none')).toBeNull();
    expect(liveKeyAction(press('PageDown', { defaultPrevented: true }), 'none')).toBeNull();
  });
});

describe('keyFocusOf', () => {
  const el = (tagName: string, more: Partial<Parameters<typeof keyFocusOf>[0]> = {}) =>
    keyFocusOf({ tagName, role: null, ...more });

  it('finds fields that keep every key', () => {
    expect(el('TEXTAREA')).toBe('field');
    expect(el('SELECT')).toBe('field');
    expect(el('INPUT')).toBe('field');
    expect(el('INPUT', { type: 'range' })).toBe('field');
    expect(el('DIV', { isContentEditable: true })).toBe('field');
    expect(el('DIV', { role: 'combobox' })).toBe('field');
    expect(el('BUTTON', { role: 'tab' })).toBe('field');
  });

  it('finds buttons and links, which keep Space', () => {
    expect(el('BUTTON')).toBe('button');
    expect(el('INPUT', { type: 'checkbox' })).toBe('button');
    expect(el('A', { href: '/setlists' })).toBe('button');
    expect(el('SPAN', { role: 'button' })).toBe('button');
    expect(el('SUMMARY')).toBe('button');
  });

  it('leaves the page itself and plain text to the live keys', () => {
    expect(el('BODY')).toBe('none');
    expect(el('DIV')).toBe('none');
    expect(el('A')).toBe('none');
  });
});
