import { randomUUID } from 'node:crypto';
import { LIVE_TEXTS, SETLIST_TEXTS, type SetlistInputSchema } from '@segue/shared';
import type { Setlist, SetlistDetails } from '@segue/shared';
import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import { ForbiddenError, NotFoundError, ValidationError } from '../lib/errors.ts';
import { presentSong } from '../songs/songs.presenter.ts';
import { scope, type ChangeFeed } from '../lib/change-feed.ts';
import { jsonBytes } from '../lib/plain-json.ts';
import type { ReadCache } from '../lib/read-cache.ts';
import type { TeamActor } from '../policy/actor.ts';
import { authorize } from '../policy/policy.ts';
import type { AssignmentsService } from './assignments.service.ts';
import { entryOf, presentSetlist, presentSetlistDetails } from './setlists.presenter.ts';
import { SetlistsRepository, type SetlistRow, type SetlistValues } from './setlists.repository.ts';

type ValidSetlist = z.output<typeof SetlistInputSchema>;

export class SetlistsService {
  readonly repo: SetlistsRepository;

  constructor(
    db: Db,
    changes: ChangeFeed,
    private readonly cache: ReadCache,
    /** Issue 18: the away check before a save, answers kept through it, mails after it. */
    private readonly assignments: AssignmentsService,
  ) {
    this.repo = new SetlistsRepository(db, changes);
  }

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
      [scope.setlist(id)],
      async () => {
        const row = await this.repo.find(team.id, id);
        if (row) return jsonBytes(await this.details(row));
        // Issue 14: a setlist of another team is refused as such (the live and presenter
        // views say access denied); only an id no team has is "not found". The id is
        // random, so this tells its holder no more than that the link was real.
        if (await this.repo.exists(id)) throw new ForbiddenError(LIVE_TEXTS.notAllowed);
        throw new NotFoundError(SETLIST_TEXTS.notFound);
      },
      (body) => body.length,
    );
  }

  /** A setlist with its songs populated, for the views and the live channel. */
  async details(row: SetlistRow): Promise<SetlistDetails> {
    const ids = [...new Set(row.songs.map((e) => entryOf(e).song))];
    const songs = await this.repo.songsOfTeam(row.teamId, ids);
    return presentSetlistDetails(row, new Map(songs.map((s) => [s.id, presentSong(s)])));
  }

  async create(actor: TeamActor, input: ValidSetlist): Promise<Setlist> {
    authorize(actor, 'planSetlists');
    const { team } = actor;
    const values = await this.checked(team.id, input);
    await this.assignments.checkAway(values, input.confirmAway === true);
    const row = await this.repo.create(team.id, actor.actor.userId, randomUUID(), {
      ...values,
      positions: this.assignments.answered(null, values.positions, actor.actor.userId),
    });
    this.assignments.saved(actor, null, row);
    return presentSetlist(row);
  }

  async update(actor: TeamActor, id: string, input: ValidSetlist): Promise<Setlist> {
    authorize(actor, 'planSetlists');
    const { team } = actor;
    if (!(await this.repo.find(team.id, id))) throw new NotFoundError(SETLIST_TEXTS.notFound);
    const values = await this.checked(team.id, input);
    await this.assignments.checkAway(values, input.confirmAway === true);
    // The answers are merged into the row as it is under the update's lock: one given
    // while this save was on its way is kept.
    const saved = await this.repo.updateFrom(team.id, id, (current) => ({
      ...values,
      positions: this.assignments.answered(current.positions, values.positions, actor.actor.userId),
    }));
    if (!saved) throw new NotFoundError(SETLIST_TEXTS.notFound);
    this.assignments.saved(actor, saved.before, saved.after);
    return presentSetlist(saved.after);
  }

  async delete(actor: TeamActor, id: string): Promise<void> {
    authorize(actor, 'planSetlists');
    const { team } = actor;
    if (!(await this.repo.delete(team.id, id))) throw new NotFoundError(SETLIST_TEXTS.notFound);
  }

  /** Songs must be the team's; leaders and assignees must be its members. */
  private async checked(teamId: string, input: ValidSetlist): Promise<SetlistValues> {
    if (input.teamId && input.teamId !== teamId) {
      throw new ValidationError('teamId does not match the X-Team-ID header.');
    }
    const songIds = [...new Set(input.songs.map((e) => e.song))];
    const found = await this.repo.songsOfTeam(teamId, songIds);
    if (found.length !== songIds.length) throw new ValidationError(SETLIST_TEXTS.songNotInTeam);
    const leaders = input.songs.flatMap((e) => (e.leader ? [e.leader] : []));
    const assignees = input.positions.flatMap((p) => (p.assignedTo ? [p.assignedTo] : []));
    const members = await this.repo.membersAmong(teamId, [...new Set([...leaders, ...assignees])]);
    if (leaders.some((id) => !members.has(id)))
      throw new ValidationError(SETLIST_TEXTS.leaderNotMember);
    if (assignees.some((id) => !members.has(id)))
      throw new ValidationError(SETLIST_TEXTS.assigneeNotMember);
    return {
      name: input.name,
      date: input.date,
      notes: input.notes,
      songs: input.songs.map((e) => ({ song: e.song, leader: e.leader, key: e.key })),
      positions: input.positions.map((p) => ({ name: p.name, assignedTo: p.assignedTo })),
    };
  }
}
