import { LIVE_TEXTS, SERVER_ERRORS, SONG_TEXTS } from '@segue/shared';
import { ForbiddenError, ValidationError, type HttpError } from '../lib/errors.ts';
import type { TeamActor, TeamRole } from './actor.ts';

/**
 * A cell of the policy: allowed, refused, or allowed only to whoever leads a song in the
 * setlist at hand (the live drivers of issue 14). That fact is the setlist's, so it is
 * checked where the setlist is read: in the same statement as a live step.
 */
export type Rule = boolean | 'songLeader';

/**
 * Who may do what in a team: one row an action, one column a role. Every team call
 * over HTTP and every live event names its action here (routes in their `access`
 * option, live events in the gateway's `LIVE_EVENT_ACTIONS`); the matrix tests read
 * this table. Strangers and pending requesters are not in it: they get the answer
 * for a team that does not exist before any row is read.
 */
export const POLICY = {
  // The team itself
  viewTeam: { owner: true, admin: true, member: true },
  editTeam: { owner: true, admin: true, member: false },
  manageMembers: { owner: true, admin: true, member: false },
  reviewJoinRequests: { owner: true, admin: true, member: false },
  transferOwnership: { owner: true, admin: false, member: false },
  deleteTeam: { owner: true, admin: false, member: false },
  leaveTeam: { owner: false, admin: true, member: true },
  // Issue 18: every member says which positions they play (their own row only).
  setOwnPositions: { owner: true, admin: true, member: true },
  // Issue 18: what the team sang in a period, for its CCLI licence (the admins report it).
  readUsageReport: { owner: true, admin: true, member: false },
  // The song library
  readLibrary: { owner: true, admin: true, member: true },
  editLibrary: { owner: true, admin: true, member: true },
  importLibrary: { owner: true, admin: false, member: false },
  // Setlists
  readSetlists: { owner: true, admin: true, member: true },
  planSetlists: { owner: true, admin: true, member: true },
  // The live channel
  followLive: { owner: true, admin: true, member: true },
  driveLive: { owner: true, admin: true, member: 'songLeader' },
  announceLive: { owner: true, admin: true, member: true },
  announceOnScreen: { owner: true, admin: true, member: 'songLeader' },
} as const satisfies Record<string, Record<TeamRole, Rule>>;

export type Action = keyof typeof POLICY;

export const ACTIONS = Object.keys(POLICY) as Action[];

/** What a refused actor is told, per action (the live channel turns it into `live:error`). */
const REFUSAL: Record<Action, () => HttpError> = {
  viewTeam: () => new ForbiddenError(SERVER_ERRORS.adminRequired),
  editTeam: () => new ForbiddenError(SERVER_ERRORS.adminRequired),
  manageMembers: () => new ForbiddenError(SERVER_ERRORS.adminRequired),
  reviewJoinRequests: () => new ForbiddenError(SERVER_ERRORS.adminRequired),
  transferOwnership: () => new ForbiddenError(SERVER_ERRORS.ownerRequired),
  deleteTeam: () => new ForbiddenError(SERVER_ERRORS.ownerRequired),
  leaveTeam: () => new ValidationError(SERVER_ERRORS.ownerCannotLeave),
  setOwnPositions: () => new ForbiddenError(SERVER_ERRORS.adminRequired),
  readUsageReport: () => new ForbiddenError(SERVER_ERRORS.adminRequired),
  readLibrary: () => new ForbiddenError(SERVER_ERRORS.adminRequired),
  editLibrary: () => new ForbiddenError(SERVER_ERRORS.adminRequired),
  importLibrary: () => new ForbiddenError(SONG_TEXTS.creatorOnlyImport),
  readSetlists: () => new ForbiddenError(SERVER_ERRORS.adminRequired),
  planSetlists: () => new ForbiddenError(SERVER_ERRORS.adminRequired),
  followLive: () => new ForbiddenError(LIVE_TEXTS.notAllowed),
  driveLive: () => new ForbiddenError(LIVE_TEXTS.notDriver),
  announceLive: () => new ForbiddenError(LIVE_TEXTS.notAllowed),
  announceOnScreen: () => new ForbiddenError(LIVE_TEXTS.notDriverOnScreen),
};

/** The error an actor who may not do `action` gets. */
export const refusalOf = (action: Action): HttpError => REFUSAL[action]();

/** What is known of the actor beyond its role: whether it leads a song of the setlist at hand. */
export interface Facts {
  leadsSong?: boolean;
}

/** The policy's cell for this actor and action. */
export const ruleOf = (who: Pick<TeamActor, 'role'>, action: Action): Rule =>
  POLICY[action][who.role];

/** Whether this actor may do this in its team (a song-leader cell needs `facts.leadsSong`). */
export function can(who: Pick<TeamActor, 'role'>, action: Action, facts: Facts = {}): boolean {
  const rule = ruleOf(who, action);
  return rule === 'songLeader' ? facts.leadsSong === true : rule;
}

/** Throws the action's refusal unless the actor may do it. */
export function authorize(who: Pick<TeamActor, 'role'>, action: Action, facts: Facts = {}): void {
  if (!can(who, action, facts)) throw REFUSAL[action]();
}

/** Whether the actor sees the team's admin view (requests, roles, member management). */
export const isTeamAdmin = (who: Pick<TeamActor, 'role'>) => can(who, 'manageMembers');
