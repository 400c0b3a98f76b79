import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ACCOUNT_SETTINGS_TEXTS,
  AccountSchema,
  BackupCodesAnswerSchema,
  ChangeEmailInputSchema,
  ChangePasswordInputSchema,
  DeleteAccountInputSchema,
  LinkInputSchema,
  MfaStatusSchema,
  RecoveryCompleteInputSchema,
  RecoveryRequestInputSchema,
  SessionInfoSchema,
  TotpConfirmInputSchema,
  TotpDisableInputSchema,
  TotpSetupAnswerSchema,
  TotpSetupInputSchema,
  UpdateNameInputSchema,
  UpdatePhoneInputSchema,
} from '@segue/shared';
import type { AppContext } from '../app-context.ts';
import { TooManyRequestsError } from '../lib/errors.ts';
import { requireAccount } from './request-auth.ts';

const Ok = z.object({ ok: z.literal(true) });
const Message = z.object({ message: z.string() });
const HOUR = 60 * 60 * 1000;

/** Account Settings and recovery: the rest of the account service's calls (spec section 7). */
export const accountSettingsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  const { settings, accounts } = ctx;
  const signedIn = { onRequest: requireAccount(ctx) };
  const limit = async (key: string, max: number) => {
    const decision = await ctx.limiter.hit(key, max, HOUR);
    if (!decision.allowed)
      throw new TooManyRequestsError(
        'Too many attempts. Please try again later.',
        decision.retryAfterSeconds,
      );
  };

  app.patch(
    '/account/name',
    { ...signedIn, schema: { body: UpdateNameInputSchema, response: { 200: AccountSchema } } },
    async (request) => {
      await settings.updateName(request.account!, request.body.name);
      return accounts.current({ ...request.account!, name: request.body.name });
    },
  );

  app.patch(
    '/account/phone',
    { ...signedIn, schema: { body: UpdatePhoneInputSchema, response: { 200: AccountSchema } } },
    async (request) => {
      await settings.updatePhone(request.account!, request.body.phone);
      return accounts.current({ ...request.account!, phone: request.body.phone });
    },
  );

  app.patch(
    '/account/email',
    { ...signedIn, schema: { body: ChangeEmailInputSchema, response: { 202: Message } } },
    async (request, reply) => {
      await limit(`email-change:${request.account!.userId}`, 10);
      await settings.requestEmailChange(
        request.account!,
        request.body.email,
        request.body.password,
      );
      return reply.code(202).send({ message: ACCOUNT_SETTINGS_TEXTS.emailChangeSent });
    },
  );

  app.put(
    '/account/email',
    { schema: { body: LinkInputSchema, response: { 200: Ok } } },
    async (request) => {
      await settings.confirmEmailChange(request.body.userId, request.body.secret);
      return { ok: true as const };
    },
  );

  app.patch(
    '/account/password',
    { ...signedIn, schema: { body: ChangePasswordInputSchema, response: { 200: Ok } } },
    async (request) => {
      await limit(`password-change:${request.account!.userId}`, 10);
      // signOutOthers is still accepted and no longer read: other sessions always end.
      const { oldPassword, password } = request.body;
      await settings.changePassword(request.account!, oldPassword, password);
      return { ok: true as const };
    },
  );

  app.post(
    '/account/recovery',
    { schema: { body: RecoveryRequestInputSchema, response: { 202: Message } } },
    async (request, reply) => {
      await limit(`recovery:ip:${request.ip}`, 20);
      await limit(`recovery:email:${request.body.email}`, 5);
      // Answered at once; the mail, if the address has an account, goes out after.
      settings.requestRecovery(request.body.email);
      return reply.code(202).send({ message: ACCOUNT_SETTINGS_TEXTS.recoverySent });
    },
  );

  app.put(
    '/account/recovery',
    { schema: { body: RecoveryCompleteInputSchema, response: { 200: Ok } } },
    async (request) => {
      await settings.completeRecovery(
        request.body.userId,
        request.body.secret,
        request.body.password,
      );
      return { ok: true as const };
    },
  );

  app.get(
    '/account/sessions',
    { ...signedIn, schema: { response: { 200: z.array(SessionInfoSchema) } } },
    (request) => settings.listSessions(request.account!),
  );

  app.delete('/account/sessions', signedIn, async (request, reply) => {
    await settings.signOutOtherSessions(request.account!);
    return reply.code(204).send();
  });

  app.delete(
    '/account/sessions/:sessionId',
    { ...signedIn, schema: { params: z.object({ sessionId: z.string().min(1).max(200) }) } },
    async (request, reply) => {
      await settings.signOutSession(request.account!, request.params.sessionId);
      return reply.code(204).send();
    },
  );

  app.get(
    '/account/mfa',
    { ...signedIn, schema: { response: { 200: MfaStatusSchema } } },
    (request) => settings.mfaStatus(request.account!),
  );

  app.post(
    '/account/mfa/authenticators/totp',
    {
      ...signedIn,
      schema: { body: TotpSetupInputSchema, response: { 201: TotpSetupAnswerSchema } },
    },
    async (request, reply) =>
      reply.code(201).send(await settings.startTotp(request.account!, request.body.password)),
  );

  app.put(
    '/account/mfa/authenticators/totp',
    {
      ...signedIn,
      schema: { body: TotpConfirmInputSchema, response: { 200: BackupCodesAnswerSchema } },
    },
    async (request) => {
      await limit(`mfa-confirm:${request.account!.userId}`, 20);
      return settings.confirmTotp(request.account!, request.body.otp);
    },
  );

  app.delete(
    '/account/mfa/authenticators/totp',
    { ...signedIn, schema: { body: TotpDisableInputSchema } },
    async (request, reply) => {
      await limit(`mfa-disable:${request.account!.userId}`, 20);
      await settings.disableTotp(request.account!, request.body);
      return reply.code(204).send();
    },
  );

  app.delete(
    '/account',
    { ...signedIn, schema: { body: DeleteAccountInputSchema } },
    async (request, reply) => {
      await settings.deleteAccount(request.account!, request.body.email);
      return reply.code(204).send();
    },
  );
};
