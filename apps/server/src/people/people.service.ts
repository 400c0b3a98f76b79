import { randomUUID } from 'node:crypto';
import {
  PEOPLE_LIMITS,
  PEOPLE_TEXTS,
  SERVER_ERRORS,
  STANDARD_POSITIONS,
  distinctPositions,
} from '@segue/shared';
import type {
  Blockout,
  MemberPositions,
  MyPositions,
  TeamBlockout,
  TeamBlockoutsQuery,
} from '@segue/shared';
import type { AccountsRepository } from '../accounts/accounts.repository.ts';
import { ConflictError, NotFoundError } from '../lib/errors.ts';
import type { Actor, TeamActor } from '../policy/actor.ts';
import { authorize, isTeamAdmin } from '../policy/policy.ts';
import type { TeamsRepository } from '../teams/teams.repository.ts';
import type { BlockoutRow, PeopleRepository } from './people.repository.ts';

/** Position names of the team offered beside the standard ones, at most. */
const MAX_TEAM_POSITIONS = 200;

const presentBlockout = (row: BlockoutRow): Blockout => ({
  _id: row.id,
  startsOn: row.startsOn,
  endsOn: row.endsOn,
  reason: row.reason,
  createdAt: row.createdAt.toISOString(),
});

/** Someone away on a setlist's day, named as the away warning names them. */
export interface AwayPerson {
  userId: string;
  name: string;
}

/**
 * People and availability (docs/DECISIONS.md, "People, availability and confirmed
 * assignments"): the positions each member plays in a team (theirs to set, the team's to
 * read), and each account's days away (theirs to keep; the members of their teams see when,
 * the admins also why).
 */
export class PeopleService {
  constructor(
    private readonly repo: PeopleRepository,
    /** The memberships (with the positions members play) and the names of the people away. */
    private readonly deps: { teams: TeamsRepository; accounts: AccountsRepository },
  ) {}

  async myPositions(actor: TeamActor): Promise<MyPositions> {
    authorize(actor, 'viewTeam');
    const positions = await this.deps.teams.positionsOf(actor.team.id, actor.actor.userId);
    if (positions === null) throw new NotFoundError(SERVER_ERRORS.teamNotFound);
    return { positions, teamPositions: await this.teamPositions(actor.team.id, positions) };
  }

  /** `positions` as the shared schema leaves them: trimmed, checked, without repeats. */
  async setMyPositions(actor: TeamActor, positions: string[]): Promise<MyPositions> {
    authorize(actor, 'setOwnPositions');
    const saved = await this.deps.teams.setPositions(actor.team.id, actor.actor.userId, positions);
    if (saved === null) throw new NotFoundError(SERVER_ERRORS.teamNotFound);
    return { positions: saved, teamPositions: await this.teamPositions(actor.team.id, saved) };
  }

  async memberPositions(actor: TeamActor): Promise<MemberPositions[]> {
    authorize(actor, 'viewTeam');
    return this.deps.teams.memberPositions(actor.team.id);
  }

  async blockouts(actor: Actor): Promise<Blockout[]> {
    return (await this.repo.listBlockouts(actor.userId)).map(presentBlockout);
  }

  /** The range as the shared schema leaves it: real days, first ≤ last, at most a year. */
  async addBlockout(
    actor: Actor,
    input: { startsOn: string; endsOn: string; reason: string },
  ): Promise<Blockout> {
    const row = await this.repo.addBlockout(
      { id: randomUUID(), userId: actor.userId, ...input },
      PEOPLE_LIMITS.maxBlockouts,
    );
    if (!row) throw new ConflictError(PEOPLE_TEXTS.tooManyBlockouts);
    return presentBlockout(row);
  }

  async deleteBlockout(actor: Actor, id: string): Promise<void> {
    if (!(await this.repo.deleteBlockout(actor.userId, id))) {
      throw new NotFoundError(PEOPLE_TEXTS.blockoutNotFound);
    }
  }

  /** Who of the team is away in the period; why only to the team's admins. */
  async teamBlockouts(actor: TeamActor, { from, to }: TeamBlockoutsQuery): Promise<TeamBlockout[]> {
    authorize(actor, 'viewTeam');
    const admin = isTeamAdmin(actor);
    const members = await this.deps.teams.memberIds(actor.team.id);
    const rows = await this.repo.blockoutsOf(members, from, to);
    return rows.map((r) => ({
      userId: r.userId,
      startsOn: r.startsOn,
      endsOn: r.endsOn,
      ...(admin ? { reason: r.reason } : {}),
    }));
  }

  /** Which of these people are away on `day` (YYYY-MM-DD), by name (else e-mail). */
  async awayOn(userIds: string[], day: string): Promise<AwayPerson[]> {
    const away = await this.repo.awayOn([...new Set(userIds)], day);
    if (away.length === 0) return [];
    const people = await this.deps.accounts.people(away);
    return people.map((p) => ({ userId: p.id, name: p.name.trim() || p.email }));
  }

  /** The standard positions, then those the team uses, then the caller's own. */
  private async teamPositions(teamId: string, own: string[]): Promise<string[]> {
    const used = await this.repo.usedPositionNames(teamId, MAX_TEAM_POSITIONS);
    return distinctPositions([...STANDARD_POSITIONS, ...used, ...own]);
  }
}
