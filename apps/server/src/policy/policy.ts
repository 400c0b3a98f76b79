import {
  can,
  canInTeam,
  FOLLOW_TEXTS,
  LISTENING_TEXTS,
  LIVE_TEXTS,
  SERVER_ERRORS,
  SONG_TEXTS,
  TRASH_TEXTS,
  type Action,
  type Facts,
} from '@segue/shared';
import { ForbiddenError, ValidationError, type HttpError } from '../lib/errors.ts';
import type { TeamActor } from './actor.ts';

// The table itself is shared with the web app, which asks `can` to show each person their
// controls; the server keeps what a refusal says and enforces it.
export {
  ACTIONS,
  can,
  canInTeam,
  POLICY,
  ruleOf,
  TEAM_ROLES,
  type Action,
  type Facts,
  type Rule,
  type TeamRole,
} from '@segue/shared';

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
  editSongs: () => new ForbiddenError(TRASH_TEXTS.songEditorsRefused),
  deleteSongs: () => new ForbiddenError(TRASH_TEXTS.songEditorsRefused),
  importLibrary: () => new ForbiddenError(SONG_TEXTS.creatorOnlyImport),
  readSetlists: () => new ForbiddenError(SERVER_ERRORS.adminRequired),
  planSetlists: () => new ForbiddenError(SERVER_ERRORS.adminRequired),
  editSetlists: () => new ForbiddenError(TRASH_TEXTS.setlistEditorsRefused),
  deleteSetlists: () => new ForbiddenError(TRASH_TEXTS.setlistEditorsRefused),
  setEditors: () => new ForbiddenError(SERVER_ERRORS.ownerRequired),
  followLive: () => new ForbiddenError(LIVE_TEXTS.notAllowed),
  driveLive: () => new ForbiddenError(LIVE_TEXTS.notDriver),
  announceLive: () => new ForbiddenError(LIVE_TEXTS.notAllowed),
  announceOnScreen: () => new ForbiddenError(LIVE_TEXTS.notDriverOnScreen),
  driveScreen: () => new ForbiddenError(LIVE_TEXTS.notDriverScreen),
  driveClick: () => new ForbiddenError(LIVE_TEXTS.notDriverClick),
  shareWithCongregation: () => new ForbiddenError(FOLLOW_TEXTS.notDriver),
  confirmAudienceLicence: () => new ForbiddenError(SERVER_ERRORS.ownerRequired),
  setListening: () => new ForbiddenError(SERVER_ERRORS.ownerRequired),
  seeListening: () => new ForbiddenError(LISTENING_TEXTS.notLeader),
};

/** The error an actor who may not do `action` gets. */
export const refusalOf = (action: Action): HttpError => REFUSAL[action]();

/** Throws the action's refusal unless the actor may do it. */
export function authorize(who: Pick<TeamActor, 'role'>, action: Action, facts: Facts = {}): void {
  if (!can(who, action, facts)) throw REFUSAL[action]();
}

/**
 * Throws the action's refusal unless the actor may do it as far as the team's facts tell,
 * before the song or setlist at hand is read (`canInTeam`): an HTTP call's edge.
 */
export function authorizeInTeam(who: Pick<TeamActor, 'role'>, action: Action, facts: Facts): void {
  if (!canInTeam(who, action, facts)) throw REFUSAL[action]();
}

/** Whether the actor sees the team's admin view (requests, roles, member management). */
export const isTeamAdmin = (who: Pick<TeamActor, 'role'>) => can(who, 'manageMembers');
