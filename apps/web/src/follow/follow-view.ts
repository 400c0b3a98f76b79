import type { FollowSong, FollowState } from '@segue/shared';
import { t } from './follow-i18n.ts';

/** One part of the song on the page, and whether the band is on it. */
export interface PartView {
  label: string;
  lines: string[];
  /** The language `lines` are in, when known. */
  lang: string | null;
  live: boolean;
}

/** What the follow page shows below its heading. */
export type FollowBody =
  | { kind: 'loading' }
  | { kind: 'ended' }
  | { kind: 'waiting'; message: string }
  | { kind: 'item'; title: string }
  | {
      kind: 'song';
      title: string;
      parts: PartView[];
      /** The live part's index in `parts`, or null when only the song is known. */
      livePart: number | null;
      /** Tells one song from the next when the page is redrawn: the same song keeps its place. */
      songKey: string;
      /** The languages the song can be read in: its own (null when it names none), then others. */
      languages: (string | null)[];
      /** The one shown, of `languages`. */
      language: string | null;
    };

export interface FollowView {
  /** The page's one h1: the setlist's name, or what stands in for it. */
  heading: string;
  body: FollowBody;
  /** The foot of the page: the song's copyright and CCLI number, then the team's licence. */
  credits: string[];
  /** What the polite live region says when it changes (the part the band is on). */
  spoken: string;
}

/** A song's identity on the page: its words, not its place in the setlist. */
export function songKey(song: FollowSong): string {
  return JSON.stringify([song.title, song.parts]);
}

/** Language tags do not tell case apart. */
const same = (a: string | null, b: string | null) =>
  a !== null && b !== null && a.toLowerCase() === b.toLowerCase();

/** The languages a song's words can be read in: its own (null when unnamed), then the others'. */
export function songLanguages(song: FollowSong): (string | null)[] {
  const languages: (string | null)[] = [song.language];
  for (const part of song.parts) {
    for (const { lang } of part.translations) {
      if (!languages.some((known) => same(known, lang))) languages.push(lang);
    }
  }
  return languages;
}

/**
 * The language a page shows a song in: the reader's choice if the song has it, else the
 * screens' first language if it has that, else its own.
 */
function shownLanguage(
  languages: readonly (string | null)[],
  chosen: string | null,
  screens: readonly string[],
): string | null {
  for (const wanted of [chosen, screens[0] ?? null]) {
    // `und` (undetermined) is how a reader chooses the words of a song that names no language.
    const found = languages.find((lang) => (lang === null ? wanted === 'und' : same(lang, wanted)));
    if (found !== undefined) return found;
  }
  return languages[0] ?? null;
}

/** A part's words in `lang`: its translation, or its own words when it has none in `lang`. */
function partWords(part: FollowSong['parts'][number], lang: string | null, own: string | null) {
  const translation = same(lang, own)
    ? undefined
    : part.translations.find((candidate) => same(candidate.lang, lang));
  return translation
    ? { lines: translation.lines, lang: translation.lang }
    : { lines: part.lines, lang: own };
}

/** A part index the page can mark: one of the song's parts, or null. */
function livePartOf(song: FollowSong, part: number | null): number | null {
  return part !== null && Number.isInteger(part) && part >= 0 && part < song.parts.length
    ? part
    : null;
}

function licenceCredit(state: FollowState): string[] {
  return state.ccliLicence ? [t('follow.ccliLicenceNumber', { number: state.ccliLicence })] : [];
}

/**
 * The page for a state: `null` while the first state is on its way, `ended` once the link
 * has ended (whatever state was shown before).
 */
export function followView(
  state: FollowState | null,
  ended = false,
  chosenLanguage: string | null = null,
): FollowView {
  if (ended) {
    return {
      heading: t('follow.ended'),
      body: { kind: 'ended' },
      credits: [],
      spoken: t('follow.ended'),
    };
  }
  if (!state) {
    return {
      heading: t('follow.loading'),
      body: { kind: 'loading' },
      credits: [],
      spoken: '',
    };
  }
  const heading = state.setlistName;
  const { now } = state;
  switch (now.kind) {
    case 'waiting':
      return {
        heading,
        body: { kind: 'waiting', message: t('follow.waiting') },
        credits: licenceCredit(state),
        spoken: t('follow.waiting'),
      };
    case 'item':
      return {
        heading,
        body: { kind: 'item', title: now.title },
        credits: licenceCredit(state),
        spoken: now.title,
      };
    case 'song': {
      const { song } = now;
      const livePart = livePartOf(song, now.part);
      const credits = [
        ...(song.copyright ? [song.copyright] : []),
        ...(song.ccli ? [t('follow.songCcli', { number: song.ccli })] : []),
        ...licenceCredit(state),
      ];
      const liveLabel = livePart === null ? null : (song.parts[livePart]?.label ?? null);
      const languages = songLanguages(song);
      const language = shownLanguage(languages, chosenLanguage, state.screenLanguages);
      return {
        heading,
        body: {
          kind: 'song',
          title: song.title,
          parts: song.parts.map((part, index) => ({
            label: part.label,
            ...partWords(part, language, song.language),
            live: index === livePart,
          })),
          livePart,
          songKey: songKey(song),
          languages,
          language,
        },
        credits,
        spoken: liveLabel ? `${song.title}: ${liveLabel}` : song.title,
      };
    }
  }
}
