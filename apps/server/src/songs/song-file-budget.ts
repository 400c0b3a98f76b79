import { TooManyRequestsError } from '../lib/errors.ts';
import type { RateLimiter } from '../lib/rate-limit.ts';
import type { TeamActor } from '../policy/actor.ts';

const MB = 1024 * 1024;

/**
 * How many bytes of files Segue reads for one account and one team a minute. A file counts at
 * least `minimumBytes`, so a flood of tiny files is counted too. docs/DECISIONS.md, "Reading
 * song files", gives the reasons for the numbers.
 */
export const SONG_FILE_BUDGET = {
  windowMs: 60_000,
  minimumBytes: 16 * 1024,
  convertPerAccount: 25 * MB,
  convertPerTeam: 50 * MB,
  importPerTeam: 64 * MB,
} as const;

export const SONG_FILE_BUDGET_TEXT =
  'Segue has read many files for you or your team in the last minute. Please wait a minute and try again.';

/** Counts the bytes of each file against its account's and team's budget before it is read. */
export class SongFileBudget {
  constructor(private readonly limiter: RateLimiter) {}

  /** Counts a file to convert, or refuses it with 429 when a budget is spent. */
  async convert(actor: TeamActor, bytes: number) {
    await this.charge(bytes, [
      [`song-files:account:${actor.actor.userId}`, SONG_FILE_BUDGET.convertPerAccount],
      [`song-files:team:${actor.team.id}`, SONG_FILE_BUDGET.convertPerTeam],
    ]);
  }

  /** Counts a library file to import, against the team's budget of imports. */
  async import(actor: TeamActor, bytes: number) {
    await this.charge(bytes, [
      [`song-imports:team:${actor.team.id}`, SONG_FILE_BUDGET.importPerTeam],
    ]);
  }

  private async charge(bytes: number, budgets: [key: string, limit: number][]) {
    const amount = Math.max(bytes, SONG_FILE_BUDGET.minimumBytes);
    const decisions = await Promise.all(
      budgets.map(([key, limit]) =>
        this.limiter.hit(key, limit, SONG_FILE_BUDGET.windowMs, amount),
      ),
    );
    const spent = decisions.filter((decision) => !decision.allowed);
    if (spent.length === 0) return;
    // A refused file is not read: its bytes go back to every budget it was counted in.
    await Promise.all(budgets.map(([key]) => this.limiter.release(key, amount)));
    const wait = Math.max(...spent.map((decision) => decision.retryAfterSeconds));
    throw new TooManyRequestsError(SONG_FILE_BUDGET_TEXT, wait);
  }
}
