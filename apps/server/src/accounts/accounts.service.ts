import { randomBytes } from 'node:crypto';
import { isAPIError } from 'better-auth/api';
import { ACCOUNT_SETTINGS_TEXTS, ERROR_CODES, LIMITS, SERVER_ERRORS } from '@segue/shared';
import type {
  Account,
  Locale,
  LoginInput,
  RegisterInput,
  ResendVerificationInput,
  VerifyEmailInput,
} from '@segue/shared';
import type { Config } from '../config.ts';
import { mailLocale } from '../mails/mail-locale.ts';
import type { Actor } from '../policy/actor.ts';
import {
  ConflictError,
  ForbiddenError,
  HttpError,
  TooManyRequestsError,
  UnauthorizedError,
  ValidationError,
} from '../lib/errors.ts';
import type { MailQueue } from '../lib/mail-queue.ts';
import type { RateLimiter } from '../lib/rate-limit.ts';
import type { Auth } from './auth.ts';
import { presentAccount } from './accounts.presenter.ts';
import type { AccountsRepository } from './accounts.repository.ts';
import { assertPasswordNotCommon } from './password-policy.ts';
import type { SessionResolver } from './sessions.ts';
import { verificationMail } from './verification-mail.ts';

const HOUR = 60 * 60 * 1000;

/** Limits on attempts; each is counted per window of an hour. */
export const ATTEMPT_LIMITS = {
  failedLoginsPerAccount: 10,
  failedLoginsPerAddress: 30,
  registrationsPerAddress: 20,
  resendsPerAccount: 5,
  resendsPerAddress: 20,
} as const;

/** What a service is told of the HTTP request behind a call (request-auth.ts makes it). */
export interface RequestMeta {
  /** The caller's address, as the HTTP server resolved it (honouring TRUST_PROXY). */
  ip: string;
  /** Headers handed to better-auth (user agent, the caller's address, cookies). */
  headers: Headers;
  /** The language the request asks for (`Accept-Language`), for mails to the caller. */
  locale?: Locale;
}

export interface SessionResult {
  account: Account;
  jwt: string;
  /** Set-Cookie headers for the browser's session cookie. */
  setCookies: string[];
}

const verificationIdentifier = (userId: string, secret: string) =>
  `email-verification:${userId}:${secret}`;

/** What login asks of two-factor authentication (account-settings.service.ts answers). */
export interface SecondFactor {
  requiresSecondFactor(userId: string): Promise<boolean>;
  checkSecondFactor(userId: string, code: string): Promise<boolean>;
}

export class AccountsService {
  constructor(
    private readonly deps: {
      accounts: AccountsRepository;
      /** Required: a login never skips two-factor because it was not wired. */
      secondFactor: SecondFactor;
      auth: Auth;
      mailer: MailQueue;
      limiter: RateLimiter;
      sessions: SessionResolver;
      config: Config;
      log: { error(obj: unknown, msg: string): void };
      /** The ids of the teams an account belongs to (User.teams in the spec). */
      teamIdsOf: (userId: string) => Promise<string[]>;
    },
  ) {}

  async register(
    input: RegisterInput & { phone: string },
    meta: RequestMeta,
  ): Promise<SessionResult> {
    await this.count(`register:ip:${meta.ip}`, ATTEMPT_LIMITS.registrationsPerAddress);
    assertPasswordNotCommon(input.password);
    let result;
    try {
      result = await this.deps.auth.api.signUpEmail({
        body: {
          name: input.name,
          email: input.email,
          password: input.password,
          phone: input.phone,
        },
        headers: meta.headers,
        returnHeaders: true,
      });
    } catch (error) {
      throw this.translate(error, SERVER_ERRORS.registrationFailed);
    }
    const { response, headers } = result;
    if (!response.token) throw new HttpError(500, SERVER_ERRORS.internal);
    // One try before answering, so the mail is on its way while the person reads the
    // reminder; a failure is retried in the background and never fails the registration.
    await this.sendVerification(response.user.id, response.user.email, {
      locale: mailLocale(meta.locale),
    });
    return {
      account: presentAccount({ ...response.user, phone: input.phone }),
      jwt: response.token,
      setCookies: headers.getSetCookie(),
    };
  }

  async login(input: LoginInput, meta: RequestMeta): Promise<SessionResult> {
    const email = input.email.toLowerCase();
    const accountKey = `login-fail:account:${email}`;
    const addressKey = `login-fail:ip:${meta.ip}`;
    // Every attempt is counted before it is checked, atomically, so parallel guesses
    // cannot all slip in before the first failure is counted. A login that succeeds
    // gives its attempt back: the limits count failures.
    const taken = await Promise.all([
      this.deps.limiter.hit(accountKey, ATTEMPT_LIMITS.failedLoginsPerAccount, HOUR),
      this.deps.limiter.hit(addressKey, ATTEMPT_LIMITS.failedLoginsPerAddress, HOUR),
    ]);
    const refused = taken.find((decision) => !decision.allowed);
    if (refused) {
      throw new TooManyRequestsError(SERVER_ERRORS.tooManyAttempts, refused.retryAfterSeconds);
    }
    const giveBack = () =>
      Promise.all([this.deps.limiter.reset(accountKey), this.deps.limiter.release(addressKey)]);

    let result;
    try {
      result = await this.deps.auth.api.signInEmail({
        body: { email, password: input.password },
        headers: meta.headers,
        returnHeaders: true,
      });
    } catch (error) {
      if (isAPIError(error) && error.statusCode < 500) {
        throw new UnauthorizedError(SERVER_ERRORS.invalidCredentials);
      }
      throw error;
    }
    const { response, headers } = result;
    if (await this.deps.secondFactor.requiresSecondFactor(response.user.id)) {
      const code = input.otp?.trim();
      const passed = code
        ? await this.deps.secondFactor.checkSecondFactor(response.user.id, code)
        : false;
      if (!passed) {
        // No session without the second factor.
        await this.deps.accounts.deleteSessionByToken(response.token);
        // Asking for the code after a right password is no failure; a wrong code is one.
        if (!code) await giveBack();
        throw new HttpError(
          401,
          code ? ACCOUNT_SETTINGS_TEXTS.mfaInvalid : ACCOUNT_SETTINGS_TEXTS.mfaRequired,
          ERROR_CODES.mfaRequired,
        );
      }
    }
    await giveBack();
    if (!response.user.emailVerified) {
      // The spec's login does not complete for an unverified address: drop the new session.
      await this.deps.accounts.deleteSessionByToken(response.token);
      throw new ForbiddenError(SERVER_ERRORS.emailNotVerified, ERROR_CODES.emailNotVerified);
    }
    const extra = await this.deps.accounts.extraFieldsOf(response.user.id);
    return {
      account: presentAccount({ ...response.user, ...extra }),
      jwt: response.token,
      setCookies: headers.getSetCookie(),
    };
  }

  /** The signed-in account, with its teams. */
  async current(actor: Actor): Promise<Account> {
    return presentAccount({ ...actor, id: actor.userId }, await this.deps.teamIdsOf(actor.userId));
  }

  /** Ends the session of the bearer token, and the cookie session of this browser. */
  async logout(actor: Actor, meta: RequestMeta): Promise<string[]> {
    await this.deps.accounts.deleteSessionByToken(actor.token);
    await this.deps.sessions.forget(actor.token);
    try {
      const { headers } = await this.deps.auth.api.signOut({
        headers: meta.headers,
        returnHeaders: true,
      });
      return headers.getSetCookie();
    } catch {
      return [];
    }
  }

  /** A token for a new tab of a browser that still holds its session cookie. */
  async tokenFromCookie(meta: RequestMeta): Promise<string> {
    const current = await this.deps.auth.api.getSession({ headers: meta.headers });
    if (!current) throw new UnauthorizedError(SERVER_ERRORS.unauthorized);
    return current.session.token;
  }

  /**
   * Sends a fresh verification link. A signed-in account resends for itself and is
   * told (502) when the mail cannot be sent. Otherwise it goes to the given address,
   * answering alike, and as fast, whether or not it has an account and whether or not
   * the mail goes out: the lookup, the link and the mail happen after the answer.
   */
  async resendVerification(
    actor: Actor | null,
    input: ResendVerificationInput | null | undefined,
    meta: RequestMeta,
  ) {
    await this.count(`resend:ip:${meta.ip}`, ATTEMPT_LIMITS.resendsPerAddress);
    if (actor) {
      if (actor.emailVerified) throw new ConflictError(SERVER_ERRORS.alreadyVerified);
      await this.count(`resend:account:${actor.userId}`, ATTEMPT_LIMITS.resendsPerAccount);
      await this.sendVerification(actor.userId, actor.email, {
        throwOnFailure: true,
        locale: mailLocale(actor.locale, meta.locale),
      });
      return;
    }
    const email = input?.email;
    if (!email) throw new ValidationError('Email is required.');
    await this.count(`resend:account:${email}`, ATTEMPT_LIMITS.resendsPerAccount);
    this.deps.mailer.defer('verification mail', async () => {
      const found = await this.deps.accounts.findByEmail(email);
      if (!found || found.emailVerified) return;
      const { locale } = await this.deps.accounts.extraFieldsOf(found.id);
      await this.sendVerification(found.id, found.email, {
        locale: mailLocale(locale, meta.locale),
      });
    });
  }

  /** Consumes a mailed link: it works once and only before it expires. */
  async verifyEmail({ userId, secret }: VerifyEmailInput): Promise<void> {
    const ctx = await this.deps.auth.$context;
    const row = await ctx.internalAdapter.consumeVerificationValue(
      verificationIdentifier(userId, secret),
    );
    if (!row || row.value !== userId) throw new ValidationError(SERVER_ERRORS.verificationFailed);
    await this.deps.accounts.markEmailVerified(userId);
    await this.deps.sessions.forgetUser(userId);
  }

  /**
   * Makes a verification link and mails it. With `throwOnFailure`, one try and a
   * failure is a 502 for the caller; otherwise this waits for the first try only and
   * a failed mail is retried in the background (lib/mail-queue.ts).
   */
  private async sendVerification(
    userId: string,
    email: string,
    options: { throwOnFailure?: boolean; locale?: Locale } = {},
  ) {
    const ctx = await this.deps.auth.$context;
    const secret = randomBytes(32).toString('base64url');
    await ctx.internalAdapter.createVerificationValue({
      identifier: verificationIdentifier(userId, secret),
      value: userId,
      expiresAt: new Date(Date.now() + LIMITS.verificationLinkTtlMs),
    });
    const link = `${this.deps.config.appUrl}/verify?${new URLSearchParams({ userId, secret })}`;
    const mail = verificationMail(email, link, options.locale);
    if (!options.throwOnFailure) return this.deps.mailer.deliver(mail);
    try {
      await this.deps.mailer.send(mail);
    } catch (error) {
      this.deps.log.error({ err: error, to: email }, 'could not send the verification mail');
      throw new HttpError(502, SERVER_ERRORS.mailFailed);
    }
  }

  private async count(key: string, limit: number) {
    const decision = await this.deps.limiter.hit(key, limit, HOUR);
    if (!decision.allowed) {
      throw new TooManyRequestsError(SERVER_ERRORS.tooManyAttempts, decision.retryAfterSeconds);
    }
  }

  /** better-auth's errors in Segue's words. */
  private translate(error: unknown, fallback: string): Error {
    if (!isAPIError(error)) return error instanceof Error ? error : new Error(String(error));
    const code = (error.body as { code?: string } | undefined)?.code;
    if (code === 'USER_ALREADY_EXISTS' || code === 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL') {
      return new ConflictError(SERVER_ERRORS.emailTaken);
    }
    if (code === 'PASSWORD_TOO_SHORT') return new ValidationError(SERVER_ERRORS.passwordTooShort);
    if (code === 'PASSWORD_TOO_LONG') return new ValidationError(SERVER_ERRORS.passwordTooLong);
    if (code === 'INVALID_EMAIL') return new ValidationError(SERVER_ERRORS.invalidEmail);
    if (error.statusCode < 500) return new HttpError(error.statusCode, error.message || fallback);
    return error;
  }
}
