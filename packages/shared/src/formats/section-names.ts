// Section names that chord sheets and lyric files write on a line of their own ("Verse 1",
// "Chorus", "Pre-Chorus 2", "Bridge (x2)"): the plain text and SongSelect readers start a part
// at one.

const NAMES = [
  'verse',
  'chorus',
  'bridge',
  'intro',
  'outro',
  'interlude',
  'instrumental',
  'solo',
  'tag',
  'ending',
  'coda',
  'refrain',
  'hook',
  'breakdown',
  'vamp',
  'turnaround',
  'riff',
  'misc',
  'break',
  'channel',
  'pre',
];

const SECTION_NAME = new RegExp(
  `^(?:(?:pre|post)[- ]?)?(?:${NAMES.join('|')})` +
    // a number ("Verse 2", "Verse 2b"), then a repeat mark ("x2", "(2x)"). The number's digits
    // are taken all at once ((?=(\d+))\1): tried at each length, with the mark's digits after
    // them, a long run of digits would take time as its square. A mark's digits after a number's
    // are still read, as the mark's alone ("Verse 12 x" is "Verse" sung 12 times).
    String.raw`(?:\s*(?=(\d+))\1[a-z]?)?(?:\s*\(?(?:x\s?\d+|\d+\s?x)\)?)?$`,
  'i',
);

/** The text, trimmed, when it is a section's name such as "Verse 1" or "Chorus (x2)"; else null. */
export function sectionName(text: string): string | null {
  const name = text.trim();
  return SECTION_NAME.test(name) ? name.replace(/\s+/g, ' ') : null;
}
