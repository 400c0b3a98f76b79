import { randomUUID } from 'node:crypto';
import {
  LIVE_TEXTS,
  leadsSongIn,
  SETLIST_TEXTS,
  teamFacts,
  type Action,
  type KeepKeyInputSchema,
  type SetlistInputSchema,
} from '@segue/shared';
import type { Setlist, SetlistDetails } from '@segue/shared';
import type { z } from 'zod';
import type { StoredSetlistEntry, StoredSetlistItem } from '../db/schema.ts';
import { ForbiddenError, NotFoundError, ValidationError } from '../lib/errors.ts';
import { presentSong } from '../songs/songs.presenter.ts';
import { scope } from '../lib/change-feed.ts';
import { jsonBytes } from '../lib/plain-json.ts';
import type { ReadCache } from '../lib/read-cache.ts';
import type { TeamActor } from '../policy/actor.ts';
import { authorize, can } from '../policy/policy.ts';
import type { SongsRepository } from '../songs/songs.repository.ts';
import type { TeamsRepository } from '../teams/teams.repository.ts';
import type { AssignmentsService } from './assignments.service.ts';
import { entryOf, presentSetlist, presentSetlistDetails } from './setlists.presenter.ts';
import type { SetlistRow, SetlistsRepository, SetlistValues } from './setlists.repository.ts';

type ValidSetlist = z.output<typeof SetlistInputSchema>;

/**
 * Items as they are stored (docs/DECISIONS.md, Setlists, "Items and durations"): each `at`
 * within the songs (0 to `songCount`), sorted by it; items with the same `at` keep their order.
 */
function placed(items: readonly StoredSetlistItem[], songCount: number): StoredSetlistItem[] {
  return items
    .map((item) => ({
      title: item.title,
      notes: item.notes,
      duration: item.duration ?? null,
      at: Math.min(Math.max(item.at, 0), songCount),
    }))
    .sort((a, b) => a.at - b.at);
}

/**
 * A row's items with `at` counting only the entries whose song is not in `gone`, as
 * GET /api/setlist/{id} shows them.
 */
function shown(row: SetlistRow, gone: ReadonlySet<string>): StoredSetlistItem[] {
  if (gone.size === 0) return row.items;
  const songsBefore = [0];
  for (const entry of row.songs) {
    songsBefore.push(songsBefore.at(-1)! + (gone.has(entryOf(entry).song) ? 0 : 1));
  }
  return row.items.map((item) => ({
    ...item,
    at: songsBefore[Math.min(Math.max(item.at, 0), row.songs.length)]!,
  }));
}

/**
 * The songs to store, where an entry sent without `duration` or `tempo` (an older client)
 * keeps the one saved for the same song: the song's n-th entry sent takes its n-th entry saved.
 */
function withKeptDetails(
  saved: readonly StoredSetlistEntry[],
  sent: ValidSetlist['songs'],
  songs: readonly StoredSetlistEntry[],
): StoredSetlistEntry[] {
  const savedOf = new Map<string, ReturnType<typeof entryOf>[]>();
  for (const e of saved.map(entryOf)) savedOf.set(e.song, [...(savedOf.get(e.song) ?? []), e]);
  const seen = new Map<string, number>();
  return songs.map((entry, i) => {
    if (typeof entry === 'string') return entry;
    const nth = seen.get(entry.song) ?? 0;
    seen.set(entry.song, nth + 1);
    const kept = savedOf.get(entry.song)?.[nth];
    const duration = sent[i]?.duration === undefined ? kept?.duration : undefined;
    const tempo = sent[i]?.tempo === undefined ? kept?.tempo : undefined;
    return {
      ...entry,
      ...(duration != null ? { duration } : {}),
      ...(tempo != null ? { tempo } : {}),
    };
  });
}

export class SetlistsService {
  constructor(
    private readonly repo: SetlistsRepository,
    private readonly cache: ReadCache,
    /** The away check before a save, answers kept through it, mails after it. */
    private readonly assignments: AssignmentsService,
    /** The songs a setlist holds, and the members it names as leaders and assignees. */
    private readonly deps: { songs: SongsRepository; teams: TeamsRepository },
  ) {}

  async list(actor: TeamActor): Promise<Setlist[]> {
    authorize(actor, 'readSetlists');
    return (await this.repo.list(actor.team.id)).map(presentSetlist);
  }

  /**
   * A setlist with its songs, as JSON bytes. Kept in the read cache until the
   * setlist (its content, its live state, or a song it holds) changes.
   */
  async get(actor: TeamActor, id: string): Promise<Buffer> {
    authorize(actor, 'readSetlists');
    const { team } = actor;
    return this.cache.get(
      `setlist:${team.id}:${id}`,
      [scope.setlist(id), scope.live(id)],
      async () => {
        const row = await this.repo.find(team.id, id);
        if (row) return jsonBytes(await this.details(row));
        // The team's own setlist in the trash is gone to its views (docs/DECISIONS.md, "Trash").
        if (await this.repo.findTrashed(team.id, id))
          throw new NotFoundError(SETLIST_TEXTS.notFound);
        // A setlist of another team is refused as such (the live and presenter views say
        // access denied); only an id no team has is "not found". The id is random, so this
        // tells its holder no more than that the link was real (docs/DECISIONS.md, Live,
        // "Unknown and foreign setlists").
        if (await this.repo.exists(id)) throw new ForbiddenError(LIVE_TEXTS.notAllowed);
        throw new NotFoundError(SETLIST_TEXTS.notFound);
      },
      (body) => body.length,
    );
  }

  /** A setlist with its songs populated, for the views and the live channel. */
  async details(row: SetlistRow): Promise<SetlistDetails> {
    const ids = [...new Set(row.songs.map((e) => entryOf(e).song))];
    const songs = await this.deps.songs.findMany(row.teamId, ids);
    return presentSetlistDetails(row, new Map(songs.map((s) => [s.id, presentSong(s)])));
  }

  async create(actor: TeamActor, input: ValidSetlist): Promise<Setlist> {
    authorize(actor, 'planSetlists');
    const { team } = actor;
    const values = await this.checked(team.id, input);
    await this.assignments.checkAway(values, input.confirmAway === true);
    const row = await this.repo.create(team.id, actor.actor.userId, randomUUID(), {
      ...values,
      items: values.items ?? [],
      startTime: values.startTime ?? null,
      positions: this.assignments.answered(null, values.positions, actor.actor.userId),
    });
    this.assignments.saved(actor, null, row);
    return presentSetlist(row);
  }

  async update(actor: TeamActor, id: string, input: ValidSetlist): Promise<Setlist> {
    const { team } = actor;
    const found = await this.repo.find(team.id, id);
    this.mayChange(actor, 'editSetlists', found);
    const values = await this.checked(team.id, input);
    await this.assignments.checkAway(values, input.confirmAway === true);
    // A body without items (an older client) keeps the saved ones. The client read
    // them as GET /api/setlist/{id} shows them, counting only the songs that still exist.
    const gone = values.items ? new Set<string>() : await this.deletedSongs(team.id, found);
    // The answers are merged into the row as it is under the update's lock: one given
    // while this save was on its way is kept.
    const saved = await this.repo.updateFrom(team.id, id, (current) => {
      const items = values.items ?? placed(shown(current, gone), values.songs.length);
      return {
        ...values,
        songs: withKeptDetails(current.songs, input.songs, values.songs),
        items,
        startTime: values.startTime === undefined ? current.startTime : values.startTime,
        positions: this.assignments.answered(
          current.positions,
          values.positions,
          actor.actor.userId,
        ),
      };
    });
    if (!saved) throw new NotFoundError(SETLIST_TEXTS.notFound);
    this.assignments.saved(actor, saved.before, saved.after);
    return presentSetlist(saved.after);
  }

  /**
   * A key played live becomes the plan: every entry of the song takes `key` (null: the song's
   * own), nothing else changes. Asked of a driver when a run ends (docs/DECISIONS.md, "Live
   * keys and planned keys"); refused like any edit of the setlist.
   */
  async keepKey(
    actor: TeamActor,
    id: string,
    input: z.output<typeof KeepKeyInputSchema>,
  ): Promise<Setlist> {
    const { team } = actor;
    const found = await this.repo.find(team.id, id);
    this.mayChange(actor, 'editSetlists', found);
    const holds = (songs: readonly StoredSetlistEntry[]) =>
      songs.some((entry) => entryOf(entry).song === input.song);
    if (!holds(found.songs)) throw new ValidationError(SETLIST_TEXTS.songNotInSetlist);
    const saved = await this.repo.updateFrom(team.id, id, (current) => ({
      name: current.name,
      date: current.date,
      notes: current.notes,
      positions: current.positions,
      items: current.items,
      startTime: current.startTime,
      // An old plain-id entry takes the current shape, as the form would save it.
      songs: current.songs.map((entry) => {
        const shaped = entryOf(entry);
        if (shaped.song !== input.song) return entry;
        return typeof entry === 'string'
          ? { song: shaped.song, leader: null, key: input.key }
          : { ...entry, key: input.key };
      }),
    }));
    if (!saved) throw new NotFoundError(SETLIST_TEXTS.notFound);
    return presentSetlist(saved.after);
  }

  /** Moves the setlist to the team's trash (docs/DECISIONS.md, "Trash"). */
  async delete(actor: TeamActor, id: string): Promise<void> {
    const { team } = actor;
    // Looked up first, as for a save: the change feed hears of a delete before it runs (with
    // Redis, a counter kept a day), and a setlist the team does not have must leave nothing.
    this.mayChange(actor, 'deleteSetlists', await this.repo.find(team.id, id));
    if (!(await this.repo.trash(team.id, id, actor.actor.userId)))
      throw new NotFoundError(SETLIST_TEXTS.notFound);
  }

  /** Takes the setlist out of the trash: whoever may delete it now may. */
  async restore(actor: TeamActor, id: string): Promise<Setlist> {
    const { team } = actor;
    this.mayChange(actor, 'deleteSetlists', await this.repo.findTrashed(team.id, id));
    if (!(await this.repo.restore(team.id, id))) throw new NotFoundError(SETLIST_TEXTS.notFound);
    const row = await this.repo.find(team.id, id);
    if (!row) throw new NotFoundError(SETLIST_TEXTS.notFound);
    return presentSetlist(row);
  }

  /** Whether the actor may delete (and so restore) this setlist: the trash's Restore button. */
  mayDelete(actor: TeamActor, row: SetlistRow): boolean {
    return can(actor, 'deleteSetlists', this.facts(actor, row));
  }

  /**
   * Refuses a setlist that is not there (another team's: the same answer), then an actor
   * the team's setting does not let change it.
   */
  private mayChange(
    actor: TeamActor,
    action: Action,
    row: SetlistRow | null,
  ): asserts row is SetlistRow {
    if (!row) throw new NotFoundError(SETLIST_TEXTS.notFound);
    authorize(actor, action, this.facts(actor, row));
  }

  /** The team's setting, and whether the actor leads a song of the setlist as it is saved. */
  private facts(actor: TeamActor, row: SetlistRow) {
    const leadsSong = leadsSongIn({ songs: row.songs.map(entryOf) }, actor.actor.userId);
    return { ...teamFacts(actor.team), leadsSong };
  }

  /** The ids of a setlist's entries whose song was deleted. */
  private async deletedSongs(teamId: string, row: SetlistRow): Promise<Set<string>> {
    if (row.items.length === 0) return new Set();
    const ids = [...new Set(row.songs.map((e) => entryOf(e).song))];
    const existing = await this.deps.songs.idsAmong(teamId, ids);
    return new Set(ids.filter((songId) => !existing.has(songId)));
  }

  /** Songs must be the team's; leaders and assignees must be its members. */
  private async checked(teamId: string, input: ValidSetlist): Promise<SetlistValues> {
    if (input.teamId && input.teamId !== teamId) {
      throw new ValidationError('teamId does not match the X-Team-ID header.');
    }
    const songIds = [...new Set(input.songs.map((e) => e.song))];
    const found = await this.deps.songs.findMany(teamId, songIds);
    if (found.length !== songIds.length) throw new ValidationError(SETLIST_TEXTS.songNotInTeam);
    const leaders = input.songs.flatMap((e) => (e.leader ? [e.leader] : []));
    const assignees = input.positions.flatMap((p) => (p.assignedTo ? [p.assignedTo] : []));
    const members = await this.deps.teams.membersAmong(teamId, [
      ...new Set([...leaders, ...assignees]),
    ]);
    if (leaders.some((id) => !members.has(id)))
      throw new ValidationError(SETLIST_TEXTS.leaderNotMember);
    if (assignees.some((id) => !members.has(id)))
      throw new ValidationError(SETLIST_TEXTS.assigneeNotMember);
    return {
      name: input.name,
      date: input.date,
      notes: input.notes,
      // A duration or tempo is stored only where there is one: entries without read as before.
      songs: input.songs.map((e) => ({
        song: e.song,
        leader: e.leader,
        key: e.key,
        ...(e.duration == null ? {} : { duration: e.duration }),
        ...(e.tempo == null ? {} : { tempo: e.tempo }),
      })),
      positions: input.positions.map((p) => ({ name: p.name, assignedTo: p.assignedTo })),
      ...(input.items === undefined ? {} : { items: placed(input.items, input.songs.length) }),
      ...(input.startTime === undefined ? {} : { startTime: input.startTime }),
      ...(input.clickOnStep === undefined ? {} : { clickOnStep: input.clickOnStep }),
      ...(input.lyricLanguages === undefined ? {} : { lyricLanguages: input.lyricLanguages }),
    };
  }
}
