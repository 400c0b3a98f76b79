import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AccountSchema,
  JwtAnswerSchema,
  LoginInputSchema,
  RegisterInputSchema,
  ResendVerificationInputSchema,
  SessionAnswerSchema,
  VerifyEmailInputSchema,
} from '@segue/shared';
import type { AppContext } from '../app-context.ts';
import { requestMeta, requireAccount } from './request-auth.ts';

const OkSchema = z.object({ ok: z.literal(true) });

/** The account service's calls (spec section 7), served by Segue itself. */
export const accountsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { accounts } = ctx;

  app.post(
    '/account',
    { schema: { body: RegisterInputSchema, response: { 201: SessionAnswerSchema } } },
    async (request, reply) => {
      const result = await accounts.register(request.body, requestMeta(request));
      reply.header('set-cookie', result.setCookies);
      return reply.code(201).send({ user: result.account, jwt: result.jwt });
    },
  );

  app.get(
    '/account',
    { onRequest: requireAccount(ctx), schema: { response: { 200: AccountSchema } } },
    async (request) => accounts.current(request.account!),
  );

  app.post(
    '/account/sessions/email',
    { schema: { body: LoginInputSchema, response: { 201: SessionAnswerSchema } } },
    async (request, reply) => {
      const result = await accounts.login(request.body, requestMeta(request));
      reply.header('set-cookie', result.setCookies);
      return reply.code(201).send({ user: result.account, jwt: result.jwt });
    },
  );

  app.delete(
    '/account/sessions/current',
    { onRequest: requireAccount(ctx) },
    async (request, reply) => {
      const cookies = await accounts.logout(request.account!, requestMeta(request));
      if (cookies.length) reply.header('set-cookie', cookies);
      return reply.code(204).send();
    },
  );

  app.post(
    '/account/jwts',
    { schema: { response: { 201: JwtAnswerSchema } } },
    async (request, reply) => {
      const jwt = await accounts.tokenFromCookie(requestMeta(request));
      return reply.code(201).send({ jwt });
    },
  );

  app.post(
    '/account/verification',
    { schema: { body: ResendVerificationInputSchema.nullish(), response: { 202: OkSchema } } },
    async (request, reply) => {
      const account = await ctx.sessions.resolveRequest(request);
      await accounts.resendVerification(account, request.body?.email, requestMeta(request));
      return reply.code(202).send({ ok: true as const });
    },
  );

  app.put(
    '/account/verification',
    { schema: { body: VerifyEmailInputSchema, response: { 200: OkSchema } } },
    async (request) => {
      await accounts.verifyEmail(request.body.userId, request.body.secret);
      return { ok: true as const };
    },
  );
};
