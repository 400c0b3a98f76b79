import type { FastifyRequest } from 'fastify';
import { ERROR_CODES, SERVER_ERRORS, SONG_TEXTS, teamFacts } from '@segue/shared';
import type { SessionResolver } from '../accounts/sessions.ts';
import { ForbiddenError, UnauthorizedError, ValidationError } from '../lib/errors.ts';
import type { Actor, TeamActor } from './actor.ts';
import { authorizeInTeam, type Action } from './policy.ts';
import type { TeamActors } from './team-actors.ts';

/**
 * What an API route needs of its caller, named in the route's `config.access`:
 * - `public`: anyone (sign-up, login, health);
 * - `account`: a signed-in account, verified or not (the account's own calls);
 * - `verified`: a signed-in account whose e-mail is verified (calls outside a team);
 * - a team action: a verified member of the team named by the `X-Team-ID` header
 *   (`header`) or the `:id` path parameter (`param`), whose role may do the action.
 * Every API route must name one: app.ts refuses to start otherwise.
 */
export type Access =
  'public' | 'account' | 'verified' | { action: Action; team: 'header' | 'param' };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    actor: Actor | null;
    teamActor: TeamActor | null;
  }
}

/** A team call whose team is the `X-Team-ID` header's. */
export const inTeam = (action: Action): Access => ({ action, team: 'header' });
/** A team call whose team is the path's `:id`. */
export const onTeam = (action: Action): Access => ({ action, team: 'param' });

/**
 * Resolves, once and before the body is read, the actor a route needs, and refuses
 * the caller who is not it: 401 without a session, 403 before verification, 404 for
 * a team the caller is not in, the action's refusal for a role that may not do it.
 */
export function resolveAccess(deps: { sessions: SessionResolver; teamActors: TeamActors }) {
  return async function (request: FastifyRequest): Promise<void> {
    const access = request.routeOptions.config.access;
    if (access === undefined || access === 'public') return;
    const actor = await deps.sessions.resolveRequest(request);
    if (!actor) throw new UnauthorizedError(SERVER_ERRORS.unauthorized);
    if (access !== 'account' && !actor.emailVerified) {
      throw new ForbiddenError(SERVER_ERRORS.verifyFirst, ERROR_CODES.emailNotVerified);
    }
    request.actor = actor;
    if (typeof access === 'string') return;
    const teamId = access.team === 'header' ? teamHeader(request) : teamParam(request);
    const teamActor = await deps.teamActors.resolve(actor, teamId, {
      // Reads may use the cached membership; writes read it afresh.
      cached: request.method === 'GET',
    });
    // The team's settings are known here; who leads a song is the song's or setlist's, which
    // the service reads and asks the policy again with.
    authorizeInTeam(teamActor, access.action, teamFacts(teamActor.team));
    request.teamActor = teamActor;
  };
}

/** The signed-in account of a route whose access is `account`, `verified` or a team action. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new Error(`${request.routeOptions.url} resolves no actor`);
  return request.actor;
}

/** The team actor of a route whose access is a team action. */
export function teamActorOf(request: FastifyRequest): TeamActor {
  if (!request.teamActor) throw new Error(`${request.routeOptions.url} resolves no team actor`);
  return request.teamActor;
}

function teamHeader(request: FastifyRequest): string {
  const header = request.headers['x-team-id'];
  const teamId = (Array.isArray(header) ? header[0] : header)?.trim();
  if (!teamId) throw new ValidationError(SONG_TEXTS.teamHeaderRequired);
  return teamId;
}

function teamParam(request: FastifyRequest): string {
  const { id } = request.params as { id?: unknown };
  // The route's schema answers a malformed id; here it is only looked up.
  return typeof id === 'string' ? id : '';
}
