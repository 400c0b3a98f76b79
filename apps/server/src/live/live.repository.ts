import type { PreparedQuery } from '../db/client.ts';
import { scope, type ChangeFeed } from '../lib/change-feed.ts';
import type { LiveRecord, RoomFacts } from './live-steps.ts';

interface KeyRow extends Record<string, unknown> {
  found: boolean;
  written: boolean;
  song_id: string | null;
  ats: unknown;
  songs: unknown;
}

/** What a key change did: written (with every entry's key now), or why not. */
export type KeyResult =
  | { kind: 'written'; songId: string; keys: (string | null)[] }
  | { kind: 'refused' }
  | { kind: 'missing' };

/** The entries of setlist `$1` of team `$2`: `pos` as the views number them, `at` in the stored array. */
const ENTRIES = `entries as (
    select (row_number() over (order by e.ord) - 1)::int as pos, (e.ord - 1)::int as at, sg.id
    from setlist s
    cross join lateral jsonb_array_elements(s.songs) with ordinality as e(entry, ord)
    join song sg on sg.team_id = s.team_id
      and sg.id = case when jsonb_typeof(e.entry) = 'string' then e.entry #>> '{}' else e.entry ->> 'song' end
    where s.id = $1 and s.team_id = $2
  )`;

/** Whether setlist `$1` of team `$2` exists. */
const TARGET = `target as (select 1 from setlist s where s.id = $1 and s.team_id = $2)`;

/**
 * A setlist's room facts and its live state as written, in one statement: the
 * entries whose song exists, numbered as the views number them, with their parts' labels;
 * the items' places; who leads a song. `$1` the setlist.
 */
const ROOM = `
  select s.team_id, s.current_index, s.current_part_label, s.current_part_position,
    s.current_item, s.live_version, s.live_driver, s.live_started_at, s.live_stepped_at,
    coalesce((select jsonb_agg(it.item -> 'at' order by it.ord)
      from jsonb_array_elements(s.items) with ordinality as it(item, ord)), '[]'::jsonb) as item_ats,
    coalesce((select jsonb_agg(distinct le.entry ->> 'leader')
      from jsonb_array_elements(s.songs) as le(entry)
      where jsonb_typeof(le.entry) = 'object' and le.entry ->> 'leader' is not null),
      '[]'::jsonb) as leaders,
    coalesce((select jsonb_agg(jsonb_build_object('at', e.ord - 1, 'songId', sg.id,
        'parts', (select coalesce(jsonb_agg(p.part ->> 'label' order by p.ord), '[]'::jsonb)
          from jsonb_array_elements(sg.parts) with ordinality as p(part, ord)))
        order by e.ord)
      from jsonb_array_elements(s.songs) with ordinality as e(entry, ord)
      join song sg on sg.team_id = s.team_id
        and sg.id = case when jsonb_typeof(e.entry) = 'string' then e.entry #>> '{}'
          else e.entry ->> 'song' end), '[]'::jsonb) as entries
  from setlist s where s.id = $1`;

interface RoomRow extends Record<string, unknown> {
  team_id: string;
  current_index: number;
  current_part_label: string | null;
  current_part_position: number | null;
  current_item: number | null;
  live_version: string | number;
  live_driver: string | null;
  live_started_at: Date | string | null;
  live_stepped_at: Date | string | null;
  item_ats: unknown;
  leaders: unknown;
  entries: unknown;
}

/**
 * Writes the latest live state of several setlists in one statement (behind the
 * broadcast, coalesced). A row keeps a higher version written meanwhile (by another instance):
 * versions are unique, so only an older state is ever skipped. `$1` the states, as JSON.
 */
const PERSIST = `
  update setlist s set current_index = v.current_index,
    current_part_label = v.current_part_label, current_part_position = v.current_part_position,
    current_item = v.current_item, live_version = v.live_version, live_driver = v.live_driver,
    live_started_at = v.live_started_at, live_stepped_at = v.live_stepped_at
  from jsonb_to_recordset($1::jsonb) as v(id text, current_index int, current_part_label text,
    current_part_position int, current_item int, live_version bigint, live_driver text,
    live_started_at timestamptz, live_stepped_at timestamptz)
  where s.id = v.id and s.live_version <= v.live_version`;

/**
 * Raises a setlist's written version to `$2` before a step that far ahead is heard, so a
 * restarted server never hands out a version a screen has already seen (see LiveEngine).
 */
const RAISE = `update setlist set live_version = $2::bigint where id = $1 and live_version < $2::bigint`;

/**
 * The performance key of entry `$3` (numbered as the views number them) becomes `$4`
 * (null: the song's own); the live service has let the sender drive. An entry still holding
 * a plain song id takes the current shape. The entry must still hold the song it held when
 * the statement began: a setlist saved meanwhile writes nothing. The live version is the
 * engine's to order, not this statement's.
 */
const SET_KEY = `
  with ${ENTRIES},
  ${TARGET},
  chosen as (select at, id from entries where pos = $3::int),
  written as (
    update setlist
    set songs = jsonb_set(setlist.songs, array[(select at from chosen)::text],
        case when jsonb_typeof(setlist.songs -> (select at from chosen)) = 'object'
          then (setlist.songs -> (select at from chosen)) || jsonb_build_object('key', $4::text)
          else jsonb_build_object('song', (select id from chosen), 'leader', null, 'key', $4::text)
        end)
    where setlist.id = $1 and setlist.team_id = $2
      and exists (select 1 from chosen)
      and (select id from chosen) = case jsonb_typeof(setlist.songs -> (select at from chosen))
        when 'string' then setlist.songs ->> (select at from chosen)
        when 'object' then setlist.songs -> (select at from chosen) ->> 'song' end
    returning setlist.songs
  )
  select exists (select 1 from target) as found, exists (select 1 from written) as written,
    (select id from chosen) as song_id,
    (select coalesce(jsonb_agg(at order by pos), '[]'::jsonb) from entries) as ats,
    (select songs from written) as songs`;

/** The performance keys of a setlist's entries, numbered as the views number them. */
const KEYS_OF = `
  with ${ENTRIES}
  select coalesce(jsonb_agg(s.songs -> en.at ->> 'key' order by en.pos), '[]'::jsonb) as keys
  from entries en join setlist s on s.id = $1`;

/** Each entry's key, read from the stored entries at `ats`: an old plain-id entry has none. */
function keysAt(songs: unknown, ats: unknown): (string | null)[] {
  const entries = Array.isArray(songs) ? (songs as unknown[]) : [];
  return (Array.isArray(ats) ? (ats as number[]) : []).map((at) => {
    const entry = entries[at];
    const key =
      typeof entry === 'object' && entry !== null ? (entry as { key?: unknown }).key : null;
    return typeof key === 'string' ? key : null;
  });
}

/**
 * The live state's SQL: room facts, coalesced writes and key changes. Its statements read the
 * `song` rows a setlist holds in the same statement as the setlist (the part labels a step is
 * checked against, the entries a key belongs to): a room is read in one round trip, and a key
 * is written only while its entry still holds the song it held, which two repositories could
 * not promise without a transaction around them.
 */
export class LiveRepository {
  constructor(
    private readonly liveStep: PreparedQuery,
    private readonly changes: ChangeFeed,
  ) {}

  /** A setlist's room facts and its live state as written, or null when there is no such setlist. */
  async room(setlistId: string): Promise<{ facts: RoomFacts; record: LiveRecord } | null> {
    const [row] = await this.liveStep<RoomRow>('segue_live_room', ROOM, [setlistId]);
    if (!row) return null;
    const entries = Array.isArray(row.entries)
      ? (row.entries as { at: number; songId: string; parts: unknown }[]).map((e) => ({
          at: Number(e.at),
          songId: e.songId,
          parts: Array.isArray(e.parts) ? (e.parts as unknown[]).map((l) => String(l)) : [],
        }))
      : [];
    const itemAts = Array.isArray(row.item_ats) ? (row.item_ats as unknown[]).map(Number) : [];
    const leaders = Array.isArray(row.leaders) ? (row.leaders as unknown[]).map(String) : [];
    return {
      facts: { teamId: row.team_id, entries, itemAts, leaders: new Set(leaders) },
      record: {
        currentIndex: row.current_index,
        currentPartLabel: row.current_part_label,
        currentPartPosition: row.current_part_position,
        currentItem: row.current_item,
        version: Number(row.live_version),
        driver: row.live_driver,
        startedAt: isoOf(row.live_started_at),
        steppedAt: row.live_stepped_at === null ? null : new Date(row.live_stepped_at).getTime(),
      },
    };
  }

  /** Writes the latest live state of some setlists, one statement for all of them. */
  async persist(records: Map<string, LiveRecord>): Promise<void> {
    if (records.size === 0) return;
    const rows = [...records].map(([id, r]) => ({
      id,
      current_index: r.currentIndex,
      current_part_label: r.currentPartLabel,
      current_part_position: r.currentPartPosition,
      current_item: r.currentItem,
      live_version: r.version,
      live_driver: r.driver,
      live_started_at: r.startedAt,
      live_stepped_at: r.steppedAt === null ? null : new Date(r.steppedAt).toISOString(),
    }));
    await this.liveStep('segue_live_persist', PERSIST, [JSON.stringify(rows)]);
  }

  /** Raises a setlist's written version to at least `version`. */
  async raise(setlistId: string, version: number): Promise<void> {
    await this.liveStep('segue_live_raise', RAISE, [setlistId, version]);
  }

  /** Sets an entry's performance key for the whole band. */
  async setKey(
    setlistId: string,
    teamId: string,
    index: number,
    key: string | null,
  ): Promise<KeyResult> {
    const [row] = await this.liveStep<KeyRow>('segue_live_set_key', SET_KEY, [
      setlistId,
      teamId,
      index,
      key,
    ]);
    if (!row?.found) return { kind: 'missing' };
    if (!row.written || row.song_id === null) return { kind: 'refused' };
    // The setlist's answers are read again (they carry the keys and depend on its live
    // scope too), while the live rooms keep their facts: a key is not one of them.
    await this.changes.publish(scope.live(setlistId));
    return { kind: 'written', songId: row.song_id, keys: keysAt(row.songs, row.ats) };
  }

  /** The performance keys of a setlist's entries (for a screen that joins). */
  async keys(setlistId: string, teamId: string): Promise<(string | null)[]> {
    const [row] = await this.liveStep<{ keys: unknown }>('segue_live_keys', KEYS_OF, [
      setlistId,
      teamId,
    ]);
    return Array.isArray(row?.keys)
      ? (row.keys as unknown[]).map((k) => (typeof k === 'string' ? k : null))
      : [];
  }
}

function isoOf(value: Date | string | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}
