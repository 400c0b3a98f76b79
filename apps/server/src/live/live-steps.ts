import type { ClickOnStep, ClickState } from '@segue/shared';
import { silenced } from './live-click.ts';

/**
 * What a live step does, decided in memory: the rules of a step, applied to a room's cached facts so a step is ordered and
 * heard without a database round trip. No I/O here: the engine (live-engine.ts) supplies
 * the facts and the current state, orders the result and writes it behind the broadcast.
 */

/** What a setlist's live steps are checked against: cached per room, dropped on any change. */
export interface RoomFacts {
  teamId: string;
  /**
   * The entries whose song still exists, numbered from 0 as the views number them (an entry
   * whose song is gone is skipped), with their place in the stored array, their parts' labels,
   * and what the click plays them at: the entry's tempo (else the song's; null: none) and the
   * song's time signature.
   */
  entries: {
    at: number;
    songId: string;
    parts: string[];
    tempo: number | null;
    time: string | null;
  }[];
  /** Each item's place among the stored entries, in the items' order. */
  itemAts: number[];
  /** Who leads a song of the setlist (any entry, even one whose song is gone). */
  leaders: ReadonlySet<string>;
  /** What a running click does when the set moves to another song. */
  clickOnStep: ClickOnStep;
}

/**
 * The keys a run plays songs in, by song id (null: the song's own key): every entry of the
 * song, a reprise too, follows it. Apart from the planned keys, which a run never changes.
 */
export type LiveKeys = Readonly<Record<string, string | null>>;

/** No song's key changed in this run. */
export const NO_LIVE_KEYS: LiveKeys = Object.freeze({});

/** A run's keys as stored (a row, Redis): anything that is not a key or null is left out. */
export function liveKeysOf(value: unknown): LiveKeys {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return NO_LIVE_KEYS;
  const keys: Record<string, string | null> = {};
  for (const [songId, key] of Object.entries(value)) {
    if (typeof key === 'string' || key === null) keys[songId] = key;
  }
  return keys;
}

/** The live state of a setlist, as kept (in memory, in Redis, on the setlist row). */
export interface LiveRecord {
  currentIndex: number;
  currentPartLabel: string | null;
  currentPartPosition: number | null;
  /** The item the set is on (an index into the setlist's items), null on a song. */
  currentItem: number | null;
  version: number;
  driver: string | null;
  /** When this run of the set began (ISO), null before the first step. */
  startedAt: string | null;
  /** When the last step or key change was made (ms since the epoch), null before the first. */
  steppedAt: number | null;
  /** This run's keys (docs/DECISIONS.md, "Live keys and planned keys"). */
  keys: LiveKeys;
  /** The band's click, null before one was started (docs/DECISIONS.md, "The click"). */
  click: ClickState | null;
}

/** Where a step moves the set: the parts of the state a step decides. */
export type Position = Pick<
  LiveRecord,
  'currentIndex' | 'currentPartLabel' | 'currentPartPosition' | 'currentItem'
>;

/** A step asked for, as the gateway parsed it. */
export type StepRequest =
  | { kind: 'song'; index: number; part?: { label: string; position?: number | undefined } }
  | { kind: 'part'; label: string; position?: number | undefined }
  | { kind: 'item'; item: number };

/** A new run of the set begins with its first step, or the first after this long a pause. */
export const NEW_RUN_AFTER_MS = 12 * 60 * 60 * 1000;

const clamp = (value: number, count: number) => Math.max(0, Math.min(Math.trunc(value), count - 1));

/** `position` when the part there is labelled `label`, else the first part so labelled (or null). */
function partPosition(parts: string[], label: string, position: number | undefined) {
  if (position !== undefined && position >= 0 && parts[position] === label) return position;
  const first = parts.indexOf(label);
  return first === -1 ? null : first;
}

/**
 * Where a step moves the set from `current`, or null when it is refused: a part label the
 * current song does not have, or an item the setlist does not have.
 *
 * - A song: the index kept within the songs; the part `part` when that song has one so
 *   labelled (at `part.position` when the part there has that label), else its first (spec 4).
 * - A part: of the song the set is on, by label, at `position` when the part there has it.
 * - An item: no part, and the song index becomes the song after the item, kept within the
 *   songs, so a screen that knows nothing of items shows the song coming up.
 */
export function positionAfter(
  facts: RoomFacts,
  current: Position,
  step: StepRequest,
): Position | null {
  const count = facts.entries.length;
  if (step.kind === 'song') {
    const index = clamp(step.index, count);
    const parts = facts.entries[index]?.parts ?? [];
    const wanted = step.part && parts.includes(step.part.label) ? step.part : null;
    return {
      currentIndex: index,
      currentPartLabel: wanted ? wanted.label : (parts[0] ?? null),
      currentPartPosition: wanted
        ? partPosition(parts, wanted.label, wanted.position)
        : parts.length > 0
          ? 0
          : null,
      currentItem: null,
    };
  }
  if (step.kind === 'part') {
    const index = clamp(current.currentIndex, count);
    const parts = facts.entries[index]?.parts;
    if (!parts?.includes(step.label)) return null;
    return {
      currentIndex: index,
      currentPartLabel: step.label,
      currentPartPosition: partPosition(parts, step.label, step.position),
      currentItem: null,
    };
  }
  const at = facts.itemAts[step.item];
  if (!Number.isInteger(step.item) || at === undefined) return null;
  const before = facts.entries.filter((entry) => entry.at < at).length;
  return {
    currentIndex: clamp(before, count),
    currentPartLabel: null,
    currentPartPosition: null,
    currentItem: step.item,
  };
}

/**
 * The state after a step to `position` by `driver` at `now` (ms since the epoch): the version one past the
 * higher of the current one and `floor` (after a restart, versions start a safe
 * margin above the last one written), and a new run after a long pause.
 */
export function recordAfter(
  current: LiveRecord,
  position: Position,
  driver: string | null,
  now: number,
  floor = 0,
): LiveRecord {
  const last = current.steppedAt;
  const newRun = last === null || current.startedAt === null || last < now - NEW_RUN_AFTER_MS;
  const startedAt = newRun ? new Date(now).toISOString() : current.startedAt;
  const version = Math.max(current.version, floor) + 1;
  // Keys set (and a click started) just before the first step belong to its run.
  const fresh = pausedLong(current, now);
  const keys = fresh ? NO_LIVE_KEYS : current.keys;
  const click = fresh ? silenced(current.click, version) : current.click;
  return recordAt(position, version, driver, startedAt, now, keys, click);
}

/**
 * The keys of the run under way at `now`: none once the set paused long enough that what comes
 * next is a new run (a phone joining next Sunday does not play in last Sunday's keys).
 */
export function runKeys(current: LiveRecord, now: number): LiveKeys {
  return pausedLong(current, now) ? NO_LIVE_KEYS : current.keys;
}

/**
 * The click of the run under way at `now`: a click left running reads as stopped once the set
 * paused long enough that what comes next is a new run (next Sunday's phones do not start
 * clicking when they join).
 */
export function runClick(current: LiveRecord, now: number): ClickState | null {
  return pausedLong(current, now)
    ? silenced(current.click, current.click?.version ?? 0)
    : current.click;
}

/** Nothing happened live for long enough that what comes next is a new run. */
function pausedLong(current: LiveRecord, now: number): boolean {
  return current.steppedAt === null || current.steppedAt < now - NEW_RUN_AFTER_MS;
}

/**
 * The state after a driver plays song `songId` in `key` (null: its own) for the rest of the
 * run, at `now`: the position and "Moved by" stay, the version goes one up. A key change after
 * a long pause starts the new run's keys (the last run's are dropped) but not its clock, which
 * the first step starts, so the stage display counts from the first song.
 */
export function recordKeyed(
  current: LiveRecord,
  songId: string,
  key: string | null,
  now: number,
  floor = 0,
): LiveRecord {
  const version = Math.max(current.version, floor) + 1;
  const fresh = pausedLong(current, now);
  const keys = { ...(fresh ? NO_LIVE_KEYS : current.keys), [songId]: key };
  const click = fresh ? silenced(current.click, version) : current.click;
  const startedAt = fresh ? null : current.startedAt;
  return recordAt(current, version, current.driver, startedAt, now, keys, click);
}

/**
 * The state after a driver's click event made `click` (whose version it takes) at `now`: like
 * a key change, the position and "Moved by" stay, the version goes one up, and after a long
 * pause the new run's keys start empty while its clock waits for the first step.
 */
export function recordClicked(
  current: LiveRecord,
  click: ClickState,
  now: number,
  floor = 0,
): LiveRecord {
  const version = Math.max(current.version, floor) + 1;
  const fresh = pausedLong(current, now);
  const keys = fresh ? NO_LIVE_KEYS : current.keys;
  const startedAt = fresh ? null : current.startedAt;
  const stamped = { ...click, version };
  return recordAt(current, version, current.driver, startedAt, now, keys, stamped);
}

/** A state at `position`, spelled out: on the step's path, an object spread cost 40 times as much. */
function recordAt(
  position: Position,
  version: number,
  driver: string | null,
  startedAt: string | null,
  steppedAt: number | null,
  keys: LiveKeys,
  click: ClickState | null,
): LiveRecord {
  return {
    currentIndex: position.currentIndex,
    currentPartLabel: position.currentPartLabel,
    currentPartPosition: position.currentPartPosition,
    currentItem: position.currentItem,
    version,
    driver,
    startedAt,
    steppedAt,
    keys,
    click,
  };
}

/** The item the set is on, if the setlist still has it (saves leave the live state alone). */
export function currentItemOf(record: LiveRecord, facts: RoomFacts | null): number | null {
  if (record.currentItem === null || !facts) return record.currentItem;
  return record.currentItem < facts.itemAts.length ? record.currentItem : null;
}

/**
 * Every entry's key as the band plays it now, numbered as the views number them: the run's
 * key for its song where a driver set one, else the planned key (`planned`, null: the song's own).
 */
export function keysNow(
  facts: RoomFacts,
  planned: readonly (string | null)[],
  live: LiveKeys,
): (string | null)[] {
  return facts.entries.map(({ songId }, index) =>
    Object.hasOwn(live, songId) ? (live[songId] ?? null) : (planned[index] ?? null),
  );
}

/** The state as a screen sees it, of setlist `setlistId`: an item the setlist no longer has reads as none. */
export function liveStateOf(setlistId: string, record: LiveRecord, facts: RoomFacts) {
  return {
    setlistId,
    currentIndex: record.currentIndex,
    currentPartLabel: record.currentPartLabel,
    currentPartPosition: record.currentPartPosition,
    currentItem: currentItemOf(record, facts),
    version: record.version,
    driver: record.driver,
    startedAt: record.startedAt,
  };
}
