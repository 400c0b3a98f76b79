import { and, asc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { team, teamJoinRequest, teamMember, user } from '../db/schema.ts';
import { ChangeFeed, type Change } from '../lib/change-feed.ts';
import { ConflictError } from '../lib/errors.ts';

export type TeamRow = typeof team.$inferSelect;
export type MemberRole = (typeof teamMember.$inferSelect)['role'];

export interface TeamWithPeople {
  team: TeamRow;
  members: { userId: string; role: MemberRole }[];
  requestedUsers: string[];
}

/** Where teams, memberships and join requests are read and written: all team SQL is here. */
export class TeamsRepository {
  constructor(
    private readonly db: Db,
    private readonly changes: ChangeFeed = new ChangeFeed(),
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
    const changes: Change[] = [{ kind: 'team', id: teamId }];
    if (options.losesMembers) changes.push({ kind: 'members', id: teamId });
    return this.changes.after(changes, write);
  }

  async find(teamId: string): Promise<TeamRow | null> {
    const [row] = await this.db.select().from(team).where(eq(team.id, teamId)).limit(1);
    return row ?? null;
  }

  async role(teamId: string, userId: string): Promise<MemberRole | null> {
    const [row] = await this.db
      .select({ role: teamMember.role })
      .from(teamMember)
      .where(and(eq(teamMember.teamId, teamId), eq(teamMember.userId, userId)))
      .limit(1);
    return row?.role ?? null;
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
    const pattern = `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
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
      .where(ilike(team.name, pattern))
      .orderBy(asc(sql`lower(${team.name})`), asc(team.createdAt))
      .limit(limit);
  }

  async create(values: { id: string; name: string; description: string; ownerId: string }) {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(team)
        .values({
          id: values.id,
          name: values.name,
          description: values.description,
          createdBy: values.ownerId,
        })
        .returning();
      await tx
        .insert(teamMember)
        .values({ teamId: values.id, userId: values.ownerId, role: 'admin' });
      return row!;
    });
  }

  async update(teamId: string, values: { name: string; description: string }) {
    await this.writing(teamId, () =>
      this.db
        .update(team)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(team.id, teamId)),
    );
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

  async requesters(teamId: string) {
    return this.db
      .select({ id: user.id, name: user.name, email: user.email })
      .from(teamJoinRequest)
      .innerJoin(user, eq(user.id, teamJoinRequest.userId))
      .where(eq(teamJoinRequest.teamId, teamId))
      .orderBy(asc(teamJoinRequest.createdAt));
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

  async setRole(teamId: string, userId: string, role: MemberRole): Promise<boolean> {
    const rows = await this.writing(teamId, () =>
      this.db
        .update(teamMember)
        .set({ role })
        .where(and(eq(teamMember.teamId, teamId), eq(teamMember.userId, userId)))
        .returning({ userId: teamMember.userId }),
    );
    return rows.length > 0;
  }

  async removeMember(teamId: string, userId: string): Promise<boolean> {
    const rows = await this.writing(
      teamId,
      () =>
        this.db
          .delete(teamMember)
          .where(and(eq(teamMember.teamId, teamId), eq(teamMember.userId, userId)))
          .returning({ userId: teamMember.userId }),
      { losesMembers: true },
    );
    return rows.length > 0;
  }

  /** Hands the team to a current member, who becomes admin, in one transaction. */
  async transfer(teamId: string, fromUserId: string, toUserId: string): Promise<boolean> {
    return this.writing(teamId, () =>
      this.db.transaction(async (tx) => {
        const promoted = await tx
          .update(teamMember)
          .set({ role: 'admin' })
          .where(and(eq(teamMember.teamId, teamId), eq(teamMember.userId, toUserId)))
          .returning({ userId: teamMember.userId });
        if (promoted.length === 0) return false;
        const moved = await tx
          .update(team)
          .set({ createdBy: toUserId, updatedAt: new Date() })
          .where(and(eq(team.id, teamId), eq(team.createdBy, fromUserId)))
          .returning({ id: team.id });
        if (moved.length === 0)
          throw new ConflictError('The team owner changed meanwhile. Reload and try again.');
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

  async memberCount(teamId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(teamMember)
      .where(eq(teamMember.teamId, teamId));
    return row?.n ?? 0;
  }
}
