/**
 * A team name or a search for one as team search compares them: case, accents,
 * apostrophes and punctuation do not count, and "saint" is "st". So "st mark", "St Marks" and
 * "saint-mark" all find "St. Mark's Worship Team" (stored as "st marks worship team").
 */
export function teamSearchFold(text: string): string {
  return (
    text
      // "é" is "e" and a combining accent: drop the accents.
      .normalize('NFKD')
      .replace(/\p{M}+/gu, '')
      // What NFKD split and is no accent (Hangul syllables) is put back together.
      .normalize('NFC')
      .toLowerCase()
      // An apostrophe joins: "Mark's" is "marks", as people type it.
      .replace(/['’‘`´ʼ]/g, '')
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .replace(/(^| )saint(?= |$)/g, '$1st')
      .trim()
  );
}
