// Made-up songs for the library and API measures: deterministic, unique titles built
// from a small vocabulary, so searches for one of its words match a few percent of
// the library, as a search in a real library would.

const FIRST = [
  'Amazing',
  'Holy',
  'Living',
  'Endless',
  'Faithful',
  'Glorious',
  'Quiet',
  'Mighty',
  'Morning',
  'Open',
  'Still',
  'Shining',
  'Gentle',
  'Wonderful',
  'Steadfast',
  'Risen',
  'Ancient',
  'Everlasting',
  'Golden',
  'Bright',
];
const SECOND = [
  'Grace',
  'Light',
  'River',
  'Mercy',
  'Heart',
  'Kingdom',
  'Fire',
  'Hope',
  'Song',
  'Water',
  'Mountain',
  'Shepherd',
  'Harbor',
  'Promise',
  'Anthem',
  'Refuge',
  'Glory',
  'Path',
  'Name',
  'Dawn',
];
const ARTISTS = [
  'Hillside Collective',
  'Northgate Worship',
  'Cedar & Stone',
  'The Lanterns',
  'Riverbend Music',
  'Open Door Band',
  'Harvest Choir',
  'New Anthem',
  'Still Waters',
  'Morning Star Collective',
];

/** 20 search terms: words of the vocabulary, parts of words and artist names. */
export const SEARCH_TERMS = [
  'grace',
  'light',
  'river',
  'mercy',
  'holy',
  'amazing',
  'kingdom',
  'morning',
  'hope',
  'shepherd',
  'ful',
  'ing',
  'refuge',
  'ancient',
  'lanterns',
  'riverbend',
  'anthem',
  'still',
  'dawn',
  'golden',
];

/**
 * @param {number} n  unique per song within a team
 * @param {{ parts?: number, lines?: number, tag?: string }} [options]
 */
export function makeSong(n, { parts = 3, lines = 2, tag = '' } = {}) {
  const title = `${FIRST[n % FIRST.length]} ${SECOND[Math.floor(n / FIRST.length) % SECOND.length]} ${tag}${n}`;
  const labels = ['Verse 1', 'Chorus', 'Verse 2', 'Bridge', 'Outro', 'Intro'];
  return {
    title,
    artist: ARTISTS[n % ARTISTS.length],
    parts: Array.from({ length: parts }, (_, p) => ({
      label: labels[p] ?? `Part ${p + 1}`,
      lines: Array.from({ length: lines }, (_, l) => ({
        chords: ['G   D   Em  C', 'C   G   Am  F', 'D   A   Bm  G'][(n + p + l) % 3],
        lyrics: `Line ${l + 1} of ${labels[p] ?? 'part'}: we sing of ${SECOND[(n + l) % SECOND.length].toLowerCase()} and ${FIRST[(n + p) % FIRST.length].toLowerCase()} love`,
      })),
    })),
  };
}

/**
 * `count` songs numbered from `from`.
 * @param {number} count
 * @param {{ from?: number, parts?: number, lines?: number, tag?: string }} [options]
 */
export function makeSongs(count, { from = 0, ...options } = {}) {
  return Array.from({ length: count }, (_, i) => makeSong(from + i, options));
}

/** The live measure's song: 50 parts labelled P1..P50 (the most a song may have). */
export function makeLiveSong(room, parts = 50) {
  return {
    title: `Live bench song ${room}`,
    artist: 'Bench',
    parts: Array.from({ length: parts }, (_, p) => ({
      label: `P${p + 1}`,
      lines: [{ chords: 'G   D', lyrics: `Part ${p + 1}` }],
    })),
  };
}
