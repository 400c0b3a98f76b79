import type { FastifyRequest } from 'fastify';
import { SERVER_ERRORS, SONG_TEXTS } from '@segue/shared';
import type { AuthenticatedAccount } from '../accounts/sessions.ts';
import { NotFoundError, ValidationError } from '../lib/errors.ts';
import type { ReadCache } from '../lib/read-cache.ts';
import { teamAccess, type TeamAccess } from './teams.policy.ts';
import type { TeamsRepository } from './teams.repository.ts';

/**
 * The team a product call works in, from its `X-Team-ID` header, checked
 * against the caller's memberships: a team the caller is not in answers like
 * one that does not exist.
 */
export async function currentTeam(
  repo: TeamsRepository,
  request: FastifyRequest,
  account: AuthenticatedAccount,
): Promise<TeamAccess> {
  return teamAccess(repo, teamIdOf(request), account);
}

/**
 * The same for hot reads: the caller's access is kept in the read cache until
 * the team (its memberships, roles or library) or the account changes.
 */
export async function currentTeamCached(
  cache: ReadCache,
  repo: TeamsRepository,
  request: FastifyRequest,
  account: AuthenticatedAccount,
): Promise<TeamAccess> {
  const teamId = teamIdOf(request);
  return cache.get(
    `access:${teamId}:${account.userId}`,
    [`team:${teamId}`, `user:${account.userId}`],
    () => teamAccess(repo, teamId, account),
  );
}

function teamIdOf(request: FastifyRequest): string {
  const header = request.headers['x-team-id'];
  const teamId = (Array.isArray(header) ? header[0] : header)?.trim();
  if (!teamId) throw new ValidationError(SONG_TEXTS.teamHeaderRequired);
  if (teamId.length > 200) throw new NotFoundError(SERVER_ERRORS.teamNotFound);
  return teamId;
}
