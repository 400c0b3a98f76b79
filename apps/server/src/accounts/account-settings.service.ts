import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import { ACCOUNT_SETTINGS_TEXTS, SERVER_ERRORS } from '@segue/shared';
import type {
  Account,
  ChangeEmailInputSchema,
  ChangePasswordInputSchema,
  DeleteAccountInputSchema,
  LinkInputSchema,
  MfaStatusSchema,
  RecoveryCompleteInputSchema,
  RecoveryRequestInputSchema,
  SessionInfo,
  TotpConfirmInputSchema,
  TotpDisableInputSchema,
  TotpSetupInputSchema,
  UpdateNameInputSchema,
  UpdatePhoneInputSchema,
  UpdateLocaleInput,
} from '@segue/shared';
import type { Config } from '../config.ts';
import {
  ConflictError,
  ForbiddenError,
  HttpError,
  NotFoundError,
  TooManyRequestsError,
  ValidationError,
} from '../lib/errors.ts';
import type { MailQueue } from '../lib/mail-queue.ts';
import type { RateLimiter } from '../lib/rate-limit.ts';
import { emailChangeMail, emailChangingMail, passwordResetMail } from '../mails/account-mails.ts';
import { mailLocale } from '../mails/mail-locale.ts';
import type { Actor } from '../policy/actor.ts';
import type { Auth } from './auth.ts';
import { presentAccount } from './accounts.presenter.ts';
import type { AccountsRepository } from './accounts.repository.ts';
import type { RequestMeta } from './accounts.service.ts';
import { assertPasswordNotCommon } from './password-policy.ts';
import type { SessionResolver } from './sessions.ts';
import type { TwoFactorRepository } from './two-factor.repository.ts';
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

/** Limits on attempts; each is counted per window of an hour. */
const SETTINGS_LIMITS = {
  emailChangesPerAccount: 10,
  passwordChangesPerAccount: 10,
  recoveriesPerAddress: 20,
  recoveriesPerEmail: 5,
  totpConfirmsPerAccount: 20,
  totpDisablesPerAccount: 20,
} as const;

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
      accounts: AccountsRepository;
      twoFactor: TwoFactorRepository;
      auth: Auth;
      mailer: MailQueue;
      limiter: RateLimiter;
      sessions: SessionResolver;
      config: Config;
      log: { error(obj: unknown, msg: string): void };
      /** The ids of the teams an account belongs to (User.teams in the spec). */
      teamIdsOf: (userId: string) => Promise<string[]>;
      /** The names of the teams an account owns (it may not be deleted while it owns one). */
      teamsOwnedBy: (userId: string) => Promise<string[]>;
    },
  ) {}

  /** Renames the account; answers it as it now is. */
  async updateName(me: Actor, { name }: z.infer<typeof UpdateNameInputSchema>): Promise<Account> {
    await this.deps.accounts.setName(me.userId, name);
    await this.deps.sessions.forgetUser(me.userId);
    return this.present({ ...me, name });
  }

  /** Sets the account's phone number; answers the account as it now is. */
  async updatePhone(
    me: Actor,
    { phone }: z.infer<typeof UpdatePhoneInputSchema>,
  ): Promise<Account> {
    await this.deps.accounts.setPhone(me.userId, phone);
    await this.deps.sessions.forgetUser(me.userId);
    return this.present({ ...me, phone });
  }

  /** Sets the account's interface language; answers the account as it now is. */
  async updateLocale(me: Actor, { locale }: UpdateLocaleInput): Promise<Account> {
    await this.deps.accounts.setLocale(me.userId, locale);
    await this.deps.sessions.forgetUser(me.userId);
    return this.present({ ...me, locale });
  }

  /**
   * Sends a confirmation link to the new address; the change waits for it. The old address is
   * told. Both mails in the account's language, else `requestLocale` (the request's).
   */
  async requestEmailChange(
    me: Actor,
    { email, password }: z.infer<typeof ChangeEmailInputSchema>,
    requestLocale?: string,
  ) {
    await this.count(`email-change:${me.userId}`, SETTINGS_LIMITS.emailChangesPerAccount);
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
    const locale = mailLocale(me.locale, requestLocale);
    await this.send(emailChangeMail(email, link, locale));
    // The notice to the old address is retried in the background until it goes out.
    this.deps.mailer.enqueue(emailChangingMail(me.email, email, locale));
  }

  /** Follows the link mailed to the new address: the account moves there, verified. */
  async confirmEmailChange({ userId, secret }: z.infer<typeof LinkInputSchema>) {
    const row = await this.consume(`email-change:${userId}`, secret);
    const { email } = JSON.parse(row.value) as { email: string };
    if (await this.emailTaken(email)) throw new ConflictError(SERVER_ERRORS.emailTaken);
    await this.deps.accounts.setVerifiedEmail(userId, email);
    await this.deps.sessions.forgetUser(userId);
  }

  /**
   * Sets a new password after checking the current one. Every other session ends and
   * outstanding reset and e-mail change links are voided: whoever knew the old
   * password, or read the mailbox, is shut out.
   */
  async changePassword(
    me: Actor,
    // signOutOthers is still accepted and no longer read: other sessions always end.
    { oldPassword, password }: z.infer<typeof ChangePasswordInputSchema>,
  ) {
    await this.count(`password-change:${me.userId}`, SETTINGS_LIMITS.passwordChangesPerAccount);
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
  async requestRecovery({ email }: z.infer<typeof RecoveryRequestInputSchema>, meta: RequestMeta) {
    await this.count(`recovery:ip:${meta.ip}`, SETTINGS_LIMITS.recoveriesPerAddress);
    await this.count(`recovery:email:${email}`, SETTINGS_LIMITS.recoveriesPerEmail);
    this.deps.mailer.defer('password reset mail', async () => {
      const found = await this.deps.accounts.findByEmail(email);
      if (!found) return;
      const secret = await this.issue(
        `password-reset:${found.id}`,
        passwordResetValue(found.id),
        HOUR,
      );
      const link = `${this.deps.config.appUrl}/reset-password?${new URLSearchParams({ userId: found.id, secret })}`;
      const { locale } = await this.deps.accounts.extraFieldsOf(found.id);
      this.deps.mailer.enqueue(passwordResetMail(email, link, mailLocale(locale, meta.locale)));
    });
  }

  /** Sets the new password, signs out every session and voids the account's other links. */
  async completeRecovery({
    userId,
    secret,
    password,
  }: z.infer<typeof RecoveryCompleteInputSchema>) {
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

  /** The account's live sessions, the most recently active first, this one marked. */
  async listSessions(me: Actor): Promise<SessionInfo[]> {
    const rows = await this.deps.accounts.sessionsOf(me.userId);
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

  /** Ends one of the account's sessions; another account's is not found. */
  async signOutSession(me: Actor, sessionId: string) {
    const tokens = await this.deps.accounts.deleteSessionOf(me.userId, sessionId);
    if (tokens.length === 0) throw new NotFoundError(ACCOUNT_SETTINGS_TEXTS.sessionNotFound);
    await Promise.all(tokens.map((token) => this.deps.sessions.forget(token)));
  }

  /** Ends every session of the account but this one. */
  async signOutOtherSessions(me: Actor) {
    await this.signOutSessions(me.userId, me.sessionId);
  }

  async mfaStatus(me: Actor): Promise<z.infer<typeof MfaStatusSchema>> {
    const row = await this.deps.twoFactor.find(me.userId);
    return {
      totp: Boolean(row?.enabledAt),
      backupCodesLeft: row?.enabledAt ? row.backupCodes.length : 0,
    };
  }

  /** Starts setting up an authenticator: a new secret, not active until a code confirms it. */
  async startTotp(me: Actor, { password }: z.infer<typeof TotpSetupInputSchema>) {
    await this.checkPassword(me.userId, password);
    const existing = await this.deps.twoFactor.find(me.userId);
    if (existing?.enabledAt) throw new ConflictError(ACCOUNT_SETTINGS_TEXTS.mfaAlreadyOn);
    const secret = newTotpSecret();
    await this.deps.twoFactor.startSetup(
      me.userId,
      sealSecret(secret, this.deps.config.authSecret),
    );
    return { secret, uri: otpauthUri(secret, me.email) };
  }

  /**
   * A correct code turns two-factor on and yields ten backup codes, shown once. The
   * code is used up, every other session ends and outstanding reset links are voided:
   * from now on, getting in takes the second factor.
   */
  async confirmTotp(me: Actor, { otp }: z.infer<typeof TotpConfirmInputSchema>) {
    await this.count(`mfa-confirm:${me.userId}`, SETTINGS_LIMITS.totpConfirmsPerAccount);
    const row = await this.deps.twoFactor.find(me.userId);
    if (!row) throw new ValidationError(ACCOUNT_SETTINGS_TEXTS.mfaNotStarted);
    if (row.enabledAt) throw new ConflictError(ACCOUNT_SETTINGS_TEXTS.mfaAlreadyOn);
    const secret = this.openTotpSecret(row);
    const step = secret === null ? null : matchTotp(secret, otp.trim());
    if (step === null) throw new ValidationError(ACCOUNT_SETTINGS_TEXTS.mfaInvalid);
    const codes = newBackupCodes();
    const enabled = await this.deps.twoFactor.enable(me.userId, {
      // Not enabled meanwhile, nor set up again with another secret.
      sealedSecret: row.secret,
      step,
      backupCodeHashes: codes.map(hashBackupCode),
    });
    if (!enabled) {
      if ((await this.deps.twoFactor.find(me.userId))?.enabledAt) {
        throw new ConflictError(ACCOUNT_SETTINGS_TEXTS.mfaAlreadyOn);
      }
      throw new ValidationError(ACCOUNT_SETTINGS_TEXTS.mfaInvalid);
    }
    await this.signOutSessions(me.userId, me.sessionId);
    await this.voidLinks(me.userId, ['password-reset']);
    return { backupCodes: codes };
  }

  /** Turns two-factor off, after a current code (or a backup code) or the password. */
  async disableTotp(me: Actor, proof: z.infer<typeof TotpDisableInputSchema>) {
    await this.count(`mfa-disable:${me.userId}`, SETTINGS_LIMITS.totpDisablesPerAccount);
    const row = await this.deps.twoFactor.find(me.userId);
    if (!row?.enabledAt) throw new ValidationError(ACCOUNT_SETTINGS_TEXTS.mfaOff);
    if (proof.otp) {
      if (!(await this.checkSecondFactor(me.userId, proof.otp))) {
        throw new ValidationError(ACCOUNT_SETTINGS_TEXTS.mfaInvalid);
      }
    } else {
      await this.checkPassword(me.userId, proof.password ?? '');
    }
    await this.deps.twoFactor.remove(me.userId);
  }

  /** Whether the account needs a second factor to log in. */
  async requiresSecondFactor(userId: string): Promise<boolean> {
    return Boolean((await this.deps.twoFactor.find(userId))?.enabledAt);
  }

  /**
   * A current authenticator code not accepted before, or an unused backup code; either
   * is then used up, each in one conditional statement: two logins racing on one code,
   * only one wins.
   */
  async checkSecondFactor(userId: string, code: string): Promise<boolean> {
    const row = await this.deps.twoFactor.find(userId);
    if (!row?.enabledAt) return false;
    const secret = this.openTotpSecret(row);
    const step = secret === null ? null : matchTotp(secret, code.trim());
    // A current authenticator code: accepted only if its step is later than the last one.
    if (step !== null) return this.deps.twoFactor.acceptTotpStep(userId, step);
    const hash = hashBackupCode(code);
    if (!row.backupCodes.includes(hash)) return false;
    return this.deps.twoFactor.useBackupCode(userId, hash);
  }

  /**
   * Turns two-factor off for the account of an address and ends all its sessions: the
   * way back in when AUTH_SECRET was lost (src/admin.ts). Null when no account has it.
   */
  async resetTwoFactor(email: string) {
    const found = await this.deps.accounts.findByEmail(email.trim());
    if (!found) return null;
    const { wasEnabled } = await this.deps.twoFactor.remove(found.id);
    const sessionsEnded = await this.signOutSessions(found.id, null);
    return { userId: found.id, hadTwoFactor: wasEnabled, sessionsEnded };
  }

  /** Deletes the account after the typed e-mail matches; refused while it owns a team. */
  async deleteAccount(me: Actor, { email: typedEmail }: z.infer<typeof DeleteAccountInputSchema>) {
    if (typedEmail !== me.email)
      throw new ValidationError(ACCOUNT_SETTINGS_TEXTS.confirmEmailMismatch);
    const owned = await this.deps.teamsOwnedBy(me.userId);
    if (owned.length > 0) throw new ConflictError(ACCOUNT_SETTINGS_TEXTS.ownsTeams(owned));
    // Sessions, memberships, requests and two-factor rows cascade; songs and setlists stay with their teams.
    await this.deps.accounts.delete(me.userId);
    await this.deps.sessions.forgetUser(me.userId);
  }

  /** The account as the API shows it, with its teams. */
  private async present(me: Actor): Promise<Account> {
    return presentAccount({ ...me, id: me.userId }, await this.deps.teamIdsOf(me.userId));
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
    const hash = await this.deps.accounts.passwordHashOf(userId);
    const ctx = await this.deps.auth.$context;
    const ok = hash ? await ctx.password.verify({ hash, password }) : false;
    // 403, not 401: the session is fine, the password is not (clients retry 401s with a fresh token).
    if (!ok) throw new ForbiddenError(ACCOUNT_SETTINGS_TEXTS.wrongPassword, 'wrong_password');
  }

  private async setPassword(userId: string, password: string) {
    const ctx = await this.deps.auth.$context;
    await this.deps.accounts.setPasswordHash(userId, await ctx.password.hash(password));
  }

  /**
   * Ends the account's sessions but one (or all), everywhere: caches and live sockets
   * on every instance let go of their tokens. Answers how many ended.
   */
  private async signOutSessions(userId: string, keepSessionId: string | null) {
    const tokens = await this.deps.accounts.deleteSessionsOf(userId, keepSessionId);
    await Promise.all(tokens.map((token) => this.deps.sessions.forget(token)));
    return tokens.length;
  }

  private async voidLinks(userId: string, kinds: LinkKind[]) {
    await this.deps.accounts.deleteLinks({
      values: kinds.includes('password-reset') ? [passwordResetValue(userId)] : [],
      valuePrefixes: kinds.includes('email-change') ? [emailChangePrefix(userId)] : [],
    });
  }

  private async emailTaken(email: string) {
    return (await this.deps.accounts.findByEmail(email)) !== null;
  }

  private async count(key: string, limit: number) {
    const decision = await this.deps.limiter.hit(key, limit, HOUR);
    if (!decision.allowed) {
      throw new TooManyRequestsError(SERVER_ERRORS.tooManyAttempts, decision.retryAfterSeconds);
    }
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
