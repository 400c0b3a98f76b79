import { and, asc, desc, eq, inArray, isNull, like, sql, type SQL } from 'drizzle-orm';
import { teamSearchFold } from '@segue/shared';
import { inserted, queryRows, type Db } from '../db/client.ts';
import { songListen, team, teamJoinRequest, teamMember } from '../db/schema.ts';
import { scope, type Change, type ChangeFeed } from '../lib/change-feed.ts';
import { ConflictError } from '../lib/errors.ts';
import { roleIn, type TeamRole } from '../policy/actor.ts';

export type TeamRow = typeof team.$inferSelect;
export type MemberRole = (typeof teamMember.$inferSelect)['role'];

export interface TeamWithPeople {
  team: TeamRow;
  members: { userId: string; role: MemberRole }[];
  requestedUsers: string[];
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Locks a team's row until the transaction ends and reads its owner (null: no such
 * team). Writes that depend on who owns the team take it first, so they run one
 * after another.
 */
async function lockTeam(tx: Tx, teamId: string): Promise<string | null> {
  const [row] = await tx
    .select({ createdBy: team.createdBy })
    .from(team)
    .where(eq(team.id, teamId))
    .for('update');
  return row?.createdBy ?? null;
}

/**
 * Where teams, memberships (with the positions members play) and join requests are read and
 * written: all team SQL is here. Who the people are (names, addresses) is the accounts
 * repository's to read.
 */
export class TeamsRepository {
  constructor(
    private readonly db: Db,
    private readonly changes: ChangeFeed,
  ) {}

  /**
   * Runs a write of the team or its memberships and tells the caches it changed;
   * `losesMembers` when people may leave the team by it, so their live sockets go too.
   */
  private writing<T>(
    teamId: string,
    write: () => PromiseLike<T>,
    options: { losesMembers?: boolean } = {},
  ): Promise<T> {
    const changes: Change[] = [scope.team(teamId)];
    if (options.losesMembers) changes.push(scope.members(teamId));
    return this.changes.after(changes, write);
  }

  async find(teamId: string): Promise<TeamRow | null> {
    const [row] = await this.db.select().from(team).where(eq(team.id, teamId)).limit(1);
    return row ?? null;
  }

  /** A member's standing: the team and their member role, read together; null for anyone else. */
  async membership(
    teamId: string,
    userId: string,
  ): Promise<{ team: TeamRow; memberRole: MemberRole } | null> {
    const [row] = await this.db
      .select({ team, memberRole: teamMember.role })
      .from(team)
      .innerJoin(teamMember, and(eq(teamMember.teamId, team.id), eq(teamMember.userId, userId)))
      .where(eq(team.id, teamId))
      .limit(1);
    return row ?? null;
  }

  /** A member's role, or null for anyone else; in the caller's transaction `tx` when given. */
  async role(teamId: string, userId: string, tx: Db = this.db): Promise<MemberRole | null> {
    const [row] = await tx
      .select({ role: teamMember.role })
      .from(teamMember)
      .where(and(eq(teamMember.teamId, teamId), eq(teamMember.userId, userId)))
      .limit(1);
    return row?.role ?? null;
  }

  /**
   * The names of the teams the account created (and so owns): an account that owns a
   * team may not be deleted, or the team would be left without an owner.
   */
  async namesOwnedBy(userId: string): Promise<string[]> {
    const rows = await this.db
      .select({ name: team.name })
      .from(team)
      .where(eq(team.createdBy, userId));
    return rows.map((r) => r.name);
  }

  async teamIdsOf(userId: string): Promise<string[]> {
    const rows = await this.db
      .select({ teamId: teamMember.teamId })
      .from(teamMember)
      .where(eq(teamMember.userId, userId));
    return rows.map((r) => r.teamId);
  }

  /** Teams with their people, in the order of `teamIds` (or by name when listing a user's teams). */
  async withPeople(teams: TeamRow[]): Promise<TeamWithPeople[]> {
    if (teams.length === 0) return [];
    const ids = teams.map((t) => t.id);
    const [members, requests] = await Promise.all([
      this.db
        .select({ teamId: teamMember.teamId, userId: teamMember.userId, role: teamMember.role })
        .from(teamMember)
        .where(inArray(teamMember.teamId, ids))
        .orderBy(asc(teamMember.createdAt), asc(teamMember.userId)),
      this.db
        .select({ teamId: teamJoinRequest.teamId, userId: teamJoinRequest.userId })
        .from(teamJoinRequest)
        .where(inArray(teamJoinRequest.teamId, ids))
        .orderBy(asc(teamJoinRequest.createdAt)),
    ]);
    return teams.map((t) => ({
      team: t,
      members: members.filter((m) => m.teamId === t.id),
      requestedUsers: requests.filter((r) => r.teamId === t.id).map((r) => r.userId),
    }));
  }

  async teamsOf(userId: string): Promise<TeamRow[]> {
    return this.db
      .select({ team })
      .from(team)
      .innerJoin(teamMember, eq(teamMember.teamId, team.id))
      .where(eq(teamMember.userId, userId))
      .orderBy(asc(sql`lower(${team.name})`), asc(team.createdAt))
      .then((rows) => rows.map((r) => r.team));
  }

  async search(query: string, viewerId: string, limit: number) {
    // Compared folded (docs/DECISIONS.md, Teams, "Team search folds names"): "st mark" finds
    // "St. Mark's Worship Team". The trigram index on search_name serves the LIKE; a query that
    // folds to nothing matches nothing.
    const folded = teamSearchFold(query);
    if (!folded) return [];
    const pattern = `%${folded.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return this.db
      .select({
        id: team.id,
        name: team.name,
        description: team.description,
        memberCount: sql<number>`(select count(*)::int from ${teamMember} m where m.team_id = ${team.id})`,
        isMember: sql<boolean>`exists (select 1 from ${teamMember} m where m.team_id = ${team.id} and m.user_id = ${viewerId})`,
        hasRequested: sql<boolean>`exists (select 1 from ${teamJoinRequest} r where r.team_id = ${team.id} and r.user_id = ${viewerId})`,
      })
      .from(team)
      .where(like(team.searchName, pattern))
      .orderBy(asc(sql`lower(${team.name})`), asc(team.createdAt))
      .limit(limit);
  }

  async create(values: { id: string; name: string; description: string; ownerId: string }) {
    return this.db.transaction(async (tx) => {
      const row = inserted(
        await tx
          .insert(team)
          .values({
            id: values.id,
            name: values.name,
            searchName: teamSearchFold(values.name),
            description: values.description,
            createdBy: values.ownerId,
          })
          .returning(),
      );
      await tx
        .insert(teamMember)
        .values({ teamId: values.id, userId: values.ownerId, role: 'admin' });
      return row;
    });
  }

  async update(teamId: string, values: { name: string; description: string }) {
    await this.writing(teamId, () =>
      this.db
        .update(team)
        .set({ ...values, searchName: teamSearchFold(values.name), updatedAt: new Date() })
        .where(eq(team.id, teamId)),
    );
  }

  /** Who may edit and delete the team's songs and setlists. */
  async setEditors(teamId: string, values: Pick<TeamRow, 'songEditors' | 'setlistEditors'>) {
    await this.writing(teamId, () =>
      this.db
        .update(team)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(team.id, teamId)),
    );
  }

  /**
   * Whether the team's set leaders see who has listened. Turned off, the plays kept so far go
   * with it: nothing is kept that nobody may see (docs/DECISIONS.md, "Who has listened").
   */
  async setListening(teamId: string, shareListening: boolean) {
    await this.writing(teamId, () =>
      this.db.transaction(async (tx) => {
        await tx
          .update(team)
          .set({ shareListening, updatedAt: new Date() })
          .where(eq(team.id, teamId));
        if (!shareListening) await tx.delete(songListen).where(eq(songListen.teamId, teamId));
      }),
    );
  }

  /**
   * Fills in the search name of teams made before it existed (migration 0011); run at start.
   * The fold is the app's (Unicode-aware), so it is written here rather than in SQL.
   */
  async fillSearchNames(): Promise<number> {
    const rows = await this.db
      .select({ id: team.id, name: team.name })
      .from(team)
      .where(isNull(team.searchName));
    for (const row of rows) {
      await this.db
        .update(team)
        .set({ searchName: teamSearchFold(row.name) })
        .where(and(eq(team.id, row.id), isNull(team.searchName)));
    }
    return rows.length;
  }

  /** Records a join request once; false when it already exists. */
  async addRequest(teamId: string, userId: string): Promise<boolean> {
    const rows = await this.db
      .insert(teamJoinRequest)
      .values({ teamId, userId })
      .onConflictDoNothing()
      .returning({ userId: teamJoinRequest.userId });
    return rows.length > 0;
  }

  async removeRequest(teamId: string, userId: string): Promise<boolean> {
    const rows = await this.db
      .delete(teamJoinRequest)
      .where(and(eq(teamJoinRequest.teamId, teamId), eq(teamJoinRequest.userId, userId)))
      .returning({ userId: teamJoinRequest.userId });
    return rows.length > 0;
  }

  /** The teams an account has asked to join and is still waiting for, newest request first. */
  async requestsOf(userId: string, limit: number) {
    return this.db
      .select({ teamId: team.id, teamName: team.name, requestedAt: teamJoinRequest.createdAt })
      .from(teamJoinRequest)
      .innerJoin(team, eq(team.id, teamJoinRequest.teamId))
      .where(eq(teamJoinRequest.userId, userId))
      .orderBy(desc(teamJoinRequest.createdAt), asc(team.id))
      .limit(limit);
  }

  /** The accounts waiting for an answer to join the team, the earliest request first. */
  async requesterIds(teamId: string): Promise<string[]> {
    const rows = await this.db
      .select({ userId: teamJoinRequest.userId })
      .from(teamJoinRequest)
      .where(eq(teamJoinRequest.teamId, teamId))
      .orderBy(asc(teamJoinRequest.createdAt));
    return rows.map((r) => r.userId);
  }

  /** Makes a person a member and drops any join request of theirs, in one transaction. */
  async addMember(
    teamId: string,
    userId: string,
    options: { requireRequest: boolean },
  ): Promise<boolean> {
    return this.writing(teamId, () =>
      this.db.transaction(async (tx) => {
        const removed = await tx
          .delete(teamJoinRequest)
          .where(and(eq(teamJoinRequest.teamId, teamId), eq(teamJoinRequest.userId, userId)))
          .returning({ userId: teamJoinRequest.userId });
        if (options.requireRequest && removed.length === 0) return false;
        const inserted = await tx
          .insert(teamMember)
          .values({ teamId, userId, role: 'member' })
          .onConflictDoNothing()
          .returning({ userId: teamMember.userId });
        await tx.update(team).set({ updatedAt: new Date() }).where(eq(team.id, teamId));
        return inserted.length > 0 || options.requireRequest;
      }),
    );
  }

  /**
   * Sets a member's role. The team row is locked first, as an ownership transfer locks
   * it: the owner read here is the owner when the role is written, so the owner is
   * never made a plain member, whatever runs beside it.
   */
  async setRole(
    teamId: string,
    userId: string,
    role: MemberRole,
  ): Promise<'done' | 'owner' | 'not-member'> {
    return this.writing(teamId, () =>
      this.db.transaction(async (tx) => {
        const owner = await lockTeam(tx, teamId);
        if (owner === userId && role !== 'admin') return 'owner' as const;
        const rows = await tx
          .update(teamMember)
          .set({ role })
          .where(and(eq(teamMember.teamId, teamId), eq(teamMember.userId, userId)))
          .returning({ userId: teamMember.userId });
        return rows.length > 0 ? ('done' as const) : ('not-member' as const);
      }),
    );
  }

  /** Removes a member, never the owner (checked under the team row's lock, as in setRole). */
  async removeMember(teamId: string, userId: string): Promise<'done' | 'owner' | 'not-member'> {
    return this.writing(
      teamId,
      () =>
        this.db.transaction(async (tx) => {
          const owner = await lockTeam(tx, teamId);
          if (owner === userId) return 'owner' as const;
          const rows = await tx
            .delete(teamMember)
            .where(and(eq(teamMember.teamId, teamId), eq(teamMember.userId, userId)))
            .returning({ userId: teamMember.userId });
          return rows.length > 0 ? ('done' as const) : ('not-member' as const);
        }),
      { losesMembers: true },
    );
  }

  /** Hands the team to a current member, who becomes admin, in one transaction. */
  async transfer(teamId: string, fromUserId: string, toUserId: string): Promise<boolean> {
    return this.writing(teamId, () =>
      this.db.transaction(async (tx) => {
        if ((await lockTeam(tx, teamId)) !== fromUserId)
          throw new ConflictError('The team owner changed meanwhile. Reload and try again.');
        const promoted = await tx
          .update(teamMember)
          .set({ role: 'admin' })
          .where(and(eq(teamMember.teamId, teamId), eq(teamMember.userId, toUserId)))
          .returning({ userId: teamMember.userId });
        if (promoted.length === 0) return false;
        await tx
          .update(team)
          .set({ createdBy: toUserId, updatedAt: new Date() })
          .where(eq(team.id, teamId));
        return true;
      }),
    );
  }

  /** Deletes the team; its memberships, requests, songs and setlists go with it (foreign keys cascade). */
  async delete(teamId: string): Promise<boolean> {
    const rows = await this.writing(
      teamId,
      () => this.db.delete(team).where(eq(team.id, teamId)).returning({ id: team.id }),
      { losesMembers: true },
    );
    return rows.length > 0;
  }

  /** The names of these teams, by id (a team that is gone is missing). */
  async namesOf(teamIds: string[]): Promise<Map<string, string>> {
    if (teamIds.length === 0) return new Map();
    const rows = await this.db
      .select({ id: team.id, name: team.name })
      .from(team)
      .where(inArray(team.id, [...new Set(teamIds)]));
    return new Map(rows.map((r) => [r.id, r.name]));
  }

  /** The team's members, in the order they joined. */
  async memberIds(teamId: string): Promise<string[]> {
    const rows = await this.db
      .select({ userId: teamMember.userId })
      .from(teamMember)
      .where(eq(teamMember.teamId, teamId))
      .orderBy(asc(teamMember.createdAt), asc(teamMember.userId));
    return rows.map((r) => r.userId);
  }

  /**
   * The roles, now, of some (team, user) pairs, keyed `team:user`; a pair that is no
   * longer a membership is missing. One query for all of an instance's live sockets.
   */
  async roles(pairs: { teamId: string; userId: string }[]): Promise<Map<string, TeamRole>> {
    if (pairs.length === 0) return new Map();
    const rows = await queryRows<{
      team_id: string;
      user_id: string;
      role: 'admin' | 'member';
      created_by: string;
    }>(
      this.db,
      sql`
      select m.team_id, m.user_id, m.role, t.created_by
      from jsonb_to_recordset(${JSON.stringify(pairs)}::jsonb) as p("teamId" text, "userId" text)
      join team_member m on m.team_id = p."teamId" and m.user_id = p."userId"
      join team t on t.id = m.team_id`,
    );
    return new Map(
      rows.map((r) => [
        `${r.team_id}:${r.user_id}`,
        roleIn({ createdBy: r.created_by }, r.user_id, r.role),
      ]),
    );
  }

  /** Which of `userIds` are members of the team. */
  async membersAmong(teamId: string, userIds: string[]): Promise<Set<string>> {
    if (userIds.length === 0) return new Set();
    const rows = await this.db
      .select({ userId: teamMember.userId })
      .from(teamMember)
      .where(and(eq(teamMember.teamId, teamId), inArray(teamMember.userId, userIds)));
    return new Set(rows.map((r) => r.userId));
  }

  /**
   * The accounts among `ids` that share at least one team with the viewer (the viewer too,
   * when they are in a team).
   */
  async teammatesAmong(viewerId: string, ids: string[]): Promise<string[]> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return [];
    const viewerTeams = this.db
      .select({ teamId: teamMember.teamId })
      .from(teamMember)
      .where(eq(teamMember.userId, viewerId));
    const rows = await this.db
      .selectDistinct({ userId: teamMember.userId })
      .from(teamMember)
      .where(and(inArray(teamMember.userId, unique), inArray(teamMember.teamId, viewerTeams)));
    return rows.map((r) => r.userId);
  }

  /** The positions a member says they play in a team; null if they are not a member. */
  async positionsOf(teamId: string, userId: string): Promise<string[] | null> {
    const [row] = await this.db
      .select({ positions: teamMember.positions })
      .from(teamMember)
      .where(and(eq(teamMember.teamId, teamId), eq(teamMember.userId, userId)))
      .limit(1);
    return row ? row.positions : null;
  }

  /** Sets them; null if the member left the team meanwhile. */
  async setPositions(
    teamId: string,
    userId: string,
    positions: string[],
  ): Promise<string[] | null> {
    const [row] = await this.db
      .update(teamMember)
      .set({ positions })
      .where(and(eq(teamMember.teamId, teamId), eq(teamMember.userId, userId)))
      .returning({ positions: teamMember.positions });
    return row ? row.positions : null;
  }

  /** Every member's positions, in the order they joined. */
  memberPositions(teamId: string): Promise<{ userId: string; positions: string[] }[]> {
    return this.db
      .select({ userId: teamMember.userId, positions: teamMember.positions })
      .from(teamMember)
      .where(eq(teamMember.teamId, teamId))
      .orderBy(asc(teamMember.createdAt), asc(teamMember.userId));
  }

  /**
   * A query of the position names (`name`) the team's members play, blank ones included: the
   * people repository orders and cuts them together with the setlists' in one statement.
   */
  positionNames(teamId: string): SQL {
    return sql`
      select m.p as name
      from team_member tm
        cross join lateral jsonb_array_elements_text(
          case when jsonb_typeof(tm.positions) = 'array' then tm.positions else '[]'::jsonb end
        ) m(p)
      where tm.team_id = ${teamId}`;
  }

  async memberCount(teamId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(teamMember)
      .where(eq(teamMember.teamId, teamId));
    return row?.n ?? 0;
  }
}
