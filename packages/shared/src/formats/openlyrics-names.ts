// OpenLyrics verse names and Segue part labels, each way: v1 ↔ "Verse 1", c ↔ "Chorus".

const SECTIONS: Record<string, string> = {
  v: 'Verse',
  c: 'Chorus',
  p: 'Pre-Chorus',
  b: 'Bridge',
  i: 'Intro',
  e: 'Ending',
  o: 'Other',
  s: 'Solo',
  m: 'Middle',
};
const CODE_OF_SECTION = new Map(Object.entries(SECTIONS).map(([code, label]) => [label, code]));

/** OpenLyrics' names: a section letter, a number, a letter for a part of it (v1, c, v1a). */
const STANDARD_NAME = /^([vcpbeiosm])(\d*)([a-z]?)$/;
const STANDARD_LABEL = /^(\S+?)(?: (\d*[a-z]?))?$/;
/** Two verses with one label: the second is written `c.2`, read as the label of `c`. */
const COPY_SUFFIX = /\.\d+$/;
/** A character of a label that a name cannot hold, written as its code point: `_x0028_`. */
const ESCAPED_CHAR = /_x([0-9A-F]{4,6})_|_/g;

function standardLabel(name: string): string | null {
  const match = STANDARD_NAME.exec(name);
  if (!match) return null;
  const [, code = '', number = '', part = ''] = match;
  return [SECTIONS[code], number + part].filter(Boolean).join(' ');
}

function standardName(label: string): string | null {
  const [, section = '', rest = ''] = STANDARD_LABEL.exec(label) ?? [];
  const code = CODE_OF_SECTION.get(section);
  const name = code === undefined ? null : code + rest;
  return name !== null && standardLabel(name) === label ? name : null;
}

function unescapeName(name: string): string {
  return name.replace(ESCAPED_CHAR, (whole, hex?: string) => {
    if (hex === undefined) return ' ';
    const codePoint = parseInt(hex, 16);
    return codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : whole;
  });
}

/** Characters an XML name token holds that stand for themselves in a verse name. */
function isPlainNameChar(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  if (/^[A-Za-z0-9-]$/.test(char)) return true;
  return code >= 0xc0 && code !== 0xd7 && code !== 0xf7 && /^[\p{L}\p{Nd}]$/u.test(char);
}

function escapeName(label: string): string {
  const escape = (char: string) =>
    `_x${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}_`;
  // The pieces are joined once, and the last one asked what it ends with: asked of a name
  // growing a character at a time, a long label would take time as its square.
  const pieces: string[] = [];
  for (const char of label) {
    // An x after an underscore would read as the start of an escape (" x0041_").
    const plain = isPlainNameChar(char) && !(char === 'x' && pieces.at(-1)?.endsWith('_'));
    pieces.push(char === ' ' ? '_' : plain ? char : escape(char));
  }
  const name = pieces.join('');
  // A custom label that looks like a standard name ("c", "v1") must not read as one.
  return STANDARD_NAME.test(name) ? escape(name.charAt(0)) + name.slice(1) : name;
}

/**
 * The part label for a verse name: OpenLyrics' names as words ("v1" → "Verse 1", "c2" →
 * "Chorus 2", "p" → "Pre-Chorus"); any other name as written, with `_` as a space and
 * `_xHHHH_` as that character, as verseNameOfLabel writes them.
 */
export function labelOfVerseName(name: string): string {
  const base = name.replace(COPY_SUFFIX, '');
  return standardLabel(base) ?? unescapeName(base);
}

/**
 * The verse name for a part label, that labelOfVerseName reads back as the label: "Verse 1" →
 * "v1", "Chorus" → "c", "Outro" → "Outro", "Verse 1 (quiet)" → "Verse_1_x0028_quiet_x0029_".
 * A part without a label is "o" (Other).
 */
export function verseNameOfLabel(label: string): string {
  if (label === '') return 'o';
  return standardName(label) ?? escapeName(label);
}

/**
 * Names verses apart: each name as it is, or `name.2`, `name.3`… when `taken` has it, read
 * back with the same label. Names are only ever added to `taken`, so the search for a name's
 * next copy goes on from where the last one ended: started from `.2` each time, many verses
 * of one name would take time as their square.
 */
export function verseNamer(taken: ReadonlySet<string>): (name: string) => string {
  const nextCopy = new Map<string, number>();
  return (name) => {
    if (!taken.has(name)) return name;
    let copy = nextCopy.get(name) ?? 2;
    while (taken.has(`${name}.${copy}`)) copy += 1;
    nextCopy.set(name, copy);
    return `${name}.${copy}`;
  };
}
