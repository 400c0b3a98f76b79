import { sameLanguage } from '@segue/shared';
import type { SongLine } from '@segue/shared';

/**
 * Which lyrics a view shows of a song sung in several languages (docs/DECISIONS.md, "Screen and
 * chart languages"): the main lyrics (under the chords) and the parts' translations, first
 * over second. Pure: the chart, the live view, the stage display and the projector share it.
 */

/** A part as these rules read it: its lines and its translations. */
export interface LanguagePart {
  lines: readonly SongLine[];
  translations?: readonly {
    lang: string;
    translit?: string | undefined;
    lines: readonly string[];
  }[];
}

/** One language a view asks for: the song's main lyrics, or a language by its tag. */
export type LyricPick = { main: true } | { lang: string };

/** Where a row of lyrics comes from: the main lyrics, or a translation of the part. */
type Source = 'main' | number;

/**
 * The sources of a part's rows, first over second: each pick's lyrics where the part has
 * them, else the main lyrics (a song lacking a chosen language falls back to them); each once,
 * and never none.
 */
function sourcesOf(part: LanguagePart, songLanguage: string | null, picks: readonly LyricPick[]) {
  const sources: Source[] = [];
  for (const pick of picks) {
    let source: Source = 'main';
    if ('lang' in pick && !sameLanguage(pick.lang, songLanguage)) {
      const found = (part.translations ?? []).findIndex(
        (t) => !t.translit && sameLanguage(t.lang, pick.lang),
      );
      if (found >= 0) source = found;
    }
    if (!sources.includes(source)) sources.push(source);
  }
  return sources.length > 0 ? sources : (['main'] as Source[]);
}

/** A row of lyrics in a language other than the chord row's. */
export interface LyricRow {
  text: string;
  /** BCP 47 tag, or undefined when not known (the song's main language unset). */
  lang: string | undefined;
  /** The second language: drawn quieter (smaller, italic, another colour). */
  second: boolean;
}

/**
 * A line as a chart draws it: the chord row (chords over `lyrics`, in `lang`), and the rows of
 * other languages over and under it.
 */
export interface ShownLine extends SongLine {
  lang?: string | undefined;
  /** The chord row's lyrics are the second language's. */
  second?: boolean | undefined;
  over?: LyricRow[] | undefined;
  under?: LyricRow[] | undefined;
}

const textOf = (part: LanguagePart, source: Source, line: number) =>
  source === 'main'
    ? (part.lines[line]?.lyrics ?? '')
    : (part.translations?.[source]?.lines[line] ?? '');

const langOf = (part: LanguagePart, source: Source, songLanguage: string | null) =>
  (source === 'main' ? songLanguage : part.translations?.[source]?.lang) ?? undefined;

/**
 * A part's lines in the picked languages, for a chart: the chords stay over the main lyrics,
 * with the other language's line over or under it as the order says. Without the main lyrics
 * among them, the chords go (they belong to the main lyrics' syllables) and the first language
 * takes the chord row's place. A translated line left empty is not drawn.
 */
export function linesInLanguages(
  part: LanguagePart,
  songLanguage: string | null,
  picks: readonly LyricPick[],
): ShownLine[] {
  const sources = sourcesOf(part, songLanguage, picks);
  const mainAt = sources.indexOf('main');
  return part.lines.map((line, i) => {
    const row = (source: Source, at: number): LyricRow => ({
      text: textOf(part, source, i),
      lang: langOf(part, source, songLanguage),
      second: at > 0,
    });
    const rows = (from: number, to: number) =>
      sources
        .slice(from, to)
        .map((source, k) => row(source, from + k))
        .filter((r) => r.text.trim() !== '');
    if (mainAt < 0) {
      const [first] = sources as number[];
      const under = rows(1, sources.length);
      return {
        chords: '',
        lyrics: textOf(part, first ?? 'main', i),
        lang: langOf(part, first ?? 'main', songLanguage),
        ...(under.length > 0 ? { under } : {}),
      };
    }
    const over = rows(0, mainAt);
    const under = rows(mainAt + 1, sources.length);
    return {
      ...line,
      lang: songLanguage ?? undefined,
      ...(mainAt > 0 ? { second: true } : {}),
      ...(over.length > 0 ? { over } : {}),
      ...(under.length > 0 ? { under } : {}),
    };
  });
}

/**
 * A part's lines in the picked languages, for the projector: the words only, each line's rows
 * first over second; lines with no words in any of them are left out.
 */
export function screenRows(
  part: LanguagePart,
  songLanguage: string | null,
  picks: readonly LyricPick[],
): LyricRow[][] {
  const sources = sourcesOf(part, songLanguage, picks);
  return part.lines
    .map((_line, i) =>
      sources
        .map((source, at) => ({
          text: textOf(part, source, i),
          lang: langOf(part, source, songLanguage),
          second: at > 0,
        }))
        .filter((row) => row.text.trim() !== ''),
    )
    .filter((rows) => rows.length > 0);
}

/** A setlist's screen languages as picks: none shows each song's main lyrics. */
export const screenPicks = (lyricLanguages: readonly string[] | undefined): LyricPick[] =>
  (lyricLanguages ?? []).map((lang) => ({ lang }));

/** This device's choice of lyrics in My view: the main lyrics, a translation, or both. */
export type LyricsChoice = { show: 'main' } | { show: 'translation' | 'both'; lang: string };

export const MAIN_LYRICS: LyricsChoice = { show: 'main' };

/** My view's choice as picks. */
export function choicePicks(choice: LyricsChoice): LyricPick[] {
  if (choice.show === 'main') return [{ main: true }];
  if (choice.show === 'translation') return [{ lang: choice.lang }];
  return [{ main: true }, { lang: choice.lang }];
}

/** My view's choice as stored on the device ('main', 'translation:es', 'both:es'), and back. */
export function choiceValue(choice: LyricsChoice): string {
  return choice.show === 'main' ? 'main' : `${choice.show}:${choice.lang}`;
}

export function choiceFrom(value: unknown): LyricsChoice {
  if (typeof value !== 'string') return MAIN_LYRICS;
  const match = /^(translation|both):([A-Za-z0-9-]{2,35})$/.exec(value);
  if (!match) return MAIN_LYRICS;
  return { show: match[1] as 'translation' | 'both', lang: match[2]! };
}

/** The languages of the right-to-left scripts Segue knows by their tag. */
const RTL_LANGUAGES = new Set([
  'ar',
  'arc',
  'ckb',
  'dv',
  'fa',
  'he',
  'iw',
  'ku',
  'ps',
  'sd',
  'ug',
  'ur',
  'yi',
]);

/**
 * The direction a language is written in, from its tag: 'rtl' for Hebrew, Arabic and the
 * others in their scripts, 'ltr' for the rest; undefined without a tag.
 */
export function languageDirection(tag: string | null | undefined): 'rtl' | 'ltr' | undefined {
  if (!tag) return undefined;
  const [language = '', ...rest] = tag.toLowerCase().split('-');
  const script = rest.find((sub) => sub.length === 4);
  if (script === 'arab' || script === 'hebr' || script === 'syrc' || script === 'thaa')
    return 'rtl';
  if (script) return 'ltr';
  return RTL_LANGUAGES.has(language) ? 'rtl' : 'ltr';
}

/** Letters of the right-to-left scripts: Hebrew, Arabic, Syriac, Thaana, N'Ko and their forms. */
const RTL_LETTER = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/u;
const LTR_LETTER = /[A-Za-z\u00C0-\u024F\u0370-\u03FF\u0400-\u04FF\u3040-\u9FFF\uAC00-\uD7AF]/u;

/**
 * The direction of a lyric line: that of its first letter (as `dir="auto"` finds it, but from
 * the lyrics alone: a chord line's chords are Latin), else its language's.
 */
export function lyricDirection(text: string, tag?: string | null): 'rtl' | 'ltr' {
  for (const char of text) {
    if (RTL_LETTER.test(char)) return 'rtl';
    if (LTR_LETTER.test(char)) return 'ltr';
  }
  return languageDirection(tag) ?? 'ltr';
}
