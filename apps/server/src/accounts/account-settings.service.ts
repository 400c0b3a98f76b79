import { randomBytes } from 'node:crypto';
import { and, eq, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { ACCOUNT_SETTINGS_TEXTS, SERVER_ERRORS } from '@segue/shared';
import type { SessionInfo } from '@segue/shared';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { account, session, team, twoFactor, user, verification } from '../db/schema.ts';
import {
  ConflictError,
  ForbiddenError,
  HttpError,
  NotFoundError,
  ValidationError,
} from '../lib/errors.ts';
import type { MailQueue } from '../lib/mail-queue.ts';
import type { Auth } from './auth.ts';
import { assertPasswordNotCommon } from './password-policy.ts';
import type { AuthenticatedAccount, SessionResolver } from './sessions.ts';
import {
  hashBackupCode,
  matchTotp,
  newBackupCodes,
  newTotpSecret,
  openSecret,
  otpauthUri,
  sealSecret,
} from './totp.ts';

const HOUR = 60 * 60 * 1000;

/*
 * Link secrets are part of a verification row's identifier, which better-auth stores
 * hashed: a row is found by its purpose only through its value. These values name the
 * account, so its outstanding links can be voided.
 */
const passwordResetValue = (userId: string) => `password-reset:${userId}`;
/** Keys in this order: the voiding below matches on the text up to the e-mail. */
const emailChangeValue = (userId: string, email: string) => JSON.stringify({ userId, email });
const emailChangePrefix = (userId: string) => `{"userId":${JSON.stringify(userId)},`;

/** Links an account may have outstanding, voided when its password or second factor changes. */
type LinkKind = 'password-reset' | 'email-change';

export const AUTH_SECRET_CHANGED_MESSAGE =
  'A two-factor secret cannot be decrypted: AUTH_SECRET has changed since this account set up two-factor authentication. Its authenticator codes are refused; its backup codes still work. Restore the old AUTH_SECRET, or turn two-factor off for the account with `npm run admin -w @segue/server -- reset-2fa <email>` (docs/DEPLOYMENT.md).';

/** The account's own settings: profile, e-mail, password, recovery, sessions, two-factor, deletion. */
export class AccountSettingsService {
  constructor(
    private readonly deps: {
      db: Db;
      auth: Auth;
      mailer: MailQueue;
      sessions: SessionResolver;
      config: Config;
      log: { error(obj: unknown, msg: string): void };
    },
  ) {}

  async updateName(me: AuthenticatedAccount, name: string) {
    await this.deps.db
      .update(user)
      .set({ name, updatedAt: new Date() })
      .where(eq(user.id, me.userId));
    await this.deps.sessions.forgetUser(me.userId);
  }

  async updatePhone(me: AuthenticatedAccount, phone: string) {
    await this.deps.db
      .update(user)
      .set({ phone, updatedAt: new Date() })
      .where(eq(user.id, me.userId));
    await this.deps.sessions.forgetUser(me.userId);
  }

  /** Sends a confirmation link to the new address; the change waits for it. The old address is told. */
  async requestEmailChange(me: AuthenticatedAccount, email: string, password: string) {
    await this.checkPassword(me.userId, password);
    if (email === me.email) throw new ValidationError(ACCOUNT_SETTINGS_TEXTS.sameEmail);
    if (await this.emailTaken(email)) throw new ConflictError(SERVER_ERRORS.emailTaken);
    const secret = await this.issue(
      `email-change:${me.userId}`,
      emailChangeValue(me.userId, email),
      24 * HOUR,
    );
    const link = `${this.deps.config.appUrl}/confirm-email?${new URLSearchParams({ userId: me.userId, secret })}`;
    // The person waits for this one: if it cannot be sent, they are told (502).
    await this.send({
      to: email,
      subject: 'Confirm your new email for Segue',
      link,
      text: `Open this link to make ${email} the address of your Segue account (it works once, within 24 hours):\n${link}\n\nIf you did not ask for this, ignore this mail.`,
    });
    // The notice to the old address is retried in the background until it goes out.
    this.deps.mailer.enqueue({
      to: me.email,
      subject: 'Your Segue email address is being changed',
      text: `Someone signed in to your Segue account asked to change its email address to ${email}. If this was not you, change your password now.`,
    });
  }

  async confirmEmailChange(userId: string, secret: string) {
    const row = await this.consume(`email-change:${userId}`, secret);
    const { email } = JSON.parse(row.value) as { email: string };
    if (await this.emailTaken(email)) throw new ConflictError(SERVER_ERRORS.emailTaken);
    await this.deps.db
      .update(user)
      .set({ email, emailVerified: true, updatedAt: new Date() })
      .where(eq(user.id, userId));
    await this.deps.sessions.forgetUser(userId);
  }

  /**
   * Sets a new password after checking the current one. Every other session ends and
   * outstanding reset and e-mail change links are voided: whoever knew the old
   * password, or read the mailbox, is shut out.
   */
  async changePassword(me: AuthenticatedAccount, oldPassword: string, password: string) {
    await this.checkPassword(me.userId, oldPassword);
    assertPasswordNotCommon(password);
    await this.setPassword(me.userId, password);
    await this.signOutSessions(me.userId, me.sessionId);
    await this.voidLinks(me.userId, ['password-reset', 'email-change']);
  }

  /**
   * Mails a reset link when the address has an account. The lookup, the link and the
   * mail happen after the answer, so the answer and its timing are the same for every
   * address, whether or not the mail goes out.
   */
  requestRecovery(email: string) {
    this.deps.mailer.defer('password reset mail', async () => {
      const [found] = await this.deps.db
        .select({ id: user.id })
        .from(user)
        .where(eq(user.email, email));
      if (!found) return;
      const secret = await this.issue(
        `password-reset:${found.id}`,
        passwordResetValue(found.id),
        HOUR,
      );
      const link = `${this.deps.config.appUrl}/reset-password?${new URLSearchParams({ userId: found.id, secret })}`;
      this.deps.mailer.enqueue({
        to: email,
        subject: 'Reset your Segue password',
        link,
        text: `Open this link to choose a new password (it works once, within an hour):\n${link}\n\nIf you did not ask for this, ignore this mail.`,
      });
    });
  }

  /** Sets the new password, signs out every session and voids the account's other links. */
  async completeRecovery(userId: string, secret: string, password: string) {
    assertPasswordNotCommon(password);
    const row = await this.consume(`password-reset:${userId}`, secret);
    // Links from before the value named their purpose are refused (they lived an hour).
    if (row.value !== passwordResetValue(userId)) {
      throw new ValidationError(ACCOUNT_SETTINGS_TEXTS.linkInvalid);
    }
    await this.setPassword(userId, password);
    await this.signOutSessions(userId, null);
    await this.voidLinks(userId, ['password-reset', 'email-change']);
  }

  async listSessions(me: AuthenticatedAccount): Promise<SessionInfo[]> {
    const rows = await this.deps.db
      .select()
      .from(session)
      .where(eq(session.userId, me.userId))
      .orderBy(session.updatedAt);
    return rows
      .filter((r) => r.expiresAt.getTime() > Date.now())
      .reverse()
      .map((r) => ({
        $id: r.id,
        current: r.id === me.sessionId,
        userAgent: r.userAgent ?? '',
        ip: r.ipAddress ?? '',
        createdAt: r.createdAt.toISOString(),
        lastActiveAt: r.updatedAt.toISOString(),
        expiresAt: r.expiresAt.toISOString(),
      }));
  }

  async signOutSession(me: AuthenticatedAccount, sessionId: string) {
    const rows = await this.deps.db
      .delete(session)
      .where(and(eq(session.id, sessionId), eq(session.userId, me.userId)))
      .returning({ token: session.token });
    if (rows.length === 0) throw new NotFoundError(ACCOUNT_SETTINGS_TEXTS.sessionNotFound);
    await Promise.all(rows.map((r) => this.deps.sessions.forget(r.token)));
  }

  async signOutOtherSessions(me: AuthenticatedAccount) {
    await this.signOutSessions(me.userId, me.sessionId);
  }

  async mfaStatus(me: AuthenticatedAccount) {
    const row = await this.twoFactorOf(me.userId);
    return {
      totp: Boolean(row?.enabledAt),
      backupCodesLeft: row?.enabledAt ? row.backupCodes.length : 0,
    };
  }

  /** Starts setting up an authenticator: a new secret, not active until a code confirms it. */
  async startTotp(me: AuthenticatedAccount, password: string) {
    await this.checkPassword(me.userId, password);
    const existing = await this.twoFactorOf(me.userId);
    if (existing?.enabledAt) throw new ConflictError(ACCOUNT_SETTINGS_TEXTS.mfaAlreadyOn);
    const secret = newTotpSecret();
    const sealed = sealSecret(secret, this.deps.config.authSecret);
    await this.deps.db
      .insert(twoFactor)
      .values({ userId: me.userId, secret: sealed, backupCodes: [], enabledAt: null })
      .onConflictDoUpdate({
        target: twoFactor.userId,
        set: { secret: sealed, backupCodes: [], enabledAt: null, lastTotpStep: null },
      });
    return { secret, uri: otpauthUri(secret, me.email) };
  }

  /**
   * A correct code turns two-factor on and yields ten backup codes, shown once. The
   * code is used up, every other session ends and outstanding reset links are voided:
   * from now on, getting in takes the second factor.
   */
  async confirmTotp(me: AuthenticatedAccount, otp: string) {
    const row = await this.twoFactorOf(me.userId);
    if (!row) throw new ValidationError(ACCOUNT_SETTINGS_TEXTS.mfaNotStarted);
    if (row.enabledAt) throw new ConflictError(ACCOUNT_SETTINGS_TEXTS.mfaAlreadyOn);
    const secret = this.openTotpSecret(row);
    const step = secret === null ? null : matchTotp(secret, otp.trim());
    if (step === null) throw new ValidationError(ACCOUNT_SETTINGS_TEXTS.mfaInvalid);
    const codes = newBackupCodes();
    const enabled = await this.deps.db
      .update(twoFactor)
      .set({ enabledAt: new Date(), backupCodes: codes.map(hashBackupCode), lastTotpStep: step })
      .where(
        and(
          eq(twoFactor.userId, me.userId),
          // Not enabled meanwhile, nor set up again with another secret.
          isNull(twoFactor.enabledAt),
          eq(twoFactor.secret, row.secret),
          or(isNull(twoFactor.lastTotpStep), lt(twoFactor.lastTotpStep, step)),
        ),
      )
      .returning({ userId: twoFactor.userId });
    if (enabled.length === 0) {
      if ((await this.twoFactorOf(me.userId))?.enabledAt) {
        throw new ConflictError(ACCOUNT_SETTINGS_TEXTS.mfaAlreadyOn);
      }
      throw new ValidationError(ACCOUNT_SETTINGS_TEXTS.mfaInvalid);
    }
    await this.signOutSessions(me.userId, me.sessionId);
    await this.voidLinks(me.userId, ['password-reset']);
    return { backupCodes: codes };
  }

  async disableTotp(
    me: AuthenticatedAccount,
    proof: { otp?: string | undefined; password?: string | undefined },
  ) {
    const row = await this.twoFactorOf(me.userId);
    if (!row?.enabledAt) throw new ValidationError(ACCOUNT_SETTINGS_TEXTS.mfaOff);
    if (proof.otp) {
      if (!(await this.checkSecondFactor(me.userId, proof.otp))) {
        throw new ValidationError(ACCOUNT_SETTINGS_TEXTS.mfaInvalid);
      }
    } else {
      await this.checkPassword(me.userId, proof.password ?? '');
    }
    await this.deps.db.delete(twoFactor).where(eq(twoFactor.userId, me.userId));
  }

  /** Whether the account needs a second factor to log in. */
  async requiresSecondFactor(userId: string): Promise<boolean> {
    return Boolean((await this.twoFactorOf(userId))?.enabledAt);
  }

  /**
   * A current authenticator code not accepted before, or an unused backup code; either
   * is then used up. Two logins racing on one code: only one wins.
   */
  async checkSecondFactor(userId: string, code: string): Promise<boolean> {
    const row = await this.twoFactorOf(userId);
    if (!row?.enabledAt) return false;
    const secret = this.openTotpSecret(row);
    const step = secret === null ? null : matchTotp(secret, code.trim());
    if (step !== null) {
      // Accepted only if its step is later than the last one accepted, in one statement.
      const accepted = await this.deps.db
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
    const hash = hashBackupCode(code);
    if (!row.backupCodes.includes(hash)) return false;
    const left = row.backupCodes.filter((c) => c !== hash);
    const updated = await this.deps.db
      .update(twoFactor)
      .set({ backupCodes: left })
      .where(and(eq(twoFactor.userId, userId), eq(twoFactor.backupCodes, row.backupCodes)))
      .returning({ userId: twoFactor.userId });
    // Two logins racing on one backup code: only one wins.
    return updated.length > 0;
  }

  /**
   * Turns two-factor off for the account of an address and ends all its sessions: the
   * way back in when AUTH_SECRET was lost (src/admin.ts). Null when no account has it.
   */
  async resetTwoFactor(email: string) {
    const [found] = await this.deps.db
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, email.trim().toLowerCase()));
    if (!found) return null;
    const removed = await this.deps.db
      .delete(twoFactor)
      .where(eq(twoFactor.userId, found.id))
      .returning({ enabledAt: twoFactor.enabledAt });
    const sessionsEnded = await this.signOutSessions(found.id, null);
    return {
      userId: found.id,
      hadTwoFactor: removed.some((r) => r.enabledAt !== null),
      sessionsEnded,
    };
  }

  /** Deletes the account after the typed e-mail matches; refused while it owns a team. */
  async deleteAccount(me: AuthenticatedAccount, typedEmail: string) {
    if (typedEmail !== me.email)
      throw new ValidationError(ACCOUNT_SETTINGS_TEXTS.confirmEmailMismatch);
    const owned = await this.deps.db
      .select({ name: team.name })
      .from(team)
      .where(eq(team.createdBy, me.userId));
    if (owned.length > 0)
      throw new ConflictError(ACCOUNT_SETTINGS_TEXTS.ownsTeams(owned.map((t) => t.name)));
    // Sessions, memberships, requests and two-factor rows cascade; songs and setlists stay with their teams.
    await this.deps.db.delete(user).where(eq(user.id, me.userId));
    await this.deps.sessions.forgetUser(me.userId);
  }

  private async twoFactorOf(userId: string) {
    const [row] = await this.deps.db.select().from(twoFactor).where(eq(twoFactor.userId, userId));
    return row ?? null;
  }

  /**
   * The account's TOTP secret, or null when it cannot be decrypted: AUTH_SECRET is not
   * the one it was sealed with. That is logged each time, and the code counts as wrong.
   */
  private openTotpSecret(row: { userId: string; secret: string }): string | null {
    try {
      return openSecret(row.secret, this.deps.config.authSecret);
    } catch (error) {
      this.deps.log.error({ err: error, userId: row.userId }, AUTH_SECRET_CHANGED_MESSAGE);
      return null;
    }
  }

  private async checkPassword(userId: string, password: string) {
    const [row] = await this.deps.db
      .select({ hash: account.password })
      .from(account)
      .where(and(eq(account.userId, userId), eq(account.providerId, 'credential')));
    const ctx = await this.deps.auth.$context;
    const ok = row?.hash ? await ctx.password.verify({ hash: row.hash, password }) : false;
    // 403, not 401: the session is fine, the password is not (clients retry 401s with a fresh token).
    if (!ok) throw new ForbiddenError(ACCOUNT_SETTINGS_TEXTS.wrongPassword, 'wrong_password');
  }

  private async setPassword(userId: string, password: string) {
    const ctx = await this.deps.auth.$context;
    const hash = await ctx.password.hash(password);
    await this.deps.db
      .update(account)
      .set({ password: hash, updatedAt: new Date() })
      .where(and(eq(account.userId, userId), eq(account.providerId, 'credential')));
  }

  /** Ends the account's sessions but one (or all) and answers how many ended. */
  private async signOutSessions(userId: string, keepSessionId: string | null) {
    const where = keepSessionId
      ? and(eq(session.userId, userId), ne(session.id, keepSessionId))
      : eq(session.userId, userId);
    const rows = await this.deps.db
      .delete(session)
      .where(where)
      .returning({ token: session.token });
    await Promise.all(rows.map((r) => this.deps.sessions.forget(r.token)));
    return rows.length;
  }

  private async voidLinks(userId: string, kinds: LinkKind[]) {
    const matches = kinds.map((kind) =>
      kind === 'password-reset'
        ? eq(verification.value, passwordResetValue(userId))
        : sql`starts_with(${verification.value}, ${emailChangePrefix(userId)})`,
    );
    await this.deps.db.delete(verification).where(or(...matches));
  }

  private async emailTaken(email: string) {
    const [row] = await this.deps.db
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, email));
    return Boolean(row);
  }

  /** A single-use secret for a link, stored hashed by better-auth's verification table. */
  private async issue(purpose: string, value: string, ttlMs: number): Promise<string> {
    const ctx = await this.deps.auth.$context;
    const secret = randomBytes(32).toString('base64url');
    await ctx.internalAdapter.createVerificationValue({
      identifier: `${purpose}:${secret}`,
      value,
      expiresAt: new Date(Date.now() + ttlMs),
    });
    return secret;
  }

  private async consume(purpose: string, secret: string) {
    const ctx = await this.deps.auth.$context;
    const row = await ctx.internalAdapter.consumeVerificationValue(`${purpose}:${secret}`);
    if (!row) throw new ValidationError(ACCOUNT_SETTINGS_TEXTS.linkInvalid);
    return row;
  }

  private async send(mail: { to: string; subject: string; text: string; link?: string }) {
    try {
      await this.deps.mailer.send(mail);
    } catch (error) {
      this.deps.log.error({ err: error, to: mail.to }, 'could not send a mail');
      throw new HttpError(502, SERVER_ERRORS.mailFailed);
    }
  }
}
