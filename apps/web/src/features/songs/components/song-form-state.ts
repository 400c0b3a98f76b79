import {
  SONG_LANGUAGE_TEXTS,
  SONG_PROBLEM_TEXTS,
  SongInputSchema,
  songProblem,
} from '@segue/shared';
import type { Song, SongAuthorType, SongLine, SongPart } from '@segue/shared';
import { chartTextOf, readChartText } from './song-chart-text.ts';
import type { ChartProblem } from './song-chart-text.ts';
import { songProblemField } from './song-problem-field.ts';
import type { FieldProblem } from './song-problem-field.ts';

/**
 * The song form's state: the song being written, with a stable key per part and line so that
 * moving or removing one keeps every other input (and the focus) where it was.
 */
export interface LineDraft {
  key: string;
  chords: string;
  lyrics: string;
  /** The line in the part's translations, by the translation's key; missing is empty. */
  translated?: Record<string, string>;
}

/** One of a part's translations: its language; its lines are on the part's lines. */
export interface TranslationDraft {
  key: string;
  lang: string;
  /** Kept as the song had it (a transliteration's script); the form does not change it. */
  translit?: string | undefined;
}

export interface PartDraft {
  key: string;
  /** The part's stable id on the server; a part added in this form has none until it is saved. */
  id?: string;
  label: string;
  lines: LineDraft[];
  /** The part's lyrics in other languages, line by line (LineDraft's `translated`). */
  translations?: TranslationDraft[];
}

/**
 * A translation in the chart view: a block of lines under a part of the chart, the part named
 * by its label and which of the parts with that label it is (chartPartKey).
 */
export interface ChartTranslationDraft {
  key: string;
  part: string;
  lang: string;
  translit?: string | undefined;
  text: string;
}

export interface AuthorDraft {
  key: string;
  name: string;
  type: SongAuthorType;
}

/**
 * The song's details as the inputs hold them: text as typed ('' is none), so a half-typed
 * tempo stays on screen; draftToSong turns them into the API's numbers and nulls.
 */
export interface DetailsDraft {
  /** '' is no key. */
  key: string;
  /** The main lyrics' language (a BCP 47 tag); '' is none. */
  language: string;
  capo: number;
  tempo: string;
  time: string;
  ccli: string;
  copyright: string;
  authors: AuthorDraft[];
}

/** The details typed as text. */
export type DetailTextField = 'key' | 'language' | 'tempo' | 'time' | 'ccli' | 'copyright';

/** The two views of the song's parts: the whole chart as one text, or two boxes a line. */
export type EntryView = 'chart' | 'lines';

export interface SongDraft {
  title: string;
  artist: string;
  /** Kept apart from the parts, so typing in a line does not re-render the details. */
  details: DetailsDraft;
  /** In the line-by-line view the truth; in the chart view as they were when it opened. */
  parts: PartDraft[];
  view: EntryView;
  /**
   * The chart view's text (the truth while it shows), and the text the parts were written as
   * when it opened: a chart typed back to that text leaves the parts unchanged.
   */
  chart: { text: string; written: string };
  /** The chart view's translations, a block of lines under a part each. */
  chartTranslations: ChartTranslationDraft[];
}

export type SongDraftAction =
  | { type: 'setTitle'; title: string }
  | { type: 'setArtist'; artist: string }
  | { type: 'setDetail'; field: DetailTextField; value: string }
  | { type: 'setCapo'; capo: number }
  | { type: 'addAuthor' }
  | { type: 'removeAuthor'; author: number }
  | { type: 'setAuthorName'; author: number; name: string }
  | { type: 'setAuthorType'; author: number; authorType: SongAuthorType }
  | { type: 'setLabel'; part: number; label: string }
  | { type: 'setLine'; part: number; line: number; field: 'chords' | 'lyrics'; value: string }
  | { type: 'addPart' }
  | { type: 'removePart'; part: number }
  | { type: 'movePart'; part: number; to: number }
  /** A new empty line at `at` (by default after the last). */
  | { type: 'addLine'; part: number; at?: number }
  /** Line `line` becomes `lines` (a paste of several); the first keeps the line's key. */
  | { type: 'replaceLine'; part: number; line: number; lines: SongLine[] }
  | { type: 'removeLine'; part: number; line: number }
  | { type: 'moveLine'; part: number; line: number; to: number }
  | { type: 'addTranslation'; part: number; lang: string }
  | { type: 'removeTranslation'; part: number; translation: string }
  | { type: 'setTranslationLine'; part: number; line: number; translation: string; value: string }
  /** The chart view: a translation under the chart's part `part` (chartPartKey). */
  | { type: 'addChartTranslation'; part: string; lang: string }
  | { type: 'removeChartTranslation'; translation: string }
  | { type: 'setChartTranslation'; translation: string; text: string }
  /** A pasted chart: its parts replace the form's; its details fill the empty ones. */
  | { type: 'useChart'; chart: PastedChart }
  | { type: 'setChartText'; text: string }
  /** The chart view opens with the parts written as `text` (chartTextOf). */
  | { type: 'showChart'; text: string }
  /** The line-by-line view opens with the chart's parts (read by readChartText). */
  | { type: 'showLines'; chart: PastedChart };

/** What "Paste chart" gives the form: parts, and the details the chart named. */
export interface PastedChart {
  title: string;
  artist: string;
  key: string | null;
  capo: number;
  tempo: number | null;
  time: string | null;
  parts: { label: string; lines: SongLine[] }[];
}

let lastKey = 0;
const newKey = () => `k${++lastKey}`;

const emptyLine = (): LineDraft => ({ key: newKey(), chords: '', lyrics: '' });

/** A new part: no label yet, one empty line (spec section 2, Song form). */
const emptyPart = (): PartDraft => ({ key: newKey(), label: '', lines: [emptyLine()] });

const noDetails = (): DetailsDraft => ({
  key: '',
  language: '',
  capo: 0,
  tempo: '',
  time: '',
  ccli: '',
  copyright: '',
  authors: [],
});

/**
 * A new song starts with an empty chart (and one part holding one empty line, the spec's new
 * part, for the line-by-line view); an existing one as it is, shown as its chart when the
 * chart reads back as the same parts, else line by line.
 */
export function initialDraft(song?: Song): SongDraft {
  if (!song) {
    return {
      title: '',
      artist: '',
      details: noDetails(),
      parts: [emptyPart()],
      view: 'chart',
      chart: { text: '', written: '' },
      chartTranslations: [],
    };
  }
  const text = chartTextOf(song.parts);
  const parts = song.parts.map((part) => {
    const translations = (part.translations ?? []).map((t) => ({
      key: newKey(),
      lang: t.lang,
      ...(t.translit ? { translit: t.translit } : {}),
    }));
    return {
      key: newKey(),
      id: part.id,
      label: part.label,
      translations,
      lines: part.lines.map((line, i) => ({
        key: newKey(),
        ...line,
        translated: Object.fromEntries(
          translations.map((t, k) => [t.key, part.translations[k]?.lines[i] ?? '']),
        ),
      })),
    };
  });
  return {
    view: text === null ? 'lines' : 'chart',
    chart: { text: text ?? '', written: text ?? '' },
    title: song.title,
    artist: song.artist,
    details: {
      key: song.key ?? '',
      language: song.language ?? '',
      capo: song.capo,
      tempo: song.tempo === null ? '' : String(song.tempo),
      time: song.time ?? '',
      ccli: song.ccli ?? '',
      copyright: song.copyright,
      authors: song.authors.map((author) => ({ key: newKey(), ...author })),
    },
    parts,
    chartTranslations: chartTranslationsOf(parts),
  };
}

/**
 * The chart's name of each part: its label, and which of the parts with that label it is, so
 * a translation stays under its part while the chart around it is typed.
 */
export function chartPartKeys(parts: readonly { label: string }[]): string[] {
  const seen = new Map<string, number>();
  return parts.map(({ label }) => {
    const n = (seen.get(label) ?? 0) + 1;
    seen.set(label, n);
    return `${label}\u0000${n}`;
  });
}

/** A translation's lines, without the empty ones at the end. */
function trimmedLines(lines: readonly string[]): string[] {
  let end = lines.length;
  while (end > 0 && !lines[end - 1]?.trim()) end -= 1;
  return lines.slice(0, end);
}

/** The lines a chart view's block of text holds, one a row. */
export const blockLines = (text: string) => trimmedLines(text.split(/\r\n|\r|\n/));

/** The translations of line-by-line parts as the chart view's blocks (parts without text left out). */
function chartTranslationsOf(parts: readonly PartDraft[]): ChartTranslationDraft[] {
  const kept = parts.filter((part) => !isBlankPart(part));
  const keys = chartPartKeys(kept);
  return kept.flatMap((part, i) =>
    (part.translations ?? []).map((t) => ({
      key: t.key,
      part: keys[i]!,
      lang: t.lang,
      ...(t.translit ? { translit: t.translit } : {}),
      text: trimmedLines(part.lines.map((line) => line.translated?.[t.key] ?? '')).join('\n'),
    })),
  );
}

/** A part's translations as the API takes them. */
function partTranslations(part: PartDraft): SongPart['translations'] {
  return (part.translations ?? []).map((t) => ({
    lang: t.lang,
    ...(t.translit ? { translit: t.translit } : {}),
    lines: trimmedLines(part.lines.map((line) => line.translated?.[t.key] ?? '')),
  }));
}

/** The chart view's translations put on parts read from the chart (matched by chartPartKey). */
function withChartTranslations(
  parts: PartDraft[],
  translations: readonly ChartTranslationDraft[],
): PartDraft[] {
  if (translations.length === 0) return parts;
  const keys = chartPartKeys(parts);
  return parts.map((part, i) => {
    const own = translations.filter((t) => t.part === keys[i]);
    if (own.length === 0) return part;
    const lines = own.map((t) => blockLines(t.text));
    return {
      ...part,
      translations: own.map(({ key, lang, translit }) => ({
        key,
        lang,
        ...(translit ? { translit } : {}),
      })),
      lines: part.lines.map((line, j) => ({
        ...line,
        translated: Object.fromEntries(own.map((t, k) => [t.key, lines[k]?.[j] ?? ''])),
      })),
    };
  });
}

/**
 * The draft without the keys the form adds, as text: two drafts that would save the same song
 * as typed give the same snapshot, so the form knows whether anything changed.
 */
export function draftSnapshot(draft: SongDraft): string {
  const { title, artist, details, parts, view, chart } = draft;
  // The translations as the chart view's blocks, whichever view holds them.
  const translations = (view === 'chart' ? draft.chartTranslations : chartTranslationsOf(parts))
    .map(({ part, lang, translit, text }) => ({ part, lang, translit, text: blockLines(text) }))
    .sort((a, b) => (a.part + a.lang < b.part + b.lang ? -1 : 1));
  return JSON.stringify({
    title,
    artist,
    chart: view === 'chart' && chart.text !== chart.written ? chart.text : null,
    details: { ...details, authors: details.authors.map(({ name, type }) => ({ name, type })) },
    parts: parts.map(({ id, label, lines }) => ({
      id,
      label,
      lines: lines.map(({ chords, lyrics }) => ({ chords, lyrics })),
    })),
    translations,
  });
}

/** Whether the details under "More details" hold anything (then they start unfolded). */
export function hasMoreDetails(details: DetailsDraft): boolean {
  return Boolean(details.ccli.trim() || details.copyright.trim() || details.authors.length > 0);
}

/** The song as the form sends it (a SongInput without its team). */
export interface SongFormInput {
  title: string;
  artist: string;
  language: string | null;
  key: string | null;
  capo: number;
  tempo: number | null;
  time: string | null;
  ccli: string | null;
  copyright: string;
  authors: { name: string; type: SongAuthorType }[];
  parts: SongPart[];
}

const textOrNull = (text: string) => (text.trim() ? text.trim() : null);

/** A typed whole number; anything else is NaN, which the schema refuses with its message. */
const wholeNumberOrNull = (text: string) => {
  const digits = text.trim();
  if (!digits) return null;
  return /^\d+$/.test(digits) ? Number(digits) : Number.NaN;
};

/**
 * The draft as the API takes it: keys dropped, text as typed (chords keep their spaces),
 * numbers as numbers, an empty detail as null. Parts keep their ids; new parts have none.
 */
export function draftToSong(draft: SongDraft): SongFormInput {
  const { details } = draft;
  return {
    title: draft.title,
    artist: draft.artist,
    language: textOrNull(details.language),
    key: textOrNull(details.key),
    capo: details.capo,
    tempo: wholeNumberOrNull(details.tempo),
    time: textOrNull(details.time),
    ccli: textOrNull(details.ccli),
    copyright: details.copyright.trim(),
    authors: details.authors.map(({ name, type }) => ({ name, type })),
    parts: draft.parts.map((part) => ({
      ...(part.id ? { id: part.id } : {}),
      label: part.label,
      lines: part.lines.map(({ chords, lyrics }) => ({ chords, lyrics })),
      translations: partTranslations(part),
    })),
  };
}

/**
 * A problem of the song: its message and the field it is about, as the schema's path names it
 * ('title', 'parts.1.label', 'tempo', 'authors.1.name'); no field when it concerns no one field.
 */
export type SongFormProblem = FieldProblem;

/**
 * The first problem of the song, or null: the spec's four checks in its order and the size
 * limits (songProblem) first, then the details, in the order the form shows them.
 */
export function songFormProblem(input: SongFormInput): SongFormProblem | null {
  const problem = songProblem(input);
  if (problem) return { text: problem, field: songProblemField(problem, input) };
  const parsed = SongInputSchema.safeParse(input);
  const issue = parsed.success ? undefined : parsed.error.issues[0];
  if (!issue) return null;
  const field = issue.path.length > 0 ? issue.path.map(String).join('.') : undefined;
  return { text: issue.message, field: field ?? songProblemField(issue.message, input) };
}

function move<T>(items: T[], from: number, to: number): T[] {
  if (from === to || to < 0 || to >= items.length || !items[from]) return items;
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

function replaceAt<T>(items: T[], index: number, change: (item: T) => T): T[] {
  const item = items[index];
  if (item === undefined) return items;
  const next = [...items];
  next[index] = change(item);
  return next;
}

function updateLines(
  draft: SongDraft,
  part: number,
  change: (lines: LineDraft[]) => LineDraft[],
): SongDraft {
  return {
    ...draft,
    parts: replaceAt(draft.parts, part, (p) => ({ ...p, lines: change(p.lines) })),
  };
}

/** A new author wrote the words, or the music when the one before wrote the words. */
const emptyAuthor = (before: AuthorDraft[]): AuthorDraft => ({
  key: newKey(),
  name: '',
  type: before.at(-1)?.type === 'words' ? 'music' : 'words',
});

function updateAuthors(
  draft: SongDraft,
  change: (authors: AuthorDraft[]) => AuthorDraft[],
): SongDraft {
  return { ...draft, details: { ...draft.details, authors: change(draft.details.authors) } };
}

/**
 * The draft with a pasted chart: its parts instead of the draft's, and its title, artist, key,
 * capo, tempo and time where the draft has none yet (what was typed is never overwritten).
 */
export function draftWithChart(draft: SongDraft, chart: PastedChart): SongDraft {
  const { details } = draft;
  const keep = (mine: string, theirs: string | number | null) =>
    mine.trim() !== '' || theirs === null ? mine : String(theirs);
  return {
    ...draft,
    title: keep(draft.title, chart.title || null),
    artist: keep(draft.artist, chart.artist || null),
    details: {
      ...details,
      key: keep(details.key, chart.key),
      capo: details.capo === 0 ? chart.capo : details.capo,
      tempo: keep(details.tempo, chart.tempo),
      time: keep(details.time, chart.time),
    },
    // A pasted chart's parts are new: no translation of the old parts is put on them.
    chartTranslations: chart.parts.length > 0 ? [] : draft.chartTranslations,
    parts:
      chart.parts.length > 0
        ? chart.parts.map((part) => ({
            key: newKey(),
            label: part.label,
            lines: (part.lines.length > 0 ? part.lines : [{ chords: '', lyrics: '' }]).map(
              (line) => ({ key: newKey(), chords: line.chords, lyrics: line.lyrics }),
            ),
          }))
        : draft.parts,
  };
}

/**
 * The draft with the parts of the chart view's text, all of them (none when the chart is
 * empty), and the chart's own details where the draft has none yet, as "Use this chart" fills
 * them. A part keeps its id when its label is one the draft had (the first not taken), else
 * when the part at its place is not taken: a part renamed in the chart keeps its id too.
 */
export function draftWithChartParts(draft: SongDraft, chart: PastedChart): SongDraft {
  const filled = draftWithChart(draft, { ...chart, parts: [] });
  const taken = new Set<number>();
  const idOf = (label: string, index: number) => {
    let at = draft.parts.findIndex((p, i) => !taken.has(i) && p.id && p.label === label);
    if (at < 0 && draft.parts[index]?.id && !taken.has(index)) at = index;
    if (at < 0) return undefined;
    taken.add(at);
    return draft.parts[at]?.id;
  };
  const ids = chart.parts.map((part) => idOf(part.label, -1));
  const parts: PartDraft[] = chart.parts.map((part, index) => {
    const id = ids[index] ?? idOf(part.label, index);
    return {
      key: newKey(),
      ...(id ? { id } : {}),
      label: part.label,
      lines: part.lines.map((line) => ({
        key: newKey(),
        chords: line.chords,
        lyrics: line.lyrics,
      })),
    };
  });
  return { ...filled, parts: withChartTranslations(parts, draft.chartTranslations) };
}

/** A part with nothing typed: no label and no line with chords or lyrics. */
const isBlankPart = (part: PartDraft) =>
  !part.label.trim() && part.lines.every((line) => !line.chords.trim() && !line.lyrics.trim());

/** Why the line-by-line parts cannot be shown as a chart. */
export const CHART_VIEW_TEXTS = {
  notAsChart: 'These parts cannot be written as a chart without changing them: go on line by line.',
} as const;

/**
 * The chart view's text for the line-by-line parts, or the problem that keeps them from it: a
 * chart cannot hold a part without a label or without lines (the spec's messages, at the part),
 * nor lines its readers would read back otherwise. Parts with nothing typed are left out.
 */
export function chartOfParts(
  parts: readonly PartDraft[],
): { text: string; problem: null } | { text: null; problem: SongFormProblem } {
  const kept = parts.filter((part) => !isBlankPart(part));
  const unlabelled = parts.findIndex((part) => !isBlankPart(part) && !part.label.trim());
  if (unlabelled >= 0) {
    const text = SONG_PROBLEM_TEXTS.unlabelled(unlabelled + 1);
    return { text: null, problem: { text, field: `parts.${unlabelled}.label` } };
  }
  const empty = parts.findIndex((part) => !isBlankPart(part) && part.lines.length === 0);
  if (empty >= 0) {
    const text = SONG_PROBLEM_TEXTS.lineless(parts[empty]?.label.trim() ?? '');
    return { text: null, problem: { text, field: `parts.${empty}.lines` } };
  }
  const text = chartTextOf(kept.map(({ label, lines }) => ({ label, lines })));
  if (text === null) return { text: null, problem: { text: CHART_VIEW_TEXTS.notAsChart } };
  return { text, problem: null };
}

/** A problem of the song in the chart view, with the line of the chart it is about. */
export type ChartFormProblem = SongFormProblem & { line?: number | undefined };

/**
 * The song the form would send from its chart view, and its first problem: the title first
 * (spec order), then anything in the chart that would not be saved as typed (a part without
 * lines in the spec's words, at its line), then the spec's other checks and the details'.
 * Problems of the parts are shown at the chart (field 'chart').
 */
export function chartSongInput(draft: SongDraft): {
  input: SongFormInput;
  problem: ChartFormProblem | null;
} {
  const read = readChartText(draft.chart.text);
  const input = draftToSong(draftWithChartParts(draft, read.chart));
  const first = songFormProblem(input);
  if (first?.field === 'title') return { input, problem: first };
  const unread: ChartProblem | undefined = read.problems[0];
  if (unread) return { input, problem: { text: unread.text, field: 'chart', line: unread.line } };
  // A block with more lines than its part would lose the last ones: said at the block.
  const keys = chartPartKeys(read.chart.parts);
  for (const t of draft.chartTranslations) {
    const at = keys.indexOf(t.part);
    const part = read.chart.parts[at];
    if (part && blockLines(t.text).length > part.lines.length) {
      const text = SONG_LANGUAGE_TEXTS.tooManyLines(part.label.trim(), t.lang);
      return { input, problem: { text, field: `chartTranslations.${t.key}` } };
    }
  }
  if (!first) return { input, problem: null };
  const inParts = first.field === undefined || first.field.split('.')[0] === 'parts';
  return { input, problem: inParts ? { text: first.text, field: 'chart' } : first };
}

/** Every change of the form; untouched parts and lines keep their identity, so they skip rendering. */
export function songDraftReducer(draft: SongDraft, action: SongDraftAction): SongDraft {
  switch (action.type) {
    case 'useChart': {
      const next = draftWithChart(draft, action.chart);
      if (next.view === 'lines') return next;
      const text = chartTextOf(next.parts);
      // A pasted chart that the chart view cannot show as it is goes on line by line.
      if (text === null) return { ...next, view: 'lines' };
      return { ...next, chart: { text, written: text } };
    }
    case 'setChartText':
      return { ...draft, chart: { ...draft.chart, text: action.text } };
    case 'showChart':
      return {
        ...draft,
        view: 'chart',
        chart: { text: action.text, written: action.text },
        chartTranslations: chartTranslationsOf(draft.parts),
      };
    case 'addTranslation':
      return {
        ...draft,
        parts: replaceAt(draft.parts, action.part, (p) => ({
          ...p,
          translations: [...(p.translations ?? []), { key: newKey(), lang: action.lang }],
        })),
      };
    case 'removeTranslation':
      return {
        ...draft,
        parts: replaceAt(draft.parts, action.part, (p) => ({
          ...p,
          translations: (p.translations ?? []).filter((t) => t.key !== action.translation),
        })),
      };
    case 'setTranslationLine':
      return updateLines(draft, action.part, (lines) =>
        replaceAt(lines, action.line, (l) => ({
          ...l,
          translated: { ...l.translated, [action.translation]: action.value },
        })),
      );
    case 'addChartTranslation':
      return {
        ...draft,
        chartTranslations: [
          ...draft.chartTranslations,
          { key: newKey(), part: action.part, lang: action.lang, text: '' },
        ],
      };
    case 'removeChartTranslation':
      return {
        ...draft,
        chartTranslations: draft.chartTranslations.filter((t) => t.key !== action.translation),
      };
    case 'setChartTranslation':
      return {
        ...draft,
        chartTranslations: draft.chartTranslations.map((t) =>
          t.key === action.translation ? { ...t, text: action.text } : t,
        ),
      };
    case 'showLines': {
      const next = draftWithChartParts(draft, action.chart);
      // Nothing typed yet: the line-by-line view starts as a new song does.
      const parts = next.parts.length > 0 ? next.parts : [emptyPart()];
      return { ...next, parts, view: 'lines' };
    }
    case 'setTitle':
      return { ...draft, title: action.title };
    case 'setArtist':
      return { ...draft, artist: action.artist };
    case 'setDetail':
      return { ...draft, details: { ...draft.details, [action.field]: action.value } };
    case 'setCapo':
      return { ...draft, details: { ...draft.details, capo: action.capo } };
    case 'addAuthor':
      return updateAuthors(draft, (authors) => [...authors, emptyAuthor(authors)]);
    case 'removeAuthor':
      return updateAuthors(draft, (authors) =>
        authors.filter((_a, index) => index !== action.author),
      );
    case 'setAuthorName':
      return updateAuthors(draft, (authors) =>
        replaceAt(authors, action.author, (a) => ({ ...a, name: action.name })),
      );
    case 'setAuthorType':
      return updateAuthors(draft, (authors) =>
        replaceAt(authors, action.author, (a) => ({ ...a, type: action.authorType })),
      );
    case 'setLabel':
      return {
        ...draft,
        parts: replaceAt(draft.parts, action.part, (p) => ({ ...p, label: action.label })),
      };
    case 'setLine':
      return updateLines(draft, action.part, (lines) =>
        replaceAt(lines, action.line, (l) => ({ ...l, [action.field]: action.value })),
      );
    case 'addPart':
      return { ...draft, parts: [...draft.parts, emptyPart()] };
    case 'removePart':
      return { ...draft, parts: draft.parts.filter((_p, index) => index !== action.part) };
    case 'movePart':
      return { ...draft, parts: move(draft.parts, action.part, action.to) };
    case 'addLine':
      return updateLines(draft, action.part, (lines) => {
        const at = action.at ?? lines.length;
        return [...lines.slice(0, at), emptyLine(), ...lines.slice(at)];
      });
    case 'replaceLine':
      return updateLines(draft, action.part, (lines) => {
        const line = lines[action.line];
        if (!line || action.lines.length === 0) return lines;
        const [first, ...rest] = action.lines.map(({ chords, lyrics }) => ({ chords, lyrics }));
        return [
          ...lines.slice(0, action.line),
          { ...line, ...first },
          ...rest.map((l) => ({ key: newKey(), ...l })),
          ...lines.slice(action.line + 1),
        ];
      });
    case 'removeLine':
      return updateLines(draft, action.part, (lines) =>
        lines.filter((_l, index) => index !== action.line),
      );
    case 'moveLine':
      return updateLines(draft, action.part, (lines) => move(lines, action.line, action.to));
  }
}
