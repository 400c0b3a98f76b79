import { eq, sql } from 'drizzle-orm';
import type { AssignmentStatus } from '@segue/shared';
import { queryRows, type Db } from '../db/client.ts';
import { setlist, type StoredPosition } from '../db/schema.ts';
import { scope, type ChangeFeed } from '../lib/change-feed.ts';
import type { TeamsRepository } from '../teams/teams.repository.ts';

/** What the answers ask of the teams repository: memberships, and the teams' names. */
type Teams = Pick<TeamsRepository, 'role' | 'teamIdsOf' | 'namesOf'>;

/** What became of an answer to an assignment. */
export type AnswerOutcome =
  | { outcome: 'missing' }
  | { outcome: 'changed' }
  | { outcome: 'notAssignee' }
  | {
      outcome: 'answered';
      setlist: { id: string; teamId: string; name: string; date: string; createdBy: string | null };
      position: StoredPosition & { assignedTo: string; status: AssignmentStatus };
      /** The status before this answer (absent on positions saved before answers existed). */
      previous: AssignmentStatus | undefined;
    };

/** One position a person holds in a setlist, as `mine` reads it. */
export interface AssignmentRow {
  setlistId: string;
  setlistName: string;
  date: string;
  teamId: string;
  teamName: string;
  index: number;
  position: string;
  status: AssignmentStatus;
}

/** The SQL of assignment answers: recording one, and listing a person's assignments. */
export class AssignmentsRepository {
  constructor(
    private readonly db: Db,
    private readonly changes: ChangeFeed,
    private readonly teams: Teams,
  ) {}

  /**
   * Sets the status of one position, if it is still `name` and assigned to `userId`, and
   * `userId` still belongs to the setlist's team. The row is locked while it is checked, and
   * only that position's status is written (`jsonb_set`), so a save of the setlist made at the
   * same time is neither lost nor overwritten with a stale copy.
   *
   * The answer is first decided on a plain read: one refused (no such setlist, a team the
   * caller is not in, a position that changed or is someone else's) or one that changes
   * nothing is told without the change feed, so a refused request bumps no counter and leaves
   * no key in Redis. Only then is it decided again, under the lock, and written.
   */
  async answer(
    setlistId: string,
    index: number,
    name: string,
    userId: string,
    status: AssignmentStatus,
  ): Promise<AnswerOutcome> {
    const asked = { setlistId, index, name, userId, status };
    const seen = await decide(this.db, this.teams, asked, { locked: false });
    if (seen.outcome !== 'answered' || seen.previous === status) return seen;
    return this.changes.after([scope.setlist(setlistId)], () =>
      this.db.transaction((tx) => decide(tx, this.teams, asked, { locked: true })),
    );
  }

  /**
   * The positions `userId` holds, with an answer asked of them, in setlists from `from` on of
   * the teams they belong to: soonest first, at most `limit`.
   */
  async mine(userId: string, from: string, limit: number): Promise<AssignmentRow[]> {
    const teamIds = await this.teams.teamIdsOf(userId);
    if (teamIds.length === 0) return [];
    const [rows, names] = await Promise.all([
      queryRows<{
        setlist_id: string;
        setlist_name: string;
        date: string;
        team_id: string;
        ord: string | number;
        position: string;
        status: AssignmentStatus;
      }>(
        this.db,
        sql`
          select s.id as setlist_id, s.name as setlist_name, s.date::text as date,
            s.team_id, p.ord, p.elem ->> 'name' as position, p.elem ->> 'status' as status
          from setlist s
            cross join lateral jsonb_array_elements(
              case when jsonb_typeof(s.positions) = 'array' then s.positions else '[]'::jsonb end
            ) with ordinality as p(elem, ord)
          where s.team_id in ${teamIds} and s.date >= ${from}::date and s.deleted_at is null
            and jsonb_typeof(p.elem) = 'object'
            and p.elem ->> 'assignedTo' = ${userId}
            and p.elem ->> 'status' in ('pending', 'accepted', 'declined')
          order by s.date, lower(s.name), s.id, p.ord
          limit ${limit}
        `,
      ),
      this.teams.namesOf(teamIds),
    ]);
    return rows.flatMap((r) => {
      const teamName = names.get(r.team_id);
      // A team deleted meanwhile took its setlists with it.
      if (teamName === undefined) return [];
      return [
        {
          setlistId: r.setlist_id,
          setlistName: r.setlist_name,
          date: r.date,
          teamId: r.team_id,
          teamName,
          index: Number(r.ord) - 1,
          position: r.position,
          status: r.status,
        },
      ];
    });
  }
}

/**
 * What an answer to an assignment comes to, read from the setlist as it is now; `locked`: in
 * a transaction that holds the row's lock and writes the status when it changes.
 */
async function decide(
  db: Db,
  teams: Teams,
  asked: {
    setlistId: string;
    index: number;
    name: string;
    userId: string;
    status: AssignmentStatus;
  },
  { locked }: { locked: boolean },
): Promise<AnswerOutcome> {
  const { setlistId, index, name, userId, status } = asked;
  const query = db
    .select({
      id: setlist.id,
      teamId: setlist.teamId,
      name: setlist.name,
      date: setlist.date,
      createdBy: setlist.createdBy,
      positions: setlist.positions,
    })
    .from(setlist)
    .where(eq(setlist.id, setlistId))
    .limit(1);
  const [row] = await (locked ? query.for('update') : query);
  if (!row) return { outcome: 'missing' };
  // Asked in this transaction (`db`), so the membership is read beside the locked row.
  const member = await teams.role(row.teamId, userId, db);
  // To someone outside the team the setlist does not exist.
  if (member === null) return { outcome: 'missing' };
  const position = Array.isArray(row.positions) ? row.positions[index] : undefined;
  if (!position || position.name !== name) return { outcome: 'changed' };
  if (position.assignedTo !== userId) return { outcome: 'notAssignee' };
  if (locked && position.status !== status) {
    await db
      .update(setlist)
      .set({
        positions: sql`jsonb_set(${setlist.positions}, ${`{${index}}`}::text[], (${setlist.positions} -> ${index}::int) || ${JSON.stringify({ status })}::jsonb)`,
      })
      .where(eq(setlist.id, setlistId));
  }
  const { positions: _, ...facts } = row;
  return {
    outcome: 'answered',
    setlist: facts,
    position: { name: position.name, assignedTo: userId, status },
    previous: position.status,
  };
}
