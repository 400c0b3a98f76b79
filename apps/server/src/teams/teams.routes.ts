import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AddMemberAnswerSchema,
  AddMemberInputSchema,
  MessageAnswerSchema,
  PersonSchema,
  RoleInputSchema,
  TeamDetailsSchema,
  TeamInputSchema,
  TeamSchema,
  TeamSearchQuerySchema,
  TeamSearchResultSchema,
  TransferOwnershipInputSchema,
  UserIdInputSchema,
} from '@segue/shared';
import { requireVerifiedAccount } from '../accounts/request-auth.ts';
import type { AppContext } from '../app-context.ts';

const TeamParamsSchema = z.object({ id: z.string().min(1).max(200) });

/** The spec's `/teams` rows. Every route needs a verified account; the service decides the rest. */
export const teamsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { teams } = ctx;
  app.addHook('onRequest', requireVerifiedAccount(ctx));

  app.get('/teams', { schema: { response: { 200: z.array(TeamSchema) } } }, (request) =>
    teams.list(request.account!),
  );

  app.get(
    '/teams/search',
    {
      schema: {
        querystring: TeamSearchQuerySchema,
        response: { 200: z.array(TeamSearchResultSchema) },
      },
    },
    (request) => teams.search(request.account!, request.query.q),
  );

  app.post(
    '/teams',
    { schema: { body: TeamInputSchema, response: { 201: TeamSchema } } },
    async (request, reply) =>
      reply.code(201).send(await teams.create(request.account!, request.body)),
  );

  app.get(
    '/teams/:id',
    { schema: { params: TeamParamsSchema, response: { 200: TeamDetailsSchema } } },
    (request) => teams.get(request.account!, request.params.id),
  );

  app.put(
    '/teams/:id',
    { schema: { params: TeamParamsSchema, body: TeamInputSchema, response: { 200: TeamSchema } } },
    (request) => teams.update(request.account!, request.params.id, request.body),
  );

  app.delete('/teams/:id', { schema: { params: TeamParamsSchema } }, async (request, reply) => {
    await teams.delete(request.account!, request.params.id);
    return reply.code(204).send();
  });

  app.post(
    '/teams/:id/request',
    { schema: { params: TeamParamsSchema, response: { 201: MessageAnswerSchema } } },
    async (request, reply) =>
      reply.code(201).send(await teams.requestToJoin(request.account!, request.params.id)),
  );

  app.get(
    '/teams/:id/requests',
    { schema: { params: TeamParamsSchema, response: { 200: z.array(PersonSchema) } } },
    (request) => teams.requests(request.account!, request.params.id),
  );

  app.post(
    '/teams/:id/approve',
    {
      schema: {
        params: TeamParamsSchema,
        body: UserIdInputSchema,
        response: { 200: MessageAnswerSchema },
      },
    },
    (request) => teams.approve(request.account!, request.params.id, request.body.userId),
  );

  app.post(
    '/teams/:id/deny',
    {
      schema: {
        params: TeamParamsSchema,
        body: UserIdInputSchema,
        response: { 200: MessageAnswerSchema },
      },
    },
    (request) => teams.deny(request.account!, request.params.id, request.body.userId),
  );

  app.post(
    '/teams/:id/add',
    {
      schema: {
        params: TeamParamsSchema,
        body: AddMemberInputSchema,
        response: { 201: AddMemberAnswerSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await teams.addByEmail(request.account!, request.params.id, request.body.email)),
  );

  app.put(
    '/teams/:id/role',
    { schema: { params: TeamParamsSchema, body: RoleInputSchema, response: { 200: TeamSchema } } },
    (request) =>
      teams.setRole(request.account!, request.params.id, request.body.userId, request.body.role),
  );

  app.delete(
    '/teams/:id/member',
    {
      schema: { params: TeamParamsSchema, body: UserIdInputSchema, response: { 200: TeamSchema } },
    },
    (request) => teams.removeMember(request.account!, request.params.id, request.body.userId),
  );

  app.post(
    '/teams/:id/transfer-ownership',
    {
      schema: {
        params: TeamParamsSchema,
        body: TransferOwnershipInputSchema,
        response: { 200: TeamSchema },
      },
    },
    (request) =>
      teams.transferOwnership(request.account!, request.params.id, request.body.newOwnerId),
  );

  app.post(
    '/teams/:id/leave',
    { schema: { params: TeamParamsSchema, response: { 200: MessageAnswerSchema } } },
    (request) => teams.leave(request.account!, request.params.id),
  );
};
