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
import { actorOf } from '../policy/http.ts';
import { requestMeta } from './request-auth.ts';

const OkSchema = z.object({ ok: z.literal(true) });

/** The account service's calls (spec section 7), served by Segue itself. */
export const accountsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { accounts, sessions } = ctx;

  app.post(
    '/account',
    {
      config: { access: 'public' },
      schema: { body: RegisterInputSchema, response: { 201: SessionAnswerSchema } },
    },
    async (request, reply) => {
      const result = await accounts.register(request.body, requestMeta(request));
      reply.header('set-cookie', result.setCookies);
      return reply.code(201).send({ user: result.account, jwt: result.jwt });
    },
  );

  app.get(
    '/account',
    { config: { access: 'account' }, schema: { response: { 200: AccountSchema } } },
    async (request) => accounts.current(actorOf(request)),
  );

  app.post(
    '/account/sessions/email',
    {
      config: { access: 'public' },
      schema: { body: LoginInputSchema, response: { 201: SessionAnswerSchema } },
    },
    async (request, reply) => {
      const result = await accounts.login(request.body, requestMeta(request));
      reply.header('set-cookie', result.setCookies);
      return reply.code(201).send({ user: result.account, jwt: result.jwt });
    },
  );

  app.delete(
    '/account/sessions/current',
    { config: { access: 'account' } },
    async (request, reply) => {
      const cookies = await accounts.logout(actorOf(request), requestMeta(request));
      if (cookies.length) reply.header('set-cookie', cookies);
      return reply.code(204).send();
    },
  );

  app.post(
    '/account/jwts',
    { config: { access: 'public' }, schema: { response: { 201: JwtAnswerSchema } } },
    async (request, reply) => {
      const jwt = await accounts.tokenFromCookie(requestMeta(request));
      return reply.code(201).send({ jwt });
    },
  );

  app.post(
    '/account/verification',
    {
      // Public: a signed-in account resends for itself, anyone else names an address.
      config: { access: 'public' },
      schema: { body: ResendVerificationInputSchema.nullish(), response: { 202: OkSchema } },
    },
    async (request, reply) => {
      // The session is optional here, so it is read as the route runs: none (or an
      // ended one) is the anonymous caller, not a 401.
      const actor = await sessions.resolveRequest(request);
      await accounts.resendVerification(actor, request.body, requestMeta(request));
      return reply.code(202).send({ ok: true as const });
    },
  );

  app.put(
    '/account/verification',
    {
      config: { access: 'public' },
      schema: { body: VerifyEmailInputSchema, response: { 200: OkSchema } },
    },
    async (request) => {
      await accounts.verifyEmail(request.body);
      return { ok: true as const };
    },
  );
};
