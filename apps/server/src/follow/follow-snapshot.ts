import type {
  FollowMessage,
  FollowNow,
  FollowSong,
  FollowState,
  LiveState,
  ScreenState,
} from '@segue/shared';
import type { StoredSongPart } from '../db/schema.ts';

/**
 * What a follow room shows of its setlist, read once per room (follow.repository.ts): the
 * words of its songs and the titles of its items, and nothing a band member wrote for the band
 * (chords, notes, leaders, positions, ids).
 */
export interface FollowRoomFacts {
  setlistId: string;
  teamId: string;
  setlistName: string;
  /**
   * One per entry whose song exists, numbered as the live views number them (`currentIndex`),
   * a reprise as often as it is played.
   */
  songs: FollowSong[];
  /**
   * The items in the setlist's stored order (`currentItem` indexes them), each with the number
   * of `songs` before it.
   */
  items: { title: string; at: number }[];
  /** The team's CCLI licence number. */
  ccliLicence: string | null;
  /** The lyric languages the setlist puts on the screens, first over second. */
  screenLanguages: string[];
  /** Phones that may follow at once: the team's own limit, or FOLLOW_LIMITS.roomDefault. */
  roomLimit: number;
}

/**
 * A song as the congregation reads it: its title, every part with its lines of words (a line of
 * chords only has none, and is left out; the part stays, so its index is the live state's
 * `currentPartPosition`), and its copyright and CCLI number for the foot of the page.
 */
export function followSong(song: {
  title: string;
  language: string | null;
  parts: readonly StoredSongPart[];
  copyright: string;
  ccli: string | null;
}): FollowSong {
  const words = (lines: readonly string[]) =>
    lines.map((line) => line.trimEnd()).filter((line) => line.trim() !== '');
  return {
    title: song.title,
    language: song.language,
    parts: song.parts.map((part) => ({
      label: part.label,
      lines: words(part.lines.map((line) => line.lyrics)),
      translations: (part.translations ?? [])
        .filter((translation) => !translation.translit)
        .map((translation) => ({ lang: translation.lang, lines: words(translation.lines) }))
        .filter((translation) => translation.lines.length > 0),
    })),
    copyright: song.copyright.trim() || null,
    ccli: song.ccli?.trim() || null,
  };
}

/**
 * What a follow page shows now, from the room's facts, the live state and the projector
 * (docs/DECISIONS.md, "The congregation follows"): nothing before the set's first step, and
 * nothing while the projector is dark, so a phone never shows what the room's screen hides.
 */
export function followState(
  facts: FollowRoomFacts,
  live: LiveState | null,
  screen: ScreenState | null,
  message: FollowMessage | null = null,
): FollowState {
  return {
    setlistName: facts.setlistName,
    // Both only grow: their sum grows with a step and with a change of the screen.
    version: (live?.version ?? 0) + (screen?.version ?? 0),
    now: nowOf(facts, live, screen),
    ccliLicence: facts.ccliLicence,
    screenLanguages: facts.screenLanguages,
    message,
  };
}

const WAITING: FollowNow = { kind: 'waiting' };

function nowOf(
  facts: FollowRoomFacts,
  live: LiveState | null,
  screen: ScreenState | null,
): FollowNow {
  if (!live?.startedAt) return WAITING;
  if (screen && screen.mode !== 'lyrics') return WAITING;
  if (live.currentItem !== null) {
    const item = facts.items[live.currentItem];
    if (item) return { kind: 'item', title: item.title };
  }
  const song = facts.songs[live.currentIndex];
  if (!song) return WAITING;
  return { kind: 'song', song, part: partOf(song, live) };
}

/**
 * The live part's index in the song: at `currentPartPosition` when the part there has the live
 * label (a song may repeat a label), else the first part so labelled; null when neither.
 */
function partOf(song: FollowSong, live: LiveState): number | null {
  const { currentPartPosition: position, currentPartLabel: label } = live;
  if (label === null) return null;
  if (position !== null && song.parts[position]?.label === label) return position;
  const first = song.parts.findIndex((part) => part.label === label);
  return first === -1 ? null : first;
}

/** The message on a screen just read, as a page shows it; null when none shows now. */
export function messageOnScreen(screen: ScreenState | null): FollowMessage | null {
  const message = screen?.message;
  if (!message) return null;
  if (message.remainingMs !== null && message.remainingMs <= 0) return null;
  return { text: message.text, at: message.at, remainingMs: message.remainingMs };
}
