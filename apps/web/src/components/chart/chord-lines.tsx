import { Fragment, useMemo } from 'react';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { chordSegments, endsInChords, wordGroups } from './chord-segments.ts';
import type { ChordSegment } from './chord-segments.ts';
import { lyricDirection } from './lyric-languages.ts';
import type { LyricRow, ShownLine } from './lyric-languages.ts';

/** The colour of chords and active labels: the primary colour itself is too light for text. */
export const chordColor = (theme: Theme) =>
  theme.palette.mode === 'light' ? theme.palette.primary.dark : theme.palette.primary.light;

export const LINE_HEIGHT = 1.35;
export const DENSE_LINE_HEIGHT = 1.2;

/**
 * The lines' layout, set once here rather than on each of the many segments. A segment is an
 * inline block: rows wrap between segments, and its lyric stays inline text, so selecting a line
 * copies its words without breaks. Its chord sits over the segment's left edge in a band that
 * only segments with a chord have; the segments of a row line up at the bottom, so the lyrics
 * share one baseline and a wrapped row without chords takes no room for them.
 */
export const linesSx = (lineHeight: number, lineGap: number): SxProps<Theme> => ({
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a font stack, not a text
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
  lineHeight: lineHeight,
  // Nothing here is wider than the screen but the spaces hanging at a row's end; they must not
  // make the page scroll sideways in any browser.
  overflowX: 'clip',
  // On paper a line is never split across sheets.
  '& [data-line]': { mb: lineGap, minHeight: `${lineHeight}em`, breakInside: 'avoid' },
  // A word wider than the screen breaks anywhere rather than scrolling sideways.
  '& [data-line="lyrics"], & [data-lyric]': { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
  '& [data-segment]': {
    display: 'inline-block',
    position: 'relative',
    verticalAlign: 'bottom',
    boxSizing: 'content-box',
    maxWidth: '100%',
  },
  '& [data-segment][data-with-chord]': { pt: `${lineHeight}em` },
  // A word cut by chords wraps as one, unless it alone is wider than the row.
  '& [data-word]': { display: 'inline-block', verticalAlign: 'bottom', maxWidth: '100%' },
  // The last word and the chords after it never part: a chord alone would take a row of its
  // own above an empty one. (Only wider than a whole row would the chords run off its end.)
  '& [data-word][data-tail], & [data-tail] [data-room], & [data-tail] [data-lyric]': {
    whiteSpace: 'pre',
  },
  // A chord past the end of the lyrics keeps its band above the lyrics' row.
  '& [data-line="both"] [data-segment]': { minHeight: `${lineHeight}em` },
  '& [data-chord]': {
    position: 'absolute',
    top: 0,
    left: 0,
    whiteSpace: 'pre',
    fontWeight: 700,
    color: chordColor,
    // Copying a line gives its words; the chords stay on screen.
    userSelect: 'none',
  },
  // A right-to-left line's segments flow from the right: each chord over its segment's right
  // edge, where its syllable starts, and read left to right itself (C/E, F#m7).
  '& [dir="rtl"] [data-chord]': {
    left: 'auto',
    right: 0,
    direction: 'ltr',
    unicodeBidi: 'isolate',
  },
  // A line with its other languages stays one block: on paper and in the stage's columns.
  '& [data-line-group]': { mb: lineGap, breakInside: 'avoid' },
  '& [data-line-group] > [data-line]': { mb: 0 },
  // A line's other language: lyrics only, in the body font; the second language quieter.
  '& [data-translation]': {
    fontFamily: (theme: Theme) => theme.typography.fontFamily,
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
  },
  '& [data-translation][data-second], & [data-line][data-second] [data-lyric], & [data-line="lyrics"][data-second]':
    {
      fontStyle: 'italic',
      color: 'text.secondary',
    },
  // Spaces that hang at the end of a row when it wraps there, rather than pushing chords down.
  '& [data-room]': { whiteSpace: 'pre-wrap', userSelect: 'none' },
  '& [data-spoken]': {
    position: 'absolute',
    width: '1px',
    height: '1px',
    overflow: 'hidden',
    clipPath: 'inset(50%)',
    whiteSpace: 'nowrap',
    userSelect: 'none',
  },
});

/** One segment as drawn: its chord over the left edge of its lyric piece, then its room. */
function Segment({
  segment,
  index,
  inWord,
}: {
  segment: ChordSegment;
  index: number;
  /** Inside a word's box, whose width comes from its pieces: no percentage of it (circular). */
  inWord: boolean;
}) {
  return (
    <>
      {(segment.chord !== '' || segment.lyric !== '') && (
        <span
          data-segment={index}
          data-with-chord={segment.chord === '' ? undefined : ''}
          // The chord is out of the flow: the segment takes its width (exact in monospace).
          style={
            segment.chord === ''
              ? undefined
              : { minWidth: inWord ? `${segment.width}ch` : `min(${segment.width}ch, 100%)` }
          }
        >
          {segment.chord !== '' && <span data-chord>{segment.chord}</span>}
          {segment.lyric !== '' && <span data-lyric>{segment.lyric}</span>}
        </span>
      )}
      {segment.room > 0 && <span data-room>{' '.repeat(segment.room)}</span>}
    </>
  );
}

/**
 * The segments as drawn, a word's pieces kept together: a row wraps between words, and inside
 * one only when the word alone is wider than the row.
 */
function Segments({ segments }: { segments: ChordSegment[] }) {
  let index = 0;
  return wordGroups(segments).map((word) => {
    const first = index;
    index += word.length;
    const drawn = word.map((segment, i) => (
      <Segment key={first + i} segment={segment} index={first + i} inWord={word.length > 1} />
    ));
    return word.length === 1 ? (
      <Fragment key={first}>{drawn}</Fragment>
    ) : (
      <span key={first} data-word data-tail={endsInChords(word) ? '' : undefined}>
        {drawn}
      </span>
    );
  });
}

/** A row of the line's words in another language, with its language and direction. */
function TranslationRow({ row }: { row: LyricRow }) {
  return (
    <div
      data-translation
      data-second={row.second ? '' : undefined}
      lang={row.lang}
      dir={lyricDirection(row.text, row.lang)}
    >
      {row.text}
    </div>
  );
}

/**
 * One line: its lyrics wrapping at spaces, with each chord kept over the syllable it belongs
 * to; a right-to-left line flows from the right, its chords with it. The line's other
 * languages, if any, stand over and under it.
 */
export function ChordLine({ line }: { line: ShownLine }) {
  const { over = [], under = [] } = line;
  const drawn = <ChordRow line={line} />;
  if (over.length === 0 && under.length === 0) return drawn;
  return (
    <div data-line-group>
      {over.map((row, i) => (
        <TranslationRow key={`o${i}`} row={row} />
      ))}
      {drawn}
      {under.map((row, i) => (
        <TranslationRow key={`u${i}`} row={row} />
      ))}
    </div>
  );
}

function ChordRow({ line }: { line: ShownLine }) {
  const segments = useMemo(() => chordSegments(line), [line]);
  const chords = segments.filter((segment) => segment.chord !== '').map(({ chord }) => chord);
  const attributes = {
    lang: line.lang,
    dir: lyricDirection(line.lyrics, line.lang),
    'data-second': line.second ? '' : undefined,
  };
  if (chords.length === 0) {
    return (
      <div data-line="lyrics" {...attributes}>
        {line.lyrics}
      </div>
    );
  }
  if (line.lyrics === '') {
    return (
      <div data-line="chords" {...attributes}>
        <Segments segments={segments} />
      </div>
    );
  }
  // Read out one piece at a time, a chord would cut a word ("sor", "Em7", "row"): screen readers
  // get the line as the two-line layout read, its chords and then its words, each in one piece.
  return (
    <div data-line="both" {...attributes}>
      <span data-spoken dir="ltr">
        {chords.join(' ')}
      </span>
      <span data-spoken>{line.lyrics}</span>
      <span aria-hidden>
        <Segments segments={segments} />
      </span>
    </div>
  );
}

/** A part's lines in a box with the lines' layout (`sx` from `linesSx`). */
export function ChordLines({
  lines,
  sx,
  fontSize,
}: {
  lines: readonly ShownLine[];
  sx: SxProps<Theme>;
  /** In rem; inherited when left out. */
  fontSize?: number | undefined;
}) {
  return (
    <Box sx={sx} style={fontSize === undefined ? undefined : { fontSize: `${fontSize}rem` }}>
      {lines.map((line, index) => (
        <ChordLine key={index} line={line} />
      ))}
    </Box>
  );
}
