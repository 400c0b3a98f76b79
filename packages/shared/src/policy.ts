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
export type Rule = boolean | 'songLeader' | 'songEditors' | 'setlistEditors';

/**
 * Who may edit and delete a team's songs, and its setlists: a setting of the team, picked by
 * its owner (docs/DECISIONS.md, "Who may change the library and the plans"). `leaders`: for a
 * setlist, whoever leads a song of it; for a song, whoever leads it in a setlist of the team
 * that is not in the trash. The owner and admins may always.
 */
export const EDITORS_SETTINGS = ['everyone', 'leaders', 'admins'] as const;
export type EditorsSetting = (typeof EDITORS_SETTINGS)[number];
/** What a team that never changed the setting allows: every member, as spec section 6 says. */
export const DEFAULT_EDITORS: EditorsSetting = 'everyone';

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
  // Adding songs (one, or from files): every member, whatever the team's setting.
  editLibrary: { owner: true, admin: true, member: true },
  // Changing, deleting and restoring a song: as the team's owner set it.
  editSongs: { owner: true, admin: true, member: 'songEditors' },
  deleteSongs: { owner: true, admin: true, member: 'songEditors' },
  importLibrary: { owner: true, admin: false, member: false },
  // Setlists
  readSetlists: { owner: true, admin: true, member: true },
  // Creating and cloning a setlist: every member, whatever the team's setting.
  planSetlists: { owner: true, admin: true, member: true },
  // Changing, deleting and restoring a setlist: as the team's owner set it.
  editSetlists: { owner: true, admin: true, member: 'setlistEditors' },
  deleteSetlists: { owner: true, admin: true, member: 'setlistEditors' },
  // Who may change songs and setlists is the owner's to say.
  setEditors: { owner: true, admin: false, member: false },
  // The live channel
  followLive: { owner: true, admin: true, member: true },
  driveLive: { owner: true, admin: true, member: 'songLeader' },
  announceLive: { owner: true, admin: true, member: true },
  announceOnScreen: { owner: true, admin: true, member: 'songLeader' },
  // What the congregation's screen shows: lyrics, black, background only, the team's logo.
  driveScreen: { owner: true, admin: true, member: 'songLeader' },
  // The band's click: started, stopped and its tempo changed by the set's drivers.
  driveClick: { owner: true, admin: true, member: 'songLeader' },
  // The congregation's link to the words on their own phones: made and withdrawn by drivers,
  // once the owner confirmed the team's licence covers it.
  shareWithCongregation: { owner: true, admin: true, member: 'songLeader' },
  confirmAudienceLicence: { owner: true, admin: false, member: false },
  // Who has listened: the owner turns it on for the team; a set's leaders then see, for each
  // song, who played its recording that week (docs/DECISIONS.md, "Who has listened").
  setListening: { owner: true, admin: false, member: false },
  seeListening: { owner: true, admin: true, member: 'songLeader' },
} as const satisfies Record<string, Record<TeamRole, Rule>>;

export type Action = keyof typeof POLICY;

export const ACTIONS = Object.keys(POLICY) as Action[];

/**
 * What is known beyond the actor's role: whether it leads a song of the setlist (or the song) at
 * hand, and the team's settings of who may change songs and setlists.
 */
export interface Facts {
  leadsSong?: boolean;
  /** The team's settings (`teamFacts`); unknown refuses a member. */
  songEditors?: EditorsSetting;
  setlistEditors?: EditorsSetting;
}

/** The facts a team's answer or row carries: who may edit its songs and setlists. */
export const teamFacts = (team: {
  songEditors: EditorsSetting;
  setlistEditors: EditorsSetting;
}): Facts => ({ songEditors: team.songEditors, setlistEditors: team.setlistEditors });

function editorsAllow(setting: EditorsSetting | undefined, leadsSong: boolean | undefined) {
  if (setting === 'everyone') return true;
  return setting === 'leaders' && leadsSong === true;
}

/** The policy's cell for this role and action. */
export const ruleOf = (who: { role: TeamRole }, action: Action): Rule => POLICY[action][who.role];

/** Whether this role may do this in its team (a song-leader cell needs `facts.leadsSong`). */
export function can(who: { role: TeamRole }, action: Action, facts: Facts = {}): boolean {
  const rule = ruleOf(who, action);
  if (rule === 'songLeader') return facts.leadsSong === true;
  if (rule === 'songEditors' || rule === 'setlistEditors') {
    return editorsAllow(facts[rule], facts.leadsSong);
  }
  return rule;
}

/**
 * `can` before the song or setlist at hand is read (an HTTP call's edge, which knows the team
 * but not yet the thing): a member who may be a leader (a song-leader cell, or the team's
 * setting letting leaders through) passes here, and the service asks `can` again with who
 * leads what.
 */
export function canInTeam(who: { role: TeamRole }, action: Action, facts: Facts): boolean {
  const rule = ruleOf(who, action);
  if (rule === 'songEditors' || rule === 'setlistEditors') return editorsAllow(facts[rule], true);
  // Any member may lead a song of the setlist at hand: the service asks again once it is read.
  if (rule === 'songLeader') return true;
  return can(who, action, facts);
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

/**
 * The `leadsSong` fact for a song: whether the account leads it in one of these setlists (the
 * team's, out of the trash). Entries of older setlists (plain ids) have no leader.
 */
export const leadsSongAmong = (
  setlists: readonly { songs: readonly (string | { song: string; leader: string | null })[] }[],
  songId: string,
  userId: string,
): boolean =>
  setlists.some((s) =>
    s.songs.some((e) => typeof e !== 'string' && e.song === songId && e.leader === userId),
  );
