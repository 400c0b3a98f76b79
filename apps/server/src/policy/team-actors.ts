import { SERVER_ERRORS } from '@segue/shared';
import { NotFoundError } from '../lib/errors.ts';
import type { ReadCache } from '../lib/read-cache.ts';
import { scope } from '../lib/change-feed.ts';
import type { TeamsRepository } from '../teams/teams.repository.ts';
import { roleIn, type Actor, type TeamActor } from './actor.ts';

/** Longest team id looked up; a longer one names no team. */
const MAX_TEAM_ID = 200;

/**
 * Resolves what an actor is to a team: its membership and role, read with the team.
 * Someone outside the team (a stranger, a pending requester) gets the same answer as
 * for a team that does not exist.
 */
export class TeamActors {
  constructor(
    private readonly teams: TeamsRepository,
    private readonly cache: ReadCache,
  ) {}

  async resolve(
    actor: Actor,
    teamId: string,
    options: { cached?: boolean } = {},
  ): Promise<TeamActor> {
    if (!teamId || teamId.length > MAX_TEAM_ID) throw new NotFoundError(SERVER_ERRORS.teamNotFound);
    const read = () => this.standing(actor.userId, teamId);
    // Kept until the team (memberships, roles) or the account changes.
    const { team, role } = options.cached
      ? await this.cache.get(
          `access:${teamId}:${actor.userId}`,
          [scope.team(teamId), scope.user(actor.userId)],
          read,
        )
      : await read();
    return { actor, team, role };
  }

  private async standing(userId: string, teamId: string): Promise<Omit<TeamActor, 'actor'>> {
    const membership = await this.teams.membership(teamId, userId);
    if (!membership) throw new NotFoundError(SERVER_ERRORS.teamNotFound);
    const { team, memberRole } = membership;
    return { team, role: roleIn(team, userId, memberRole) };
  }
}
