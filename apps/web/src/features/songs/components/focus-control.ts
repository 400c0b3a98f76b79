import { flushSync } from 'react-dom';

/** The `id` of the form's Add Part button, a place for the focus when no part is left. */
export const ADD_PART_BUTTON_ID = 'song-form-add-part';

/** The `id` of part `n`'s label input (counting from 1). */
export const partLabelInputId = (n: number) => `song-part-${n}-label`;

/**
 * Applies a change of the parts editor at once, then focuses the first enabled control of
 * `targets` (accessible names, or `#id`). Moving, adding or removing a part or line re-numbers
 * the controls; without this the focus would fall back to the page and keyboard users lose
 * their place.
 */
export function changeThenFocus(change: () => void, ...targets: string[]): void {
  flushSync(change);
  for (const target of targets) {
    const element = document.querySelector<HTMLElement>(
      target.startsWith('#') ? target : `[aria-label="${CSS.escape(target)}"]`,
    );
    if (element && !element.matches(':disabled')) {
      element.focus();
      return;
    }
  }
}
