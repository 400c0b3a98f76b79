type Attributes = Record<string, string | boolean | undefined>;

/**
 * An element with attributes and children, as plain DOM: the follow page carries no
 * component library. Text goes in as text nodes, never as HTML, so a song's words cannot
 * become markup. `true` sets an empty attribute, `false` or undefined leaves it out.
 */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Attributes = {},
  ...children: (Node | string | null | undefined | false)[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue;
    element.setAttribute(name, value === true ? '' : value);
  }
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child);
  }
  return element;
}

/** Sets a text only when it differs, so a live region is not told the same thing twice. */
export function setText(element: Element, text: string): void {
  if (element.textContent !== text) element.textContent = text;
}
