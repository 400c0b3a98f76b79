import { and, eq, exists, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { teamMember, user } from '../db/schema.ts';

export class UsersRepository {
  constructor(private readonly db: Db) {}

  /** The people among `ids` who are the viewer or share at least one team with them. */
  async teammatesAmong(viewerId: string, ids: string[]) {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return [];
    const viewerTeams = this.db
      .select({ teamId: teamMember.teamId })
      .from(teamMember)
      .where(eq(teamMember.userId, viewerId));
    const sharesATeam = this.db
      .select({ one: sql`1` })
      .from(teamMember)
      .where(and(eq(teamMember.userId, user.id), inArray(teamMember.teamId, viewerTeams)));
    return this.db
      .select({ id: user.id, name: user.name, email: user.email })
      .from(user)
      .where(and(inArray(user.id, unique), exists(sharesATeam)))
      .orderBy(sql`lower(${user.name})`, user.id);
  }
}
