/**
 * Who may do what in a team: one table both sides read. The server enforces it (its
 * `authorize` turns a refusal into the action's error); screens ask `can` to show each
 * person the controls they may use, so the two never disagree.
 */

/** What an account is to a team it belongs to (spec section 6). */
export type TeamRole = 'owner' | 'admin' | 'member';

export const TEAM_ROLES = ['owner', 'admin', 'member'] as const satisfies readonly TeamRole[];

/**
 * A cell of the policy: allowed, refused, or allowed only to whoever leads a song in the
 * setlist at hand (docs/DECISIONS.md, Live, "Who may steer"). That fact is the
 * setlist's, so it is read with the setlist and passed to `can`.
 */
export type Rule = boolean | 'songLeader';

/**
 * One row an action, one column a role. Every team call over HTTP and every live event
 * names its action here (routes in their `access` option, live events in the gateway's
 * `LIVE_EVENT_ACTIONS`); the server's matrix tests read this table. Strangers and pending
 * requesters are not in it: they get the answer for a team that does not exist before any
 * row is read.
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
  // Every member says which positions they play (their own row only).
  setOwnPositions: { owner: true, admin: true, member: true },
  // What the team sang in a period, for its CCLI licence: the admins report it.
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

/** What is known of the actor beyond its role: whether it leads a song of the setlist at hand. */
export interface Facts {
  leadsSong?: boolean;
}

/** The policy's cell for this role and action. */
export const ruleOf = (who: { role: TeamRole }, action: Action): Rule => POLICY[action][who.role];

/** Whether this role may do this in its team (a song-leader cell needs `facts.leadsSong`). */
export function can(who: { role: TeamRole }, action: Action, facts: Facts = {}): boolean {
  const rule = ruleOf(who, action);
  return rule === 'songLeader' ? facts.leadsSong === true : rule;
}

/** An account's role in a team as the team's answer lists it: the creator is its owner. */
export function teamRoleOf(
  team: { createdBy: string; admins: readonly string[] },
  userId: string,
): TeamRole {
  if (team.createdBy === userId) return 'owner';
  return team.admins.includes(userId) ? 'admin' : 'member';
}

/** The `leadsSong` fact: whether the account leads a song of this setlist. */
export const leadsSongIn = (
  setlist: { songs: readonly { leader: string | null }[] },
  userId: string,
): boolean => setlist.songs.some((entry) => entry.leader === userId);
