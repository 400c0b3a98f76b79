import { SERVER_ERRORS } from '@segue/shared';
import type { AuthenticatedAccount } from '../accounts/sessions.ts';
import { ForbiddenError, NotFoundError } from '../lib/errors.ts';
import type { TeamRow, TeamsRepository } from './teams.repository.ts';

/** What the caller is to a team (spec section 6). Pending requesters and strangers get no access at all. */
export type TeamRoleOfCaller = 'owner' | 'admin' | 'member';

export interface TeamAccess {
  team: TeamRow;
  role: TeamRoleOfCaller;
  isAdmin: boolean;
}

/**
 * The caller's standing in a team. Someone outside the team gets the same
 * answer as for a team that does not exist.
 */
export async function teamAccess(
  repo: TeamsRepository,
  teamId: string,
  account: AuthenticatedAccount,
): Promise<TeamAccess> {
  const [team, role] = await Promise.all([repo.find(teamId), repo.role(teamId, account.userId)]);
  if (!team || !role) throw new NotFoundError(SERVER_ERRORS.teamNotFound);
  const callerRole: TeamRoleOfCaller = team.createdBy === account.userId ? 'owner' : role;
  return { team, role: callerRole, isAdmin: callerRole !== 'member' };
}

export function requireAdmin(access: TeamAccess) {
  if (!access.isAdmin) throw new ForbiddenError(SERVER_ERRORS.adminRequired);
}

export function requireOwner(access: TeamAccess) {
  if (access.role !== 'owner') throw new ForbiddenError(SERVER_ERRORS.ownerRequired);
}
