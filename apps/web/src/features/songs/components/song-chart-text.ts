import {
  parsePastedChart,
  readChordPro,
  writeChordPro,
  writePlainText,
} from '@segue/shared/formats';
import type { ConvertResult, ConvertedSong, SongToWrite } from '@segue/shared/formats';
import type { SongLine } from '@segue/shared';
import type { PastedChart } from './song-form-state.ts';

/**
 * The song form's chart: the whole song's parts as one text, in chords over words or ChordPro,
 * read and written with the shared readers and writers ("Paste chart" reads with the same
 * parser). The chart holds the parts only; the title, artist and details have their own fields
 * (docs/DECISIONS.md, "Song entry as one chart").
 */

export interface ChartPart {
  label: string;
  lines: SongLine[];
}

/** Something in the chart that would not be saved as typed, and its line (counting from 1). */
export interface ChartProblem {
  line: number;
  text: string;
}

export interface ReadChart {
  /** The parts and the details the chart names itself (`Key: G`, `{tempo: 72}`). */
  chart: PastedChart;
  problems: ChartProblem[];
}

// Both readers take a first line followed by a break for the song's title: a chart in the form
// has no title of its own (the Title field has it), so one is given ahead of the text, and the
// text's own lines are numbered from the line after it.
const NO_TITLE = '\u2060';
const PLAIN_NO_TITLE = `Title: ${NO_TITLE}\n`;
const CHORDPRO_NO_TITLE = '{title: }\n';

/** The chords-over-words reader's note for a part without lines, which it leaves out. */
const LEFT_OUT_PART = /^The part "(.*)" has no lines and is left out\.$/;

const noChart = (): PastedChart => ({
  title: '',
  artist: '',
  key: null,
  capo: 0,
  tempo: null,
  time: null,
  parts: [],
});

/** The lines the ChordPro reader kept aside (comments, unknown directives): not parts. */
function keptAside(song: ConvertedSong): string[] {
  const extras = song.source?.extras as { lines?: { text?: unknown }[] } | null | undefined;
  return (extras?.lines ?? []).flatMap((line) =>
    typeof line.text === 'string' ? [line.text] : [],
  );
}

/** Where each kept-aside line is in the text, in order (1-based). */
function linesOf(texts: readonly string[], rows: readonly string[]): number[] {
  const found: number[] = [];
  let from = 0;
  for (const text of texts) {
    const at = rows.findIndex((row, i) => i >= from && row.replace(/\r$/, '') === text);
    if (at < 0) continue;
    found.push(at + 1);
    from = at + 1;
  }
  return found;
}

/** What the form tells of a reader's note: a part without lines in the spec's own words. */
function problemText(message: string): string {
  const leftOut = LEFT_OUT_PART.exec(message);
  return leftOut ? `Part "${leftOut[1] ?? ''}" needs at least one line.` : message;
}

/**
 * The chart typed in the form, read: its parts, the details it names, and every line that would
 * not be saved as typed (a reader's warning, a comment or directive ChordPro keeps aside).
 */
export function readChartText(text: string): ReadChart {
  if (text.trim() === '') return { chart: noChart(), problems: [] };
  let result: ConvertResult = parsePastedChart(PLAIN_NO_TITLE + text);
  if (result.songs[0]?.source?.format === 'chordpro') {
    result = readChordPro(CHORDPRO_NO_TITLE + text);
  }
  const song = result.songs[0];
  const problems: ChartProblem[] = [];
  const seen = new Set<number>();
  for (const warning of result.warnings) {
    // Notes about the whole text (what plain text holds) concern nothing typed.
    if (warning.line === null || warning.line <= 1) continue;
    const line = warning.line - 1;
    seen.add(line);
    problems.push({ line, text: problemText(warning.message) });
  }
  if (song) {
    const rows = text.split('\n');
    for (const line of linesOf(keptAside(song), rows)) {
      if (seen.has(line)) continue;
      problems.push({ line, text: CHART_TEXTS.notKept(rows[line - 1]?.trim() ?? '') });
    }
  }
  problems.sort((a, b) => a.line - b.line);
  if (!song) return { chart: noChart(), problems };
  return {
    chart: {
      title: song.title === NO_TITLE ? '' : song.title,
      artist: song.artist,
      key: song.key,
      capo: song.capo,
      tempo: song.tempo,
      time: song.time,
      parts: song.parts.map(({ label, lines }) => ({
        label,
        lines: lines.map(({ chords, lyrics }) => ({ chords, lyrics })),
      })),
    },
    problems,
  };
}

/** A problem of the chart as the form says it: "Line 4: …". */
export const chartProblemText = (problem: ChartProblem) =>
  CHART_TEXTS.atLine(problem.line, problem.text);

export const CHART_TEXTS = {
  atLine: (line: number, text: string) => `Line ${line}: ${text}`,
  notKept: (line: string) => `${line} would not be saved: the chart keeps parts and lines only.`,
} as const;

const sameParts = (a: readonly ChartPart[], b: readonly ChartPart[]) =>
  a.length === b.length &&
  a.every(
    (part, i) =>
      part.label === b[i]?.label &&
      part.lines.length === b[i]?.lines.length &&
      part.lines.every(
        (line, j) =>
          line.chords === b[i]?.lines[j]?.chords && line.lyrics === b[i]?.lines[j]?.lyrics,
      ),
  );

/**
 * The parts as the form's chart: chords over words when it reads back as the same parts, else
 * ChordPro (which says more: a line of chords alone, lyrics that look like chords), with chords
 * as they sound, as the line-by-line view shows them. Null when neither reads back the same:
 * such a song is edited line by line, so opening it as a chart never changes it.
 */
export function chartTextOf(parts: readonly ChartPart[]): string | null {
  if (parts.length === 0) return '';
  const song: SongToWrite = {
    title: '',
    artist: '',
    key: null,
    capo: 0,
    tempo: null,
    time: null,
    ccli: null,
    copyright: '',
    authors: [],
    parts: parts.map(({ label, lines }) => ({ label, lines: lines.map((l) => ({ ...l })) })),
  };
  for (const text of [writePlainText(song), writeChordPro(song).replace(/^\{title: \}\n+/, '')]) {
    const read = readChartText(text);
    if (read.problems.length === 0 && sameParts(read.chart.parts, parts)) return text;
  }
  return null;
}
