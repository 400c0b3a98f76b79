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
  UpdateLocaleInputSchema,
} from '@segue/shared';
import type { AppContext } from '../app-context.ts';
import { requestLocale } from '../mails/mail-locale.ts';
import { actorOf } from '../policy/http.ts';
import { chordViewDefaultRoutes } from './chord-view-default.routes.ts';
import { requestMeta } from './request-auth.ts';

const Ok = z.object({ ok: z.literal(true) });
const Message = z.object({ message: z.string() });

/**
 * Account Settings and recovery: the rest of the account service's calls (spec section 7).
 * An account's own calls take any signed-in account, verified or not; the links mailed
 * for recovery and e-mail change are followed signed out.
 */
export const accountSettingsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  const { settings } = ctx;

  // The account's chord-view default: an Account Settings section of its own.
  await app.register(chordViewDefaultRoutes, { ctx });

  app.patch(
    '/account/name',
    {
      config: { access: 'account' },
      schema: { body: UpdateNameInputSchema, response: { 200: AccountSchema } },
    },
    async (request) => settings.updateName(actorOf(request), request.body),
  );

  app.patch(
    '/account/phone',
    {
      config: { access: 'account' },
      schema: { body: UpdatePhoneInputSchema, response: { 200: AccountSchema } },
    },
    async (request) => settings.updatePhone(actorOf(request), request.body),
  );

  // The interface's language, kept with the account so a new device starts in it.
  app.put(
    '/account/locale',
    {
      config: { access: 'account' },
      schema: { body: UpdateLocaleInputSchema, response: { 200: AccountSchema } },
    },
    async (request) => settings.updateLocale(actorOf(request), request.body),
  );

  app.patch(
    '/account/email',
    {
      config: { access: 'account' },
      schema: { body: ChangeEmailInputSchema, response: { 202: Message } },
    },
    async (request, reply) => {
      await settings.requestEmailChange(actorOf(request), request.body, requestLocale(request));
      return reply.code(202).send({ message: ACCOUNT_SETTINGS_TEXTS.emailChangeSent });
    },
  );

  app.put(
    '/account/email',
    { config: { access: 'public' }, schema: { body: LinkInputSchema, response: { 200: Ok } } },
    async (request) => {
      await settings.confirmEmailChange(request.body);
      return { ok: true as const };
    },
  );

  app.patch(
    '/account/password',
    {
      config: { access: 'account' },
      schema: { body: ChangePasswordInputSchema, response: { 200: Ok } },
    },
    async (request) => {
      await settings.changePassword(actorOf(request), request.body);
      return { ok: true as const };
    },
  );

  app.post(
    '/account/recovery',
    {
      config: { access: 'public' },
      schema: { body: RecoveryRequestInputSchema, response: { 202: Message } },
    },
    async (request, reply) => {
      // Answered at once; the mail, if the address has an account, goes out after.
      await settings.requestRecovery(request.body, requestMeta(request));
      return reply.code(202).send({ message: ACCOUNT_SETTINGS_TEXTS.recoverySent });
    },
  );

  app.put(
    '/account/recovery',
    {
      config: { access: 'public' },
      schema: { body: RecoveryCompleteInputSchema, response: { 200: Ok } },
    },
    async (request) => {
      await settings.completeRecovery(request.body);
      return { ok: true as const };
    },
  );

  app.get(
    '/account/sessions',
    {
      config: { access: 'account' },
      schema: { response: { 200: z.array(SessionInfoSchema) } },
    },
    (request) => settings.listSessions(actorOf(request)),
  );

  app.delete('/account/sessions', { config: { access: 'account' } }, async (request, reply) => {
    await settings.signOutOtherSessions(actorOf(request));
    return reply.code(204).send();
  });

  app.delete(
    '/account/sessions/:sessionId',
    {
      config: { access: 'account' },
      schema: { params: z.object({ sessionId: z.string().min(1).max(200) }) },
    },
    async (request, reply) => {
      await settings.signOutSession(actorOf(request), request.params.sessionId);
      return reply.code(204).send();
    },
  );

  app.get(
    '/account/mfa',
    { config: { access: 'account' }, schema: { response: { 200: MfaStatusSchema } } },
    (request) => settings.mfaStatus(actorOf(request)),
  );

  app.post(
    '/account/mfa/authenticators/totp',
    {
      config: { access: 'account' },
      schema: { body: TotpSetupInputSchema, response: { 201: TotpSetupAnswerSchema } },
    },
    async (request, reply) =>
      reply.code(201).send(await settings.startTotp(actorOf(request), request.body)),
  );

  app.put(
    '/account/mfa/authenticators/totp',
    {
      config: { access: 'account' },
      schema: { body: TotpConfirmInputSchema, response: { 200: BackupCodesAnswerSchema } },
    },
    async (request) => settings.confirmTotp(actorOf(request), request.body),
  );

  app.delete(
    '/account/mfa/authenticators/totp',
    { config: { access: 'account' }, schema: { body: TotpDisableInputSchema } },
    async (request, reply) => {
      await settings.disableTotp(actorOf(request), request.body);
      return reply.code(204).send();
    },
  );

  app.delete(
    '/account',
    { config: { access: 'account' }, schema: { body: DeleteAccountInputSchema } },
    async (request, reply) => {
      await settings.deleteAccount(actorOf(request), request.body);
      return reply.code(204).send();
    },
  );
};
