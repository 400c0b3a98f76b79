import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.ts';
import {
  assignmentReminder,
  type StoredSetlistEntry,
  type StoredSetlistItem,
} from '../db/schema.ts';

/** One position, not declined, that a reminder may be due for. */
export interface ReminderCandidate {
  setlistId: string;
  teamId: string;
  name: string;
  /** YYYY-MM-DD */
  date: string;
  startTime: string | null;
  songs: StoredSetlistEntry[];
  items: StoredSetlistItem[];
  userId: string;
  index: number;
  position: string;
  status: 'pending' | 'accepted';
}

/** The SQL of reminders: who holds positions in the coming days, and which reminders went. */
export class AssignmentRemindersRepository {
  constructor(private readonly db: Db) {}

  /**
   * The positions asked and not declined in setlists (out of the trash) dated `from` to `to`,
   * held by someone still in the setlist's team.
   */
  async candidates(from: string, to: string): Promise<ReminderCandidate[]> {
    const rows = await queryRows<{
      setlist_id: string;
      team_id: string;
      name: string;
      date: string;
      start_time: string | null;
      songs: StoredSetlistEntry[];
      items: StoredSetlistItem[];
      user_id: string;
      ord: string | number;
      position: string;
      status: 'pending' | 'accepted';
    }>(
      this.db,
      sql`
        select s.id as setlist_id, s.team_id, s.name, s.date::text as date, s.start_time,
          s.songs, s.items, p.elem ->> 'assignedTo' as user_id, p.ord,
          p.elem ->> 'name' as position, p.elem ->> 'status' as status
        from setlist s
          cross join lateral jsonb_array_elements(
            case when jsonb_typeof(s.positions) = 'array' then s.positions else '[]'::jsonb end
          ) with ordinality as p(elem, ord)
        where s.date between ${from}::date and ${to}::date and s.deleted_at is null
          and jsonb_typeof(p.elem) = 'object'
          and p.elem ->> 'status' in ('pending', 'accepted')
          and exists (
            select 1 from team_member m
            where m.team_id = s.team_id and m.user_id = p.elem ->> 'assignedTo'
          )
        order by s.date, s.id, p.ord
      `,
    );
    return rows.map((r) => ({
      setlistId: r.setlist_id,
      teamId: r.team_id,
      name: r.name,
      date: r.date,
      startTime: r.start_time,
      songs: r.songs,
      items: r.items,
      userId: r.user_id,
      index: Number(r.ord) - 1,
      position: r.position,
      status: r.status,
    }));
  }

  /**
   * Records that a reminder goes out; false when it was recorded already (by this instance
   * before a restart, or by another one): its mail is sent only on true.
   */
  async claim(values: {
    setlistId: string;
    userId: string;
    serviceDate: string;
    kind: '3d' | '1d';
    sentAt: Date;
  }): Promise<boolean> {
    const rows = await this.db
      .insert(assignmentReminder)
      .values(values)
      .onConflictDoNothing()
      .returning({ setlistId: assignmentReminder.setlistId });
    return rows.length > 0;
  }
}
