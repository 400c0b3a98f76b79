// OpenLyrics (https://docs.openlyrics.org), versions 0.8 and 0.9: read into Segue's song, and
// written as 0.9 with what Segue does not show put back where it was.
import { z } from 'zod';
import { type Key, parseKey, transposeKey } from '../chords/keys.ts';
import type { Spelling } from '../chords/spelling.ts';
import {
  LanguageTagSchema,
  type PartTranslation,
  SONG_AUTHOR_TYPES,
  SONG_LIMITS,
  type SongAuthorType,
  SongDetailsInputSchema,
  paddedTranslation,
  sameLanguage,
} from '../schemas/songs.ts';
import {
  chordAttributes,
  chordFromName,
  englishNote,
  suffixOfStructure,
  transposeBy,
  transposeChordsInXml,
} from './openlyrics-chords.ts';
import {
  type LinesExtras,
  type SongLine,
  isInstrumental,
  lineEvents,
  linesXml,
  readInstrumentLines,
  readLines,
} from './openlyrics-lines.ts';
import { labelOfVerseName, verseNameOfLabel, verseNamer } from './openlyrics-names.ts';
import { REPEAT_TEXTS, repeatFits } from './repeats.ts';
import {
  type XmlDocument,
  type XmlNode,
  attributesOf,
  attributesXml,
  element,
  elementsOf,
  escapeText,
  isXmlElement,
  lineOf,
  localName,
  parseXml,
  rawXml,
  textContent,
} from './openlyrics-xml.ts';
import {
  ConvertError,
  type ConvertResult,
  type ConvertWarning,
  type ConvertedSong,
  type SongToWrite,
  emptySong,
  songModel,
} from './types.ts';

export const OPENLYRICS_NAMESPACE = 'http://openlyrics.info/namespace/2009/song';

// ---------------------------------------------------------------------------------------------
// What Segue keeps of a file beyond its model (SongSource.extras), as raw XML where it can.

const XmlElementSchema = z.string().refine(isXmlElement);
const AttributesSchema = z.record(z.string(), z.string());

const LinesExtrasSchema = z.object({
  lines: z.number().int().min(0),
  attrs: AttributesSchema,
  comments: z.array(
    z.object({
      line: z.number().int().min(0),
      column: z.number().int().min(0).nullable(),
      xml: XmlElementSchema,
    }),
  ),
});

const VerseExtrasSchema = z.object({
  /** The verse's name in the file, written again while its label stays. */
  name: z.string().min(1),
  /** Of its lines when other verses have its label, to tell them apart (linesDigest). */
  digest: z.string().optional(),
  /** Its attributes but the name (lang, translit…). */
  attrs: AttributesSchema,
  /** Its children: each `<lines>` (how many Segue lines it holds…) or raw XML of anything else. */
  content: z.array(z.union([LinesExtrasSchema, XmlElementSchema])),
  /** The `<lyrics>` children after it up to the next verse: translations, unknown elements. */
  after: z.array(XmlElementSchema),
});

/** SongSource.extras of an OpenLyrics file. */
export const OpenLyricsExtrasSchema = z.object({
  /** `<song>` attributes but xmlns, version, modifiedIn and modifiedDate (and createdIn Segue). */
  song: AttributesSchema.catch({}),
  /** The first title's attributes, and the other `<title>`s. */
  titles: z.object({ attrs: AttributesSchema, more: z.array(XmlElementSchema) }).catch({
    attrs: {},
    more: [],
  }),
  /** Translators' languages by name, and `<author>`s of types Segue does not know. */
  authors: z.object({ langs: AttributesSchema, more: z.array(XmlElementSchema) }).catch({
    langs: {},
    more: [],
  }),
  /** `<comment>`s of `<comments>` but the capo. */
  comments: z.array(XmlElementSchema).catch([]),
  /** Other `<properties>` children: themes, songbooks, released, publisher… */
  properties: z.array(XmlElementSchema).catch([]),
  /** `<song>` children between properties and lyrics (`<format>`). */
  between: z.array(XmlElementSchema).catch([]),
  /** `<lyrics>` children before its first verse. */
  lyricsStart: z.array(XmlElementSchema).catch([]),
  /** Verses with more than their name, label and lines, in the order of the file. */
  verses: z.array(VerseExtrasSchema).catch([]),
});
export type OpenLyricsExtras = z.infer<typeof OpenLyricsExtrasSchema>;
type VerseExtras = z.infer<typeof VerseExtrasSchema>;

function emptyExtras(): OpenLyricsExtras {
  return {
    song: {},
    titles: { attrs: {}, more: [] },
    authors: { langs: {}, more: [] },
    comments: [],
    properties: [],
    between: [],
    lyricsStart: [],
    verses: [],
  };
}

function isEmptyExtras(extras: OpenLyricsExtras): boolean {
  return JSON.stringify(extras) === JSON.stringify(emptyExtras());
}

function extrasOf(value: unknown): OpenLyricsExtras {
  const parsed = OpenLyricsExtrasSchema.safeParse(value);
  return parsed.success ? parsed.data : emptyExtras();
}

/** `<song>` attributes Segue writes itself (`xml:lang` is the song's language). */
const OWN_SONG_ATTRIBUTES = ['xmlns', 'version', 'xml:lang', 'modifiedIn', 'modifiedDate'];
const CREATED_IN = 'Segue';

// ---------------------------------------------------------------------------------------------
// Reading

interface ReadContext {
  doc: XmlDocument;
  /** The song's language: verses in it carry the chords, the others translate them. */
  language: string | null;
  notation: string;
  /** The file's `<transposition>`, applied to every chord and the key. */
  semitones: number;
  spelling: Spelling;
  warn: (node: XmlNode | null, message: string) => void;
}

interface ReadVerse {
  name: string;
  label: string;
  lines: SongLine[];
  /** Verses of the same name in other languages, line by line under `lines`. */
  translations: PartTranslation[];
  extras: VerseExtras;
}

/**
 * Reads an OpenLyrics file (0.8 or 0.9). Its verses become parts in its verse order, each
 * chord standing over the syllable it was written before; `<transposition>` is applied, so
 * chords and key are stored as they sound. The song's language is `xml:lang` on `<song>`,
 * else the first verse's `lang`, else the original title's; a verse in another language
 * becomes a translation of the verse of its name in the song's language (docs/DECISIONS.md,
 * "Songs in several languages"). What Segue does not show is kept in the song's
 * source.extras for writeOpenLyrics. Text that is not XML, or XML without a `<song>`, is a
 * ConvertError naming what is wrong.
 */
export function readOpenLyrics(text: string): ConvertResult {
  const doc = parseXml(text);
  const root = doc.nodes.find((node) => localName(node) === 'song');
  if (!root) throw new ConvertError('The file holds no OpenLyrics song (no <song> element).');

  const warnings: ConvertWarning[] = [];
  const warned = new Set<string>();
  const song = emptySong('openlyrics', text);
  const extras = emptyExtras();
  const songAttributes = attributesOf(root);
  const ctx: ReadContext = {
    doc,
    language: null,
    notation: songAttributes.chordNotation ?? '',
    semitones: 0,
    spelling: 'sharps',
    warn: (node, message) => {
      if (warned.has(message)) return;
      warned.add(message);
      warnings.push({ song: 0, line: node ? lineOf(doc, node) : null, message });
    },
  };
  extras.song = keptSongAttributes(songAttributes);

  const sections = elementsOf(root);
  const properties = sections.find((node) => localName(node) === 'properties');
  const lyrics = sections.find((node) => localName(node) === 'lyrics');
  const order = properties ? readProperties(properties, song, extras, ctx) : null;
  for (const node of sections) {
    if (node !== properties && node !== lyrics) extras.between.push(rawXml(doc, node));
  }
  ctx.language = songLanguage(songAttributes, lyrics, properties);
  song.language = ctx.language;
  const verses = lyrics ? readLyrics(lyrics, extras, ctx) : [];
  song.parts = orderedParts(verses, order, ctx);
  const labelCount = countBy(verses.map((verse) => verse.label));
  const shared = (verse: ReadVerse) => (labelCount.get(verse.label) ?? 0) > 1;
  extras.verses = verses
    .filter((verse) => shared(verse) || !isPlainVerse(verse))
    .map((verse) => (shared(verse) ? verse.extras : withoutDigest(verse.extras)));

  if (!song.title) ctx.warn(root, 'The song has no title.');
  if (song.parts.length === 0) ctx.warn(root, 'The song has no verses.');
  song.source.extras = isEmptyExtras(extras) ? null : extras;
  return { songs: [song], warnings };
}

/** A language tag Segue can keep, or null. */
function languageTag(lang: string | undefined): string | null {
  const read = LanguageTagSchema.safeParse(lang ?? '');
  return read.success ? read.data : null;
}

/**
 * `xml:lang` on `<song>`, else the first verse's `lang`, else the original title's, or null.
 * A verse after one of its name without `lang` translates it (Segue writes a song without a
 * language so), so its `lang` is not the song's.
 */
function songLanguage(
  attributes: Record<string, string>,
  lyrics: XmlNode | undefined,
  properties: XmlNode | undefined,
): string | null {
  const own = languageTag(attributes['xml:lang']);
  if (own) return own;
  const unmarked = new Set<string>();
  for (const node of lyrics ? elementsOf(lyrics) : []) {
    if (!isPartNode(node)) continue;
    const { name = '', lang } = attributesOf(node);
    if (!lang) unmarked.add(name);
    const tag = languageTag(lang);
    if (tag && !unmarked.has(name)) return tag;
  }
  const titles = properties && elementsOf(properties).find((n) => localName(n) === 'titles');
  const original = (titles ? elementsOf(titles) : []).find(
    (title) => localName(title) === 'title' && attributesOf(title).original === 'true',
  );
  return original ? languageTag(attributesOf(original).lang) : null;
}

const isPartNode = (node: XmlNode) => ['verse', 'instrument'].includes(localName(node) ?? '');

function keptSongAttributes(attributes: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(attributes).filter(
      ([name, value]) =>
        !OWN_SONG_ATTRIBUTES.includes(name) && !(name === 'createdIn' && value === CREATED_IN),
    ),
  );
}

interface VerseOrder {
  names: string[];
  node: XmlNode;
}

type PropertyReader = (
  node: XmlNode,
  song: ConvertedSong,
  extras: OpenLyricsExtras,
  ctx: ReadContext,
) => boolean;

/** Reads `<properties>` into the song; returns its verse order. */
function readProperties(
  properties: XmlNode,
  song: ConvertedSong,
  extras: OpenLyricsExtras,
  ctx: ReadContext,
): VerseOrder | null {
  const children = elementsOf(properties);
  // Read first: the key and every chord are moved by it.
  const transposition = children.find((node) => localName(node) === 'transposition');
  const applied = transposition !== undefined && readTransposition(transposition, ctx);
  let order: VerseOrder | null = null;
  for (const node of children) {
    const name = localName(node) ?? '';
    if (name === 'verseOrder' && order === null) {
      order = { names: textContent(node).split(/\s+/).filter(Boolean), node };
    } else if (!(node === transposition && applied)) {
      const read = Object.hasOwn(PROPERTY_READERS, name) ? PROPERTY_READERS[name] : undefined;
      const used = read?.(node, song, extras, ctx) ?? false;
      if (!used) extras.properties.push(rawXml(ctx.doc, node));
    }
  }
  ctx.spelling = parseKey(song.key ?? '') ?? (ctx.semitones < 0 ? 'flats' : 'sharps');
  return order;
}

/** Applies `<transposition>` (semitones up, or down when negative); false when it is not one. */
function readTransposition(node: XmlNode, ctx: ReadContext): boolean {
  const text = trimmed(node);
  if (!/^[+-]?\d{1,2}$/.test(text)) {
    ctx.warn(node, `The transposition "${text}" is not a number of semitones; it is ignored.`);
    return false;
  }
  ctx.semitones = Number(text);
  if (ctx.semitones !== 0) {
    ctx.warn(
      node,
      `The file's transposition of ${ctx.semitones} semitones is applied: chords and key are stored as they sound.`,
    );
  }
  return true;
}

const trimmed = (node: XmlNode) => textContent(node).trim();

const PROPERTY_READERS: Record<string, PropertyReader> = {
  titles: readTitles,
  authors: readAuthors,
  comments: readComments,
  copyright: (node, song) => {
    song.copyright = trimmed(node);
    return true;
  },
  variant: (node, song) => {
    if (song.artist) return false;
    song.artist = trimmed(node);
    return true;
  },
  ccliNo: (node, song, _extras, ctx) => {
    const ccli = SongDetailsInputSchema.shape.ccli.safeParse(trimmed(node));
    if (ccli.success && ccli.data) song.ccli = ccli.data;
    return keptUnless(ccli.success && !!ccli.data, node, ctx, 'CCLI number');
  },
  timeSignature: (node, song, _extras, ctx) => {
    const time = SongDetailsInputSchema.shape.time.safeParse(trimmed(node));
    if (time.success && time.data) song.time = time.data;
    return keptUnless(time.success && !!time.data, node, ctx, 'time signature');
  },
  tempo: (node, song, _extras, ctx) => {
    const { type = 'bpm' } = attributesOf(node);
    const text = trimmed(node);
    const tempo = SongDetailsInputSchema.shape.tempo.safeParse(Number(text));
    const bpm = type === 'bpm' && /^\d+$/.test(text) && tempo.success ? tempo.data : null;
    if (bpm) song.tempo = bpm;
    return keptUnless(!!bpm, node, ctx, 'tempo');
  },
  key: (node, song, _extras, ctx) => {
    const text = trimmed(node);
    const key: Key | null = parseKey(text) ?? parseKey(chordFromName(text, ctx.notation));
    if (key !== null) song.key = ctx.semitones === 0 ? key : transposeKey(key, ctx.semitones);
    return keptUnless(key !== null, node, ctx, 'key');
  },
};

/** True when the detail was used; else says it is kept only for export (false). */
function keptUnless(used: boolean, node: XmlNode, ctx: ReadContext, what: string): boolean {
  if (!used) {
    ctx.warn(
      node,
      `The ${what} "${trimmed(node)}" is not one Segue can use; it is kept for export.`,
    );
  }
  return used;
}

function readTitles(
  node: XmlNode,
  song: ConvertedSong,
  extras: OpenLyricsExtras,
  ctx: ReadContext,
) {
  const [first, ...more] = elementsOf(node).filter((title) => localName(title) === 'title');
  if (first) {
    song.title = trimmed(first);
    extras.titles.attrs = attributesOf(first);
  }
  for (const title of more) extras.titles.more.push(rawXml(ctx.doc, title));
  return true;
}

function readAuthors(
  node: XmlNode,
  song: ConvertedSong,
  extras: OpenLyricsExtras,
  ctx: ReadContext,
) {
  for (const author of elementsOf(node).filter((child) => localName(child) === 'author')) {
    const { type: written = 'words', lang } = attributesOf(author);
    const type = written === 'translator' ? 'translation' : written;
    const name = trimmed(author);
    if (!SONG_AUTHOR_TYPES.includes(type as SongAuthorType)) {
      extras.authors.more.push(rawXml(ctx.doc, author));
    } else if (name) {
      song.authors.push({ name, type: type as SongAuthorType });
      if (type === 'translation' && lang) extras.authors.langs[name] = lang;
    }
  }
  return true;
}

const CAPO_COMMENT = /^capo\s*(?::\s*)?(\d{1,2})$/i;

function capoComment(capo: number): string {
  return `Capo ${capo}`;
}

function readComments(
  node: XmlNode,
  song: ConvertedSong,
  extras: OpenLyricsExtras,
  ctx: ReadContext,
) {
  for (const comment of elementsOf(node).filter((child) => localName(child) === 'comment')) {
    const capo = Number(CAPO_COMMENT.exec(trimmed(comment))?.[1] ?? NaN);
    const usable = song.capo === 0 && SongDetailsInputSchema.shape.capo.safeParse(capo).success;
    if (usable && capo > 0) song.capo = capo;
    else extras.comments.push(rawXml(ctx.doc, comment));
  }
  return true;
}

/**
 * The verses in the song's language (the first of each name) and instrumental parts, with
 * the verses of the same name in other languages as their translations. A verse in another
 * language that cannot be one (no verse of its name in the song's language, more lines than
 * it, a language it has already) is a part of its own; other children are kept raw.
 */
function readLyrics(lyrics: XmlNode, extras: OpenLyricsExtras, ctx: ReadContext): ReadVerse[] {
  const nodes = elementsOf(lyrics);
  // A transliteration is never the song's own lyrics, even in the song's language.
  const isMain = ({ lang, translit }: Record<string, string>) =>
    !translit && (!lang || sameLanguage(lang, ctx.language));
  const names = new Set<string>();
  const unique = verseNamer(names);
  // Read first, so that a translation written before its verse still finds it.
  const main = new Map<XmlNode, ReadVerse>();
  for (const node of nodes) {
    const attributes = attributesOf(node);
    const { name = '' } = attributes;
    if (!isPartNode(node) || !isMain(attributes) || names.has(name)) continue;
    const verse = readVerse(node, name || unnamedVerse(node, unique, ctx), ctx);
    main.set(node, verse);
    names.add(verse.name);
  }
  const byName = new Map([...main.values()].map((verse) => [verse.name, verse]));
  const verses: ReadVerse[] = [];
  const keepRaw = (node: XmlNode) => {
    const raw = transposeChordsInXml(
      rawXml(ctx.doc, node),
      ctx.semitones,
      ctx.spelling,
      ctx.notation,
    );
    (verses[verses.length - 1]?.extras.after ?? extras.lyricsStart).push(raw);
  };
  for (const node of nodes) {
    const attributes = attributesOf(node);
    const { name = '' } = attributes;
    const read = main.get(node);
    if (read) {
      verses.push(read);
    } else if (!isPartNode(node)) {
      keepRaw(node);
    } else if (isMain(attributes)) {
      ctx.warn(node, `A second verse named "${name}" is kept for export but not shown.`);
      keepRaw(node);
    } else {
      const owner = byName.get(name);
      if (!(owner && addTranslation(owner, node, ctx))) {
        const verse = readVerse(node, unique(name || 'o'), ctx);
        names.add(verse.name);
        verses.push(verse);
      }
    }
  }
  return verses;
}

/**
 * Adds a verse in another language to `owner` as its translation, its lines under the
 * owner's; false (with a warning) when it cannot be one, and is to be a part of its own.
 */
function addTranslation(owner: ReadVerse, node: XmlNode, ctx: ReadContext): boolean {
  const { lang = '', translit: writtenTranslit } = attributesOf(node);
  const tag = languageTag(lang);
  const translit = writtenTranslit === undefined ? undefined : languageTag(writtenTranslit);
  const label = owner.label;
  const ownPart = (why: string) => {
    ctx.warn(node, `The ${lang} lyrics of ${label} ${why}; they are shown as a part of their own.`);
    return false;
  };
  if (!tag || translit === null) return ownPart('are not marked with a language tag Segue knows');
  if (localName(node) !== 'verse') return ownPart('are an instrumental part');
  const same = owner.translations.some(
    (t) => sameLanguage(t.lang, tag) && (t.translit ?? '') === (translit ?? ''),
  );
  if (same) return ownPart('come twice');
  if (owner.translations.length >= SONG_LIMITS.maxTranslationsPerPart) {
    return ownPart(`go past the ${SONG_LIMITS.maxTranslationsPerPart} translations a part holds`);
  }
  const read = readVerse(node, owner.name, ctx);
  if (read.lines.length > owner.lines.length) return ownPart('have more lines than the part');
  if (read.lines.some((line) => line.chords !== '')) {
    ctx.warn(
      node,
      `The chords of the ${lang} lyrics of ${label} are not kept: the song's own lyrics carry the chords.`,
    );
  }
  const { content } = read.extras;
  if (content.some((item) => typeof item === 'string' || item.comments.length > 0)) {
    ctx.warn(node, `Comments and other marks in the ${lang} lyrics of ${label} are not kept.`);
  }
  const translation: PartTranslation = {
    lang: tag,
    ...(translit ? { translit } : {}),
    lines: read.lines.map((line) => line.lyrics),
  };
  owner.translations.push(paddedTranslation(translation, owner.lines.length));
  return true;
}

function unnamedVerse(node: XmlNode, unique: (name: string) => string, ctx: ReadContext): string {
  ctx.warn(node, 'A verse without a name is read as "Other".');
  return unique('o');
}

function readVerse(node: XmlNode, name: string, ctx: ReadContext): ReadVerse {
  const { name: _name, ...attrs } = attributesOf(node);
  // A verse in the song's language is written with the song's language again.
  if (attrs.lang !== undefined && sameLanguage(attrs.lang, ctx.language)) delete attrs.lang;
  const label = labelOfVerseName(name);
  const instrument = localName(node) === 'instrument';
  const lines: SongLine[] = [];
  const content: VerseExtras['content'] = [];
  for (const child of elementsOf(node)) {
    if (localName(child) !== 'lines') {
      content.push(rawXml(ctx.doc, child));
      continue;
    }
    const events = lineEvents(child);
    if (events.some((event) => event.kind === 'other')) {
      ctx.warn(child, 'Formatting in the lyrics (such as <tag>) is not kept; its text is.');
    }
    const chordName = (chord: XmlNode) => readChord(chord, ctx);
    const read = instrument
      ? { lines: readInstrumentLines(events, chordName), comments: [] }
      : readLines(events, chordName, (comment) => rawXml(ctx.doc, comment));
    const linesAttrs = attributesOf(child);
    if (linesAttrs.repeat) {
      ctx.warn(child, `${label}: lines sung ${linesAttrs.repeat} times are shown once.`);
    }
    // One by one: spread into push, a verse of many lines overflows the call stack.
    for (const line of read.lines) lines.push(line);
    content.push({ lines: read.lines.length, attrs: linesAttrs, comments: read.comments });
  }
  return {
    name,
    label,
    lines,
    translations: [],
    extras: { name, digest: linesDigest(lines), attrs, content, after: [] },
  };
}

/** A short fingerprint of a verse's lines (FNV-1a). */
function linesDigest(lines: readonly SongLine[]): string {
  let hash = 0x811c9dc5;
  for (const char of JSON.stringify(lines.map(({ chords, lyrics }) => [chords, lyrics]))) {
    hash = Math.imul(hash ^ (char.codePointAt(0) ?? 0), 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/** A chord as Segue writes it: 0.9's root, structure and bass, or 0.8's name; transposed. */
function readChord(node: XmlNode, ctx: ReadContext): string | null {
  const { root, structure, bass, name = '' } = attributesOf(node);
  let chord = chordFromName(name, ctx.notation);
  if (root !== undefined) {
    const suffix = suffixOfStructure(structure);
    if (suffix === null) {
      ctx.warn(
        node,
        `The chord structure "${structure}" is not one Segue knows; it is shown as written.`,
      );
    }
    const note = (text: string) => englishNote(text) ?? text;
    chord = note(root) + (suffix ?? `(${structure})`) + (bass ? `/${note(bass)}` : '');
  }
  chord = chord.replace(/\s+/g, '');
  return chord === '' ? null : transposeBy(chord, ctx.semitones, ctx.spelling);
}

function countBy(values: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return counts;
}

/**
 * A verse Segue writes back the same without extras: one plain `<lines>` and the usual name.
 * (Verses sharing a label are kept all the same, with their names, to be told apart.)
 */
function isPlainVerse({ name, label, extras }: ReadVerse): boolean {
  const [only, ...others] = extras.content;
  return (
    Object.keys(extras.attrs).length === 0 &&
    others.length === 0 &&
    typeof only === 'object' &&
    Object.keys(only.attrs).length === 0 &&
    only.comments.length === 0 &&
    extras.after.length === 0 &&
    name === verseNameOfLabel(label)
  );
}

function withoutDigest({ digest: _digest, ...extras }: VerseExtras): VerseExtras {
  return extras;
}

type Part = ConvertedSong['parts'][number];

/** The parts in the verse order (a verse named twice comes twice), then the verses it leaves out. */
function orderedParts(verses: ReadVerse[], order: VerseOrder | null, ctx: ReadContext): Part[] {
  const part = (verse: ReadVerse): Part => ({
    label: verse.label,
    lines: verse.lines.map((line) => ({ ...line })),
    ...(verse.translations.length > 0
      ? { translations: verse.translations.map((t) => ({ ...t, lines: [...t.lines] })) }
      : {}),
  });
  if (order === null) return verses.map(part);
  const byName = new Map(verses.map((verse) => [verse.name, verse]));
  const parts: Part[] = [];
  const named = new Set<string>();
  for (const name of order.names) {
    const verse = byName.get(name);
    if (!verse) {
      ctx.warn(order.node, `The verse order names "${name}", which the lyrics do not have.`);
    } else if (named.has(name) && !repeatFits(parts.length, verse)) {
      ctx.warn(order.node, REPEAT_TEXTS.leftOut);
    } else {
      named.add(name);
      parts.push(part(verse));
    }
  }
  const ordered = new Set(order.names);
  const left = verses.filter((verse) => !ordered.has(verse.name));
  if (left.length > 0) {
    const labels = left.map((verse) => verse.label).join(', ');
    ctx.warn(order.node, `Verses not in the verse order (${labels}) are put at the end.`);
  }
  return [...parts, ...left.map(part)];
}

// ---------------------------------------------------------------------------------------------
// Writing

/**
 * The song as an OpenLyrics 0.9 file. An imported OpenLyrics song that is unchanged is its
 * original text (with its XML declaration saying UTF-8); otherwise the file is written anew,
 * with what Segue kept of the original (source.extras) where it was. The song's language is
 * `xml:lang` on `<song>` and `lang` on its verses; each translation of a part is a verse of
 * the same name in its `lang` (and `translit`) right after it.
 */
export function writeOpenLyrics(song: SongToWrite): string {
  const source = song.source?.format === 'openlyrics' ? song.source : null;
  if (source && source.text !== null && matchesFile(song, source.text)) {
    return declaredUtf8(source.text);
  }
  const extras = source ? extrasOf(source.extras) : emptyExtras();
  const notation = extras.song.chordNotation ?? '';
  const chordXml = (chord: string) => element('chord', chordAttributes(chord, notation), '');
  const { verses, order } = versesToWrite(song.parts, extras.verses);
  // Songs imported before Segue kept a language have the file's `xml:lang` among the extras.
  const language = song.language ?? languageTag(extras.song['xml:lang']);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<song${attributesXml(songAttributes(extras, language))}>`,
    propertiesXml(song, extras, order),
    ...extras.between.map((xml) => pad(1) + xml),
    block(1, 'lyrics', {}, [
      ...extras.lyricsStart.map((xml) => pad(2) + xml),
      ...verses.flatMap((verse) => [
        verseXml(verse, language, chordXml),
        ...verse.translations.map((translation) =>
          translationXml(verse.name, translation, chordXml),
        ),
        ...(verse.extras?.after ?? []).map((xml) => pad(2) + xml),
      ]),
    ]),
    '</song>',
    '',
  ].join('\n');
}

/** True when reading the file gives exactly the song (it was imported and not changed). */
function matchesFile(song: SongToWrite, text: string): boolean {
  try {
    const [read] = readOpenLyrics(text).songs;
    return read !== undefined && songModel(read) === songModel(song);
  } catch {
    return false;
  }
}

const DECLARED_ENCODING = /^(\uFEFF?\s*<\?xml\s[^>]*?\bencoding\s*=\s*)(["'])([^"']*)\2/;

// The text is sent as UTF-8: a declaration naming another encoding would mislead its reader.
function declaredUtf8(text: string): string {
  return text.replace(DECLARED_ENCODING, (whole, start: string, quote: string, name: string) =>
    /^utf-?8$/i.test(name) ? whole : `${start}${quote}UTF-8${quote}`,
  );
}

function songAttributes(extras: OpenLyricsExtras, language: string | null): Record<string, string> {
  const kept = Object.entries(extras.song).filter(([name]) => !OWN_SONG_ATTRIBUTES.includes(name));
  return {
    xmlns: OPENLYRICS_NAMESPACE,
    version: '0.9',
    ...(language ? { 'xml:lang': language } : {}),
    ...Object.fromEntries(kept),
    createdIn: extras.song.createdIn ?? CREATED_IN,
    modifiedIn: CREATED_IN,
  };
}

const pad = (depth: number) => '  '.repeat(depth);

function block(
  depth: number,
  tag: string,
  attributes: Record<string, string>,
  children: string[],
): string {
  if (children.length === 0) return pad(depth) + element(tag, attributes, '');
  const open = `${pad(depth)}<${tag}${attributesXml(attributes)}>`;
  return [open, ...children, `${pad(depth)}</${tag}>`].join('\n');
}

function leaf(depth: number, tag: string, attributes: Record<string, string>, text: string) {
  return pad(depth) + element(tag, attributes, escapeText(text));
}

function rawName(xml: string): string {
  return /^<(?:[\w.-]+:)?([\w.-]+)/.exec(xml.trim())?.[1] ?? '';
}

function propertiesXml(song: SongToWrite, extras: OpenLyricsExtras, order: string[]): string {
  const d = 2;
  const authors = song.authors.map((author) => {
    const { langs } = extras.authors;
    const lang =
      author.type === 'translation' && Object.hasOwn(langs, author.name) ? langs[author.name] : '';
    return leaf(d + 1, 'author', { type: author.type, ...(lang ? { lang } : {}) }, author.name);
  });
  const comments = [
    ...(song.capo > 0 ? [leaf(d + 1, 'comment', {}, capoComment(song.capo))] : []),
    ...extras.comments.map((xml) => pad(d + 1) + xml),
  ];
  const details: [tag: string, value: string | number | null, attrs?: Record<string, string>][] = [
    ['copyright', song.copyright || null],
    ['ccliNo', song.ccli],
    ['tempo', song.tempo, { type: 'bpm' }],
    ['key', song.key],
    ['timeSignature', song.time],
    ['variant', song.artist || null],
    ['verseOrder', order.length > 0 ? order.join(' ') : null],
  ];
  const written = details.filter(([, value]) => value !== null);
  const writtenTags = new Set(written.map(([tag]) => tag));
  return block(1, 'properties', {}, [
    block(d, 'titles', {}, [
      leaf(d + 1, 'title', extras.titles.attrs, song.title),
      ...extras.titles.more.map((xml) => pad(d + 1) + xml),
    ]),
    ...(authors.length + extras.authors.more.length > 0
      ? [
          block(d, 'authors', {}, [
            ...authors,
            ...extras.authors.more.map((xml) => pad(d + 1) + xml),
          ]),
        ]
      : []),
    ...written.map(([tag, value, attrs = {}]) => leaf(d, tag, attrs, String(value))),
    ...(comments.length > 0 ? [block(d, 'comments', {}, comments)] : []),
    ...extras.properties.filter((xml) => !writtenTags.has(rawName(xml))).map((xml) => pad(d) + xml),
  ]);
}

interface VerseToWrite {
  name: string;
  lines: SongLine[];
  translations: PartTranslation[];
  extras: VerseExtras | null;
}

/**
 * One verse for each different part (a part repeated is one verse named twice in the order),
 * named as in the file while its label stays, else from its label (verseNameOfLabel).
 */
function versesToWrite(
  parts: SongToWrite['parts'],
  kept: VerseExtras[],
): { verses: VerseToWrite[]; order: string[] } {
  const distinct = new Map<
    string,
    { label: string; lines: SongLine[]; translations: PartTranslation[] }
  >();
  const partKeys = parts.map((part) => {
    const lines = part.lines.map(({ chords, lyrics }) => ({ chords, lyrics }));
    const translations = (part.translations ?? []).map(({ lang, translit, lines }) => ({
      lang,
      ...(translit ? { translit } : {}),
      lines,
    }));
    const key = JSON.stringify([part.label, lines, translations]);
    if (!distinct.has(key)) distinct.set(key, { label: part.label, lines, translations });
    return key;
  });
  const matched = matchKept([...distinct.values()], kept);
  const taken = new Set(matched.flatMap((verse) => (verse ? [verse.name] : [])));
  const unique = verseNamer(taken);
  const verses = [...distinct.values()].map(({ label, lines, translations }, i): VerseToWrite => {
    const extras = matched[i] ?? null;
    const name = extras?.name ?? unique(verseNameOfLabel(label));
    taken.add(name);
    return { name, lines, translations, extras };
  });
  const nameOf = new Map([...distinct.keys()].map((key, i) => [key, verses[i]!.name]));
  return { verses: inFileOrder(verses, kept), order: partKeys.map((key) => nameOf.get(key)!) };
}

/** For each verse, the kept one of its label and lines, else the next kept one of its label. */
function matchKept(
  verses: { label: string; lines: SongLine[] }[],
  kept: VerseExtras[],
): (VerseExtras | null)[] {
  // Queues of the kept verses not taken yet, in the file's order, by label and by label and
  // digest; each is passed once. Taken out of one list of candidates by a search and a splice
  // each, many verses of one label would take time as their square.
  type Queue = { at: number[]; next: number };
  const byLabel = new Map<string, Queue>();
  const byDigest = new Map<string, Map<string, Queue>>();
  const enqueue = <K>(map: Map<K, Queue>, key: K, at: number) => {
    const queue = map.get(key);
    if (queue) queue.at.push(at);
    else map.set(key, { at: [at], next: 0 });
  };
  kept.forEach((verse, at) => {
    const label = labelOfVerseName(verse.name);
    enqueue(byLabel, label, at);
    if (verse.digest === undefined) return;
    const digests = byDigest.get(label) ?? new Map<string, Queue>();
    byDigest.set(label, digests);
    enqueue(digests, verse.digest, at);
  });
  const taken = kept.map(() => false);
  const take = (queue: Queue | undefined): VerseExtras | null => {
    while (queue && queue.next < queue.at.length) {
      const at = queue.at[queue.next++]!;
      if (taken[at]) continue;
      taken[at] = true;
      return kept[at]!;
    }
    return null;
  };
  const exact = verses.map(({ label, lines }) =>
    take(byDigest.get(label)?.get(linesDigest(lines))),
  );
  return verses.map(({ label }, i) => exact[i] ?? take(byLabel.get(label)));
}

/** The verses with those kept from the file in the file's order, the others where they are. */
function inFileOrder(verses: VerseToWrite[], kept: VerseExtras[]): VerseToWrite[] {
  const place = new Map(kept.map((verse, i) => [verse, i]));
  const keptVerses = verses
    .filter((verse) => verse.extras)
    .sort((a, b) => place.get(a.extras!)! - place.get(b.extras!)!);
  let next = 0;
  return verses.map((verse) => (verse.extras ? keptVerses[next++]! : verse));
}

function verseXml(
  verse: VerseToWrite,
  language: string | null,
  chordXml: (chord: string) => string,
): string {
  const d = 2;
  const content = contentToWrite(verse);
  // Comments kept in the lyrics stay in a <verse>: an <instrument> holds chords only.
  const comments = content.some((item) => typeof item !== 'string' && item.extras.comments.length);
  const instrument = isInstrumental(verse.lines) && !comments;
  // A verse kept with a language of its own (a verse only in another language) keeps it; the
  // others are in the song's. An <instrument> has no words, so no language.
  const {
    name: _name,
    lang = instrument ? undefined : (language ?? undefined),
    ...attrs
  } = verse.extras?.attrs ?? {};
  const children = content.map((item) =>
    typeof item === 'string'
      ? pad(d + 1) + item
      : pad(d + 1) +
        element(
          'lines',
          item.extras.attrs,
          linesXml(item.lines, item.extras.comments, chordXml, instrument),
        ),
  );
  const named = { name: verse.name, ...(lang ? { lang } : {}), ...attrs };
  return block(d, instrument ? 'instrument' : 'verse', named, children);
}

/** A translation as a verse of the part's name in its language, without chords. */
function translationXml(
  name: string,
  { lang, translit, lines }: PartTranslation,
  chordXml: (chord: string) => string,
): string {
  // Blank lines at the end are the padding a translation gets when read: written, they
  // would only be <br/>s.
  let end = lines.length;
  while (end > 0 && lines[end - 1] === '') end -= 1;
  const content = linesXml(
    lines.slice(0, end).map((lyrics) => ({ chords: '', lyrics })),
    [],
    chordXml,
    false,
  );
  const attributes = { name, lang, ...(translit ? { translit } : {}) };
  return block(2, 'verse', attributes, [pad(3) + element('lines', {}, content)]);
}

type ContentItem = string | { extras: LinesExtras; lines: SongLine[] };

/**
 * The verse's children: its `<lines>` as in the file, each with as many lines as it had (the
 * last one the rest), and its other children as they were.
 */
function contentToWrite(verse: VerseToWrite): ContentItem[] {
  const content = verse.extras?.content ?? [];
  const groups = content.filter((item): item is LinesExtras => typeof item !== 'string');
  if (groups.length === 0) {
    const others = content.filter((item): item is string => typeof item === 'string');
    return [...others, { extras: { lines: 0, attrs: {}, comments: [] }, lines: verse.lines }];
  }
  const lastGroup = groups[groups.length - 1];
  let next = 0;
  const items = content.map((item): ContentItem => {
    if (typeof item === 'string') return item;
    const count = item === lastGroup ? verse.lines.length - next : item.lines;
    const lines = verse.lines.slice(next, next + count);
    next += lines.length;
    return { extras: item, lines };
  });
  const written = items.filter(
    (item) => typeof item === 'string' || item.lines.length > 0 || item.extras.comments.length > 0,
  );
  return written.some((item) => typeof item !== 'string') ? written : items;
}
