import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { twoFactor } from '../db/schema.ts';

export type TwoFactorRow = typeof twoFactor.$inferSelect;

/**
 * Where an account's second factor is kept: its sealed TOTP secret, the hashes of its
 * unused backup codes and the last time step accepted. Every use of a code is one
 * conditional UPDATE, so two requests racing on one code cannot both win.
 */
export class TwoFactorRepository {
  constructor(private readonly db: Db) {}

  /** The account's two-factor row (being set up or enabled), or null. */
  async find(userId: string): Promise<TwoFactorRow | null> {
    const [row] = await this.db
      .select()
      .from(twoFactor)
      .where(eq(twoFactor.userId, userId))
      .limit(1);
    return row ?? null;
  }

  /**
   * Starts (or starts over) setting up an authenticator: a new sealed secret, not
   * enabled, no backup codes, no step accepted yet.
   */
  async startSetup(userId: string, sealedSecret: string): Promise<void> {
    await this.db
      .insert(twoFactor)
      .values({ userId, secret: sealedSecret, backupCodes: [], enabledAt: null })
      .onConflictDoUpdate({
        target: twoFactor.userId,
        set: { secret: sealedSecret, backupCodes: [], enabledAt: null, lastTotpStep: null },
      });
  }

  /**
   * Enables two-factor with the code of `step` and the hashes of new backup codes,
   * only if the setup is still the one whose sealed secret the code was checked
   * against (not enabled meanwhile, nor begun again with another secret) and the step
   * is later than any accepted. Answers whether it did.
   */
  async enable(
    userId: string,
    setup: { sealedSecret: string; step: number; backupCodeHashes: string[] },
  ): Promise<boolean> {
    const enabled = await this.db
      .update(twoFactor)
      .set({
        enabledAt: new Date(),
        backupCodes: setup.backupCodeHashes,
        lastTotpStep: setup.step,
      })
      .where(
        and(
          eq(twoFactor.userId, userId),
          isNull(twoFactor.enabledAt),
          eq(twoFactor.secret, setup.sealedSecret),
          or(isNull(twoFactor.lastTotpStep), lt(twoFactor.lastTotpStep, setup.step)),
        ),
      )
      .returning({ userId: twoFactor.userId });
    return enabled.length > 0;
  }

  /**
   * Uses up an authenticator code of time step `step`: accepted only while two-factor
   * is on and the step is later than the last one accepted, in one statement, so a
   * code (or an earlier one) works once however many requests carry it.
   */
  async acceptTotpStep(userId: string, step: number): Promise<boolean> {
    const accepted = await this.db
      .update(twoFactor)
      .set({ lastTotpStep: step })
      .where(
        and(
          eq(twoFactor.userId, userId),
          isNotNull(twoFactor.enabledAt),
          or(isNull(twoFactor.lastTotpStep), lt(twoFactor.lastTotpStep, step)),
        ),
      )
      .returning({ userId: twoFactor.userId });
    return accepted.length > 0;
  }

  /**
   * Uses up the backup code of this hash: removes it from the account's codes only
   * while two-factor is on and the code is still there, in one statement. Of requests
   * racing on one code, the first to update the row wins; the others, re-checking the
   * row it left, find the code gone. Different codes used at once each succeed.
   */
  async useBackupCode(userId: string, codeHash: string): Promise<boolean> {
    const used = await this.db
      .update(twoFactor)
      .set({ backupCodes: sql`${twoFactor.backupCodes} - ${codeHash}::text` })
      .where(
        and(
          eq(twoFactor.userId, userId),
          isNotNull(twoFactor.enabledAt),
          sql`${twoFactor.backupCodes} @> jsonb_build_array(${codeHash}::text)`,
        ),
      )
      .returning({ userId: twoFactor.userId });
    return used.length > 0;
  }

  /**
   * Removes the account's second factor (enabled or half set up); answers whether it
   * was enabled.
   */
  async remove(userId: string): Promise<{ wasEnabled: boolean }> {
    const removed = await this.db
      .delete(twoFactor)
      .where(eq(twoFactor.userId, userId))
      .returning({ enabledAt: twoFactor.enabledAt });
    return { wasEnabled: removed.some((r) => r.enabledAt !== null) };
  }
}
