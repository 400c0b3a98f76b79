import type { AuthenticatedAccount } from '../accounts/sessions.ts';
import type { TeamRole } from '@segue/shared';
import type { TeamRow } from '../teams/teams.repository.ts';

/** The signed-in account behind an HTTP request or a live socket, resolved once at the edge. */
export type Actor = AuthenticatedAccount;

export { TEAM_ROLES, type TeamRole } from '@segue/shared';

/** The team of a team call, read with the actor's membership. */
export type ActorTeam = TeamRow;

/**
 * An actor within one team: the account, the team and the account's role there, read
 * together. Strangers and pending requesters never get one: to them the team does
 * not exist.
 */
export interface TeamActor {
  actor: Actor;
  team: ActorTeam;
  role: TeamRole;
}

/** The role of a member, the team's creator counting as its owner. */
export function roleIn(
  team: Pick<ActorTeam, 'createdBy'>,
  userId: string,
  memberRole: 'admin' | 'member',
): TeamRole {
  return team.createdBy === userId ? 'owner' : memberRole;
}
