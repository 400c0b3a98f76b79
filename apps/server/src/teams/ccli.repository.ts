import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { team } from '../db/schema.ts';
import { scope, type ChangeFeed } from '../lib/change-feed.ts';

/**
 * The SQL of the team's CCLI licence number. The usage report's counts are the songs' and
 * setlists' (their repositories).
 */
export class CcliRepository {
  constructor(
    private readonly db: Db,
    private readonly changes: ChangeFeed,
  ) {}

  async licence(teamId: string): Promise<string | null> {
    const [row] = await this.db
      .select({ ccliLicence: team.ccliLicence })
      .from(team)
      .where(eq(team.id, teamId))
      .limit(1);
    return row?.ccliLicence ?? null;
  }

  /** Sets the licence number; the team's cached answers (which hold its row) are dropped. */
  async setLicence(teamId: string, ccliLicence: string | null): Promise<string | null> {
    const [row] = await this.changes.after([scope.team(teamId)], () =>
      this.db
        .update(team)
        .set({ ccliLicence, updatedAt: new Date() })
        .where(eq(team.id, teamId))
        .returning({ ccliLicence: team.ccliLicence }),
    );
    return row?.ccliLicence ?? null;
  }
}
