import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { team, teamInvite, teamJoinRequest, teamMember } from '../db/schema.ts';
import { scope, type ChangeFeed } from '../lib/change-feed.ts';

export type InviteRow = typeof teamInvite.$inferSelect;

/** An invitation found by its token, with the name of the team it joins. */
export type InviteWithTeam = InviteRow & { teamName: string };

/** What accepting an invitation came to. */
export type AcceptResult = 'joined' | 'member' | 'unusable';

/** Thrown inside the accept transaction to undo the use when the person is a member already. */
const ALREADY_MEMBER = Symbol('already a member');

/** Whether an invitation can still be used at `now`: not withdrawn, not expired, uses left. */
const usableAt = (now: Date) =>
  and(
    isNull(teamInvite.revokedAt),
    gt(teamInvite.expiresAt, now),
    or(isNull(teamInvite.maxUses), lt(teamInvite.uses, teamInvite.maxUses)),
  );

/**
 * Where team invitations are read and written. Accepting one also writes the membership,
 * in the same transaction as the use, so a use is never counted without its join.
 */
export class InvitesRepository {
  constructor(
    private readonly db: Db,
    private readonly changes: ChangeFeed,
  ) {}

  /**
   * Records an invitation unless the team already has `maxPending` usable ones (null then).
   * The team's row is locked while counting, so parallel calls cannot pass the cap together.
   */
  async create(
    values: Omit<typeof teamInvite.$inferInsert, 'uses' | 'revokedAt' | 'createdAt'> & {
      createdAt: Date;
    },
    maxPending: number,
  ): Promise<InviteRow | null> {
    return this.db.transaction(async (tx) => {
      await tx.select({ id: team.id }).from(team).where(eq(team.id, values.teamId)).for('update');
      const [count] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(teamInvite)
        .where(and(eq(teamInvite.teamId, values.teamId), usableAt(values.createdAt)));
      if ((count?.n ?? 0) >= maxPending) return null;
      const [row] = await tx.insert(teamInvite).values(values).returning();
      return row ?? null;
    });
  }

  /** The team's usable invitations, newest first. */
  async pending(teamId: string, now: Date): Promise<InviteRow[]> {
    return this.db
      .select()
      .from(teamInvite)
      .where(and(eq(teamInvite.teamId, teamId), usableAt(now)))
      .orderBy(desc(teamInvite.createdAt), desc(teamInvite.id));
  }

  /**
   * Withdraws an invitation of this team (a second withdrawal keeps the first time);
   * false when the team has no such invitation.
   */
  async revoke(teamId: string, inviteId: string, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(teamInvite)
      .set({ revokedAt: sql`coalesce(${teamInvite.revokedAt}, ${now.toISOString()}::timestamptz)` })
      .where(and(eq(teamInvite.id, inviteId), eq(teamInvite.teamId, teamId)))
      .returning({ id: teamInvite.id });
    return rows.length > 0;
  }

  async findByTokenHash(tokenHash: string): Promise<InviteWithTeam | null> {
    const [row] = await this.db
      .select({ invite: teamInvite, teamName: team.name })
      .from(teamInvite)
      .innerJoin(team, eq(team.id, teamInvite.teamId))
      .where(eq(teamInvite.tokenHash, tokenHash))
      .limit(1);
    return row ? { ...row.invite, teamName: row.teamName } : null;
  }

  async find(inviteId: string): Promise<InviteRow | null> {
    const [row] = await this.db
      .select()
      .from(teamInvite)
      .where(eq(teamInvite.id, inviteId))
      .limit(1);
    return row ?? null;
  }

  /**
   * Uses the invitation once and makes the person a member, in one transaction, as an
   * approved join request does (their pending request, if any, goes). The use is one
   * UPDATE whose WHERE re-checks that the invitation is usable: of two accepts of a
   * single-use link, the second waits for the first's row lock, then finds no use left.
   * A person who is a member already (joined meanwhile) uses nothing.
   */
  async accept(
    invite: Pick<InviteRow, 'id' | 'teamId'>,
    userId: string,
    now: Date,
  ): Promise<AcceptResult> {
    const { teamId } = invite;
    return this.changes.after([scope.team(teamId)], async () => {
      try {
        return await this.db.transaction(async (tx) => {
          const used = await tx
            .update(teamInvite)
            .set({ uses: sql`${teamInvite.uses} + 1` })
            .where(and(eq(teamInvite.id, invite.id), usableAt(now)))
            .returning({ id: teamInvite.id });
          if (used.length === 0) return 'unusable' as const;
          const joined = await tx
            .insert(teamMember)
            .values({ teamId, userId, role: 'member' })
            .onConflictDoNothing()
            .returning({ userId: teamMember.userId });
          if (joined.length === 0) throw ALREADY_MEMBER;
          await tx
            .delete(teamJoinRequest)
            .where(and(eq(teamJoinRequest.teamId, teamId), eq(teamJoinRequest.userId, userId)));
          await tx.update(team).set({ updatedAt: now }).where(eq(team.id, teamId));
          return 'joined' as const;
        });
      } catch (error) {
        if (error === ALREADY_MEMBER) return 'member' as const;
        throw error;
      }
    });
  }
}
