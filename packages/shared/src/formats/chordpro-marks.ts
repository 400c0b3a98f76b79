/**
 * A `{directive}` at the start of a line, after spaces. Each line's spaces are looked at from
 * its own start only: `^\s*` in multiline mode would run on through the line breaks from
 * every line, taking time as the square of a file of blank lines.
 */
const DIRECTIVE_LINE_START = /(?:^|[\n\r\u2028\u2029])[^\S\n\r\u2028\u2029]*\{[a-z_+]+[\s:}]/i;

/** ChordPro's marks: a `{directive}` line, or a `[Chord]` right before a syllable. */
export const looksLikeChordPro = (text: string): boolean =>
  DIRECTIVE_LINE_START.test(text) || /\[[A-G][^\]\s]{0,10}\][^\s[]/.test(text);
