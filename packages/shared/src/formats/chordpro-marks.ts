/** ChordPro's marks: a `{directive}` line, or a `[Chord]` right before a syllable. */
export const looksLikeChordPro = (text: string): boolean =>
  /^\s*\{[a-z_+]+[\s:}]/im.test(text) || /\[[A-G][^\]\s]{0,10}\][^\s[]/.test(text);
