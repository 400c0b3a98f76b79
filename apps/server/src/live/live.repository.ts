import { eq, sql } from 'drizzle-orm';
import { queryRows, type Db, type PreparedQuery } from '../db/client.ts';
import { setlist } from '../db/schema.ts';
import { roleIn, type TeamRole } from '../policy/actor.ts';
import { scope, type ChangeFeed } from '../lib/change-feed.ts';

interface StoredLiveState {
  currentIndex: number;
  currentPartLabel: string | null;
  currentPartPosition: number | null;
  version: number;
  driver: string | null;
  startedAt: string | null;
  /** Issue 18: the item the set is on (an index into the setlist's items), null on a song. */
  currentItem: number | null;
}

/**
 * What a step did: written; refused (the label is not a part of the current song, or the
 * item not one of the setlist's); not a driver's (the sender leads no song of the setlist);
 * or no such setlist.
 */
export type StepResult =
  | { kind: 'written'; state: StoredLiveState }
  | { kind: 'refused' }
  | { kind: 'not-driver' }
  | { kind: 'missing' };

/** What a key change did: written (with every entry's key now), or as a step's refusals. */
export type KeyResult =
  | { kind: 'written'; songId: string; state: StoredLiveState & { keys: (string | null)[] } }
  | { kind: 'refused' }
  | { kind: 'not-driver' }
  | { kind: 'missing' };

/** Who steps: their name, and, when only a song's leader may, their id to check that by. */
export interface Stepper {
  name: string;
  /** Set when the policy lets this role drive only as a song's leader; null when it may anyway. */
  mustLead: string | null;
}

interface StepRow extends Record<string, unknown> {
  found: boolean;
  may: boolean;
  current_index: number | null;
  current_part_label: string | null;
  current_part_position: number | null;
  current_item: number | null;
  live_version: string | number | null;
  live_driver: string | null;
  live_started_at: Date | string | null;
}

interface KeyRow extends StepRow {
  song_id: string | null;
  ats: unknown;
  songs: unknown;
}

/** `$4` (a user id, or null for anyone) leads a song of the setlist `row`. */
const leads = (row: string) => `($4::text is null or exists (
    select 1 from jsonb_array_elements(${row}.songs) as le(entry)
    where jsonb_typeof(le.entry) = 'object' and le.entry ->> 'leader' = $4::text))`;

/** A new run of the set begins with its first step, or the first after this long a pause. */
const NEW_RUN_AFTER = `interval '12 hours'`;

/** The entries of setlist `$1` of team `$2`: `pos` as the views number them, `at` in the stored array. */
const ENTRIES = `entries as (
    select (row_number() over (order by e.ord) - 1)::int as pos, (e.ord - 1)::int as at, sg.id
    from setlist s
    cross join lateral jsonb_array_elements(s.songs) with ordinality as e(entry, ord)
    join song sg on sg.team_id = s.team_id
      and sg.id = case when jsonb_typeof(e.entry) = 'string' then e.entry #>> '{}' else e.entry ->> 'song' end
    where s.id = $1 and s.team_id = $2
  )`;

/** Whether setlist `$1` of team `$2` exists, and whether `$4` may drive it. */
const TARGET = `target as (select ${leads('s')} as may from setlist s where s.id = $1 and s.team_id = $2)`;

/** The index of the first part of `song` labelled `label`, or null. */
const firstPartAt = (song: string, label: string) => `(
    select (p.ord - 1)::int from song sg
    cross join lateral jsonb_array_elements(sg.parts) with ordinality as p(part, ord)
    where sg.id = ${song} and p.part ->> 'label' = ${label} order by p.ord limit 1)`;

/** `position` when the part there is labelled `label`, else the first part so labelled. */
const partPosition = (song: string, label: string, position: string) => `case
    when ${position} is not null
      and (select sg.parts -> ${position} ->> 'label' from song sg where sg.id = ${song}) = ${label}
    then ${position} else ${firstPartAt(song, label)} end`;

/**
 * One live step in one statement: read the setlist's songs, check the step and its
 * driver, write the state and bump the version. `$1` setlist, `$2` team, `$3` the song
 * index, the part label or the item, `$4` the user who must lead a song of it (null: anyone
 * may), `$5` the driver's name. Entries are numbered from 0 as the views number them: an entry
 * whose song is gone is skipped, an old plain-id entry counts like a current one.
 * Only the chosen song's parts are read.
 *
 * `index` may name `setlist.current_index`: the row being updated. When another
 * leader's step commits first, PostgreSQL evaluates the SET and WHERE again on the
 * row that step wrote, so a part change is checked against, and written to, the song
 * the set is on now, never the one in this statement's snapshot (and no lock is taken).
 */
const stepStatement = (
  index: string,
  label: (song: string) => string,
  position: (song: string) => string,
  allowed: (song: string) => string,
  /** The item the set is on after the step (issue 18): none, unless the step is to an item. */
  item = 'null::int',
) => {
  const song = `(select en.id from entries en where en.pos = ${index})`;
  return `
  with ${ENTRIES},
  ${TARGET},
  written as (
    update setlist
    set current_index = ${index}, current_part_label = ${label(song)},
      current_part_position = ${position(song)},
      current_item = ${item},
      live_version = setlist.live_version + 1,
      live_driver = $5::text,
      live_started_at = case
        when setlist.live_stepped_at is null or setlist.live_started_at is null
          or setlist.live_stepped_at < now() - ${NEW_RUN_AFTER} then now()
        else setlist.live_started_at end,
      live_stepped_at = now()
    where setlist.id = $1 and setlist.team_id = $2 and ${leads('setlist')} and ${allowed(song)}
    returning setlist.current_index, setlist.current_part_label, setlist.current_part_position,
      setlist.current_item, setlist.live_version, setlist.live_driver, setlist.live_started_at
  )
  select exists (select 1 from target) as found, coalesce((select may from target), false) as may,
    w.current_index, w.current_part_label, w.current_part_position, w.current_item,
    w.live_version, w.live_driver, w.live_started_at
  from (select 1) as one left join written w on true`;
};

const songCount = '(select count(*) from entries)::int';

/**
 * Another song: the index kept within the songs, the part that song's first (spec 4), or
 * the part `$6` when the song has one so labelled (a Previous Part across songs), at `$7`
 * when the part there has that label.
 */
const CHANGE_SONG = stepStatement(
  `greatest(0, least($3::int, ${songCount} - 1))`,
  (song) => `coalesce(
    (select p.part ->> 'label' from song sg cross join lateral jsonb_array_elements(sg.parts) as p(part)
      where sg.id = ${song} and p.part ->> 'label' = $6::text limit 1),
    (select sg.parts -> 0 ->> 'label' from song sg where sg.id = ${song}))`,
  (song) => `coalesce(${partPosition(song, '$6::text', '$7::int')},
    (select case when jsonb_array_length(sg.parts) > 0 then 0 end from song sg where sg.id = ${song}))`,
  () => 'true',
);

/**
 * A part of the current song, by label, at `$6` when the part there has that label (a song
 * may hold two parts called "Chorus"); a label the song does not have writes nothing.
 */
const CHANGE_PART = stepStatement(
  `greatest(0, least(setlist.current_index, ${songCount} - 1))`,
  () => '$3::text',
  (song) => partPosition(song, '$3::text', '$6::int'),
  (song) => `exists (select 1 from song sg where sg.id = ${song}
    and sg.parts @> jsonb_build_array(jsonb_build_object('label', $3::text)))`,
);

/**
 * Item `$3` of the setlist's items (issue 18: a welcome, a sermon), with no part. The song
 * index becomes the song after the item: the entries (as the views number them) whose place
 * in the stored array is before the item's stored `at`, kept within the songs (0 without any),
 * so a screen that knows nothing of items shows the song coming up. The items are read from
 * the row being updated (as CHANGE_PART reads the current index): items saved meanwhile are
 * the ones stepped to. An index past the items writes nothing.
 */
const CHANGE_ITEM = stepStatement(
  `greatest(0, least((select count(*) from entries en
      where en.at < (setlist.items -> $3::int ->> 'at')::int)::int, ${songCount} - 1))`,
  () => 'null::text',
  () => 'null::int',
  () => '$3::int >= 0 and $3::int < jsonb_array_length(setlist.items)',
  '$3::int',
);

/**
 * The performance key of entry `$3` (numbered as the views number them) becomes `$5`
 * (null: the song's own). Only a driver may (`$4`, as in a step); the live version goes up.
 * An entry still holding a plain song id takes the current shape. The entry must still hold
 * the song it held when the statement began: a setlist saved meanwhile writes nothing.
 */
const SET_KEY = `
  with ${ENTRIES},
  ${TARGET},
  chosen as (select at, id from entries where pos = $3::int),
  written as (
    update setlist
    set songs = jsonb_set(setlist.songs, array[(select at from chosen)::text],
        case when jsonb_typeof(setlist.songs -> (select at from chosen)) = 'object'
          then (setlist.songs -> (select at from chosen)) || jsonb_build_object('key', $5::text)
          else jsonb_build_object('song', (select id from chosen), 'leader', null, 'key', $5::text)
        end),
      live_version = setlist.live_version + 1
    where setlist.id = $1 and setlist.team_id = $2 and ${leads('setlist')}
      and exists (select 1 from chosen)
      and (select id from chosen) = case jsonb_typeof(setlist.songs -> (select at from chosen))
        when 'string' then setlist.songs ->> (select at from chosen)
        when 'object' then setlist.songs -> (select at from chosen) ->> 'song' end
    returning setlist.songs, setlist.current_index, setlist.current_part_label,
      setlist.current_part_position,
      case when setlist.current_item < jsonb_array_length(setlist.items)
        then setlist.current_item end as current_item,
      setlist.live_version, setlist.live_driver, setlist.live_started_at
  )
  select exists (select 1 from target) as found, coalesce((select may from target), false) as may,
    (select id from chosen) as song_id,
    (select coalesce(jsonb_agg(at order by pos), '[]'::jsonb) from entries) as ats,
    w.songs, w.current_index, w.current_part_label, w.current_part_position, w.current_item,
    w.live_version, w.live_driver, w.live_started_at
  from (select 1) as one left join written w on true`;

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
 * The item the set is on, if the setlist still has it: saves leave the live state alone, so
 * one that removed items may leave it past them (the set is then on the song after it).
 */
const CURRENT_ITEM = sql<number | null>`case
  when ${setlist.currentItem} < jsonb_array_length(${setlist.items}) then ${setlist.currentItem} end`;

/** The SQL of the live state, kept on the setlist row so it survives restarts and is shared by instances. */
export class LiveRepository {
  constructor(
    private readonly db: Db,
    private readonly liveStep: PreparedQuery,
    private readonly changes: ChangeFeed,
  ) {}

  /** A setlist's team and live state, or null. Who may see it is the policy's to say. */
  async find(setlistId: string) {
    const [row] = await this.db
      .select({
        teamId: setlist.teamId,
        currentIndex: setlist.currentIndex,
        currentPartLabel: setlist.currentPartLabel,
        currentPartPosition: setlist.currentPartPosition,
        currentItem: CURRENT_ITEM,
        version: setlist.liveVersion,
        driver: setlist.liveDriver,
        startedAt: setlist.liveStartedAt,
      })
      .from(setlist)
      .where(eq(setlist.id, setlistId))
      .limit(1);
    return row ? { ...row, startedAt: row.startedAt?.toISOString() ?? null } : null;
  }

  /** Whether this user leads a song of the setlist. */
  async leads(setlistId: string, userId: string): Promise<boolean> {
    const [row] = await queryRows<{ leads: boolean }>(
      this.db,
      sql`select exists (
        select 1 from setlist s cross join lateral jsonb_array_elements(s.songs) as le(entry)
        where s.id = ${setlistId} and jsonb_typeof(le.entry) = 'object'
          and le.entry ->> 'leader' = ${userId}) as leads`,
    );
    return row?.leads === true;
  }

  /**
   * The roles, now, of some (team, user) pairs, keyed `team:user`; a pair that is no
   * longer a membership is missing. One query for all of an instance's sockets.
   */
  async roles(pairs: { teamId: string; userId: string }[]): Promise<Map<string, TeamRole>> {
    if (pairs.length === 0) return new Map();
    const rows = await queryRows<{
      team_id: string;
      user_id: string;
      role: 'admin' | 'member';
      created_by: string;
    }>(
      this.db,
      sql`
      select m.team_id, m.user_id, m.role, t.created_by
      from jsonb_to_recordset(${JSON.stringify(pairs)}::jsonb) as p("teamId" text, "userId" text)
      join team_member m on m.team_id = p."teamId" and m.user_id = p."userId"
      join team t on t.id = m.team_id`,
    );
    return new Map(
      rows.map((r) => [
        `${r.team_id}:${r.user_id}`,
        roleIn({ createdBy: r.created_by }, r.user_id, r.role),
      ]),
    );
  }

  /** Moves to another song; one statement, so concurrent leaders never share a version. */
  changeSong(
    setlistId: string,
    teamId: string,
    by: Stepper,
    newIndex: number,
    partLabel?: { label: string; position?: number | undefined },
  ): Promise<StepResult> {
    return this.step('segue_live_change_song', CHANGE_SONG, [
      setlistId,
      teamId,
      Math.trunc(newIndex),
      by.mustLead,
      by.name,
      partLabel?.label ?? null,
      partLabel?.position ?? null,
    ]);
  }

  /** Moves to an item of the setlist (issue 18): the song after it, with no part. */
  changeItem(setlistId: string, teamId: string, by: Stepper, item: number): Promise<StepResult> {
    return this.step('segue_live_change_item', CHANGE_ITEM, [
      setlistId,
      teamId,
      Math.trunc(item),
      by.mustLead,
      by.name,
    ]);
  }

  /** Moves to a part of the current song, named by its label (and its place in the song). */
  changePart(
    setlistId: string,
    teamId: string,
    by: Stepper,
    part: { label: string; position?: number | undefined },
  ): Promise<StepResult> {
    return this.step('segue_live_change_part', CHANGE_PART, [
      setlistId,
      teamId,
      part.label,
      by.mustLead,
      by.name,
      part.position ?? null,
    ]);
  }

  /** Sets an entry's performance key for the whole band (issue 15). */
  async setKey(
    setlistId: string,
    teamId: string,
    by: Stepper,
    index: number,
    key: string | null,
  ): Promise<KeyResult> {
    const [row] = await this.liveStep<KeyRow>('segue_live_set_key', SET_KEY, [
      setlistId,
      teamId,
      index,
      by.mustLead,
      key,
    ]);
    if (!row?.found) return { kind: 'missing' };
    if (!row.may) return { kind: 'not-driver' };
    if (row.current_index === null || row.live_version === null || row.song_id === null) {
      return { kind: 'refused' };
    }
    void this.changes.publish(scope.setlist(setlistId));
    return {
      kind: 'written',
      songId: row.song_id,
      state: { ...stateOf(row), keys: keysAt(row.songs, row.ats) },
    };
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

  private async step(name: string, text: string, values: unknown[]): Promise<StepResult> {
    const [row] = await this.liveStep<StepRow>(name, text, values);
    if (!row?.found) return { kind: 'missing' };
    if (!row.may) return { kind: 'not-driver' };
    if (row.current_index === null || row.live_version === null) return { kind: 'refused' };
    // The populated setlist shows the live state too. Not awaited: the followers hear
    // the step without waiting for Redis; a change Redis does not take is retried.
    void this.changes.publish(scope.setlist(String(values[0])));
    return { kind: 'written', state: stateOf(row) };
  }
}

/** A written row's live state. */
function stateOf(row: StepRow): StoredLiveState {
  return {
    currentIndex: row.current_index ?? 0,
    currentPartLabel: row.current_part_label,
    currentPartPosition: row.current_part_position,
    currentItem: row.current_item,
    version: Number(row.live_version),
    driver: row.live_driver,
    startedAt: row.live_started_at === null ? null : new Date(row.live_started_at).toISOString(),
  };
}
