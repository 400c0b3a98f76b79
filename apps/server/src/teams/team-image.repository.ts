import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { teamImage } from '../db/schema.ts';

/** A team's image as stored: its bytes and the media type read from them. */
export interface StoredTeamImage {
  mediaType: string;
  bytes: Buffer;
  updatedAt: Date;
}

/** The SQL of a team's image (one row per team, apart from `team`). */
export class TeamImagesRepository {
  constructor(private readonly db: Db) {}

  async get(teamId: string): Promise<StoredTeamImage | null> {
    const [row] = await this.db
      .select({
        mediaType: teamImage.mediaType,
        bytes: teamImage.bytes,
        updatedAt: teamImage.updatedAt,
      })
      .from(teamImage)
      .where(eq(teamImage.teamId, teamId));
    return row ?? null;
  }

  /** Stores the team's image, replacing the one before. */
  async put(teamId: string, mediaType: string, bytes: Buffer): Promise<void> {
    const updatedAt = new Date();
    await this.db
      .insert(teamImage)
      .values({ teamId, mediaType, bytes, updatedAt })
      .onConflictDoUpdate({ target: teamImage.teamId, set: { mediaType, bytes, updatedAt } });
  }

  async remove(teamId: string): Promise<void> {
    await this.db.delete(teamImage).where(eq(teamImage.teamId, teamId));
  }
}
