import type { ScreenMode, ScreenState } from '@segue/shared';
import type { PreparedQuery } from '../db/client.ts';
import type { StoredScreenMessage } from '../db/schema.ts';
import type { ChangeFeed } from '../lib/change-feed.ts';
import { clickOf } from './live-click.ts';
import { liveKeysOf, type LiveRecord, type RoomFacts } from './live-steps.ts';

/** The entries of setlist `$1` of team `$2`: `pos` as the views number them, `at` in the stored array. */
const ENTRIES = `entries as (
    select (row_number() over (order by e.ord) - 1)::int as pos, (e.ord - 1)::int as at, sg.id
    from setlist s
    cross join lateral jsonb_array_elements(s.songs) with ordinality as e(entry, ord)
    join song sg on sg.team_id = s.team_id
      and sg.id = case when jsonb_typeof(e.entry) = 'string' then e.entry #>> '{}' else e.entry ->> 'song' end
    where s.id = $1 and s.team_id = $2
  )`;

/**
 * A setlist's room facts and its live state as written, in one statement: the
 * entries whose song exists, numbered as the views number them, with their parts' labels and
 * what the click plays them at (the entry's tempo, else the song's; the song's time); the
 * items' places; who leads a song; what the click does on a step. `$1` the setlist.
 */
const ROOM = `
  select s.team_id, s.current_index, s.current_part_label, s.current_part_position,
    s.current_item, s.live_version, s.live_driver, s.live_started_at, s.live_stepped_at,
    s.live_keys, s.live_click, s.click_on_step,
    coalesce((select jsonb_agg(it.item -> 'at' order by it.ord)
      from jsonb_array_elements(s.items) with ordinality as it(item, ord)), '[]'::jsonb) as item_ats,
    coalesce((select jsonb_agg(distinct le.entry ->> 'leader')
      from jsonb_array_elements(s.songs) as le(entry)
      where jsonb_typeof(le.entry) = 'object' and le.entry ->> 'leader' is not null),
      '[]'::jsonb) as leaders,
    coalesce((select jsonb_agg(jsonb_build_object('at', e.ord - 1, 'songId', sg.id,
        'parts', (select coalesce(jsonb_agg(p.part ->> 'label' order by p.ord), '[]'::jsonb)
          from jsonb_array_elements(sg.parts) with ordinality as p(part, ord)),
        'tempo', coalesce(case when jsonb_typeof(e.entry -> 'tempo') = 'number'
          then (e.entry ->> 'tempo')::numeric end, sg.tempo),
        'time', sg.time_signature)
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
  live_keys: unknown;
  live_click: unknown;
  click_on_step: string;
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
    live_started_at = v.live_started_at, live_stepped_at = v.live_stepped_at,
    live_keys = v.live_keys, live_click = v.live_click
  from jsonb_to_recordset($1::jsonb) as v(id text, current_index int, current_part_label text,
    current_part_position int, current_item int, live_version bigint, live_driver text,
    live_started_at timestamptz, live_stepped_at timestamptz, live_keys jsonb, live_click jsonb)
  where s.id = v.id and s.live_version <= v.live_version`;

/**
 * Raises a setlist's written version to `$2` before a step that far ahead is heard, so a
 * restarted server never hands out a version a screen has already seen (see LiveEngine).
 */
const RAISE = `update setlist set live_version = $2::bigint where id = $1 and live_version < $2::bigint`;

/** The performance keys of a setlist's entries, numbered as the views number them. */
const KEYS_OF = `
  with ${ENTRIES}
  select coalesce(jsonb_agg(s.songs -> en.at ->> 'key' order by en.pos), '[]'::jsonb) as keys
  from entries en join setlist s on s.id = $1`;

/**
 * Changes the congregation's screen of setlist `$1` of team `$2`: its mode to `$3` (null: as
 * it is), when `$4` its message to `$5` (null: none), and whether it shows the join code to
 * `$6` (null: as it is). The version grows in the same statement, so two drivers on two
 * instances never share one.
 */
const SET_SCREEN = `
  update setlist set screen_mode = coalesce($3::text, screen_mode),
    screen_message = case when $4::boolean then $5::jsonb else screen_message end,
    screen_join_code = coalesce($6::boolean, screen_join_code),
    screen_version = screen_version + 1
  where id = $1 and team_id = $2
  returning screen_mode, screen_message, screen_join_code, screen_version`;

/** The congregation's screen of setlist `$1` of team `$2`. */
const SCREEN_OF = `
  select screen_mode, screen_message, screen_join_code, screen_version
  from setlist where id = $1 and team_id = $2`;

/**
 * A new version of the screen of setlist `$1` of team `$2` while it shows the join code, whose
 * link was just made or withdrawn: the code it shows changed, though no driver changed it.
 */
const RENEW_JOIN_CODE = `
  update setlist set screen_version = screen_version + 1
  where id = $1 and team_id = $2 and screen_join_code
  returning screen_mode, screen_message, screen_join_code, screen_version`;

interface ScreenRow extends Record<string, unknown> {
  screen_mode: ScreenMode;
  screen_message: StoredScreenMessage | null;
  screen_join_code: boolean;
  screen_version: number;
}

/**
 * The congregation's screen as the setlist keeps it: whether a driver shows the join code, not
 * the link's address, which the live service reads from the link itself.
 */
export interface StoredScreen extends Omit<ScreenState, 'joinCode'> {
  joinCodeShown: boolean;
}

/** A stored screen as screens receive it: a message whose time is up is none. */
function screenOf(setlistId: string, row: ScreenRow, now: number): StoredScreen {
  const stored = row.screen_message;
  const left = stored?.until ? Date.parse(stored.until) - now : null;
  const message =
    stored && (left === null || left > 0)
      ? { text: stored.text, from: stored.from, at: stored.at, remainingMs: left }
      : null;
  return {
    setlistId,
    mode: row.screen_mode,
    message,
    joinCodeShown: row.screen_join_code,
    version: Number(row.screen_version),
  };
}

/**
 * The live state's SQL: room facts, coalesced writes (a run's keys among them) and the planned
 * keys. Its statements read the `song` rows a setlist holds in the same statement as the
 * setlist (the part labels a step is checked against, the entries a key belongs to), so a room
 * is read in one round trip.
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
      ? (
          row.entries as {
            at: number;
            songId: string;
            parts: unknown;
            tempo: unknown;
            time: unknown;
          }[]
        ).map((e) => ({
          at: Number(e.at),
          songId: e.songId,
          parts: Array.isArray(e.parts) ? (e.parts as unknown[]).map((l) => String(l)) : [],
          tempo: typeof e.tempo === 'number' && Number.isFinite(e.tempo) ? e.tempo : null,
          time: typeof e.time === 'string' ? e.time : null,
        }))
      : [];
    const itemAts = Array.isArray(row.item_ats) ? (row.item_ats as unknown[]).map(Number) : [];
    const leaders = Array.isArray(row.leaders) ? (row.leaders as unknown[]).map(String) : [];
    return {
      facts: {
        teamId: row.team_id,
        entries,
        itemAts,
        leaders: new Set(leaders),
        clickOnStep: row.click_on_step === 'stop' ? 'stop' : 'follow',
      },
      record: {
        currentIndex: row.current_index,
        currentPartLabel: row.current_part_label,
        currentPartPosition: row.current_part_position,
        currentItem: row.current_item,
        version: Number(row.live_version),
        driver: row.live_driver,
        startedAt: isoOf(row.live_started_at),
        steppedAt: row.live_stepped_at === null ? null : new Date(row.live_stepped_at).getTime(),
        keys: liveKeysOf(row.live_keys),
        click: clickOf(row.live_click),
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
      live_keys: r.keys,
      live_click: r.click,
    }));
    await this.liveStep('segue_live_persist', PERSIST, [JSON.stringify(rows)]);
  }

  /** Raises a setlist's written version to at least `version`. */
  async raise(setlistId: string, version: number): Promise<void> {
    await this.liveStep('segue_live_raise', RAISE, [setlistId, version]);
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

  /**
   * Changes the congregation's screen (the live service has let the sender drive it): its
   * mode, its message (`message: null` takes it off), whether it shows the join code. Null when
   * there is no such setlist.
   */
  async setScreen(
    setlistId: string,
    teamId: string,
    change: {
      mode?: ScreenMode | undefined;
      message?: StoredScreenMessage | null | undefined;
      joinCode?: boolean | undefined;
    },
  ): Promise<StoredScreen | null> {
    const [row] = await this.liveStep<ScreenRow>('segue_live_set_screen', SET_SCREEN, [
      setlistId,
      teamId,
      change.mode ?? null,
      change.message !== undefined,
      change.message ? JSON.stringify(change.message) : null,
      change.joinCode ?? null,
    ]);
    return row ? screenOf(setlistId, row, Date.now()) : null;
  }

  /** The congregation's screen of a setlist (for a screen that joins). */
  async screen(setlistId: string, teamId: string): Promise<StoredScreen | null> {
    const [row] = await this.liveStep<ScreenRow>('segue_live_screen', SCREEN_OF, [
      setlistId,
      teamId,
    ]);
    return row ? screenOf(setlistId, row, Date.now()) : null;
  }

  /**
   * The screen under a new version when it shows the join code (its link was made or
   * withdrawn); null when it does not show it, so nothing changed for the room.
   */
  async renewJoinCode(setlistId: string, teamId: string): Promise<StoredScreen | null> {
    const [row] = await this.liveStep<ScreenRow>('segue_live_renew_join_code', RENEW_JOIN_CODE, [
      setlistId,
      teamId,
    ]);
    return row ? screenOf(setlistId, row, Date.now()) : null;
  }
}

function isoOf(value: Date | string | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}
