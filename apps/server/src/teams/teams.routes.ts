import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AddMemberAnswerSchema,
  AddMemberInputSchema,
  MessageAnswerSchema,
  PersonSchema,
  RoleInputSchema,
  TeamDetailsSchema,
  TeamEditorsInputSchema,
  TeamListeningInputSchema,
  TeamInputSchema,
  TeamSchema,
  TeamSearchQuerySchema,
  TeamSearchResultSchema,
  TransferOwnershipInputSchema,
  UserIdInputSchema,
} from '@segue/shared';
import type { AppContext } from '../app-context.ts';
import { requestLocale } from '../mails/mail-locale.ts';
import { actorOf, onTeam, teamActorOf } from '../policy/http.ts';

const TeamParamsSchema = z.object({ id: z.string().min(1).max(200) });

/** The spec's `/teams` rows: each names the caller it needs, and the policy's action for a team's. */
export const teamsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { teams } = ctx;
  const verified = { access: 'verified' } as const;

  app.get(
    '/teams',
    { config: verified, schema: { response: { 200: z.array(TeamSchema) } } },
    (request) => teams.list(actorOf(request)),
  );

  app.get(
    '/teams/search',
    {
      config: verified,
      schema: {
        querystring: TeamSearchQuerySchema,
        response: { 200: z.array(TeamSearchResultSchema) },
      },
    },
    (request) => teams.search(actorOf(request), request.query.q),
  );

  app.post(
    '/teams',
    {
      config: verified,
      schema: { body: TeamInputSchema, response: { 201: TeamSchema } },
    },
    async (request, reply) =>
      reply.code(201).send(await teams.create(actorOf(request), request.body)),
  );

  app.get(
    '/teams/:id',
    {
      config: { access: onTeam('viewTeam') },
      schema: { params: TeamParamsSchema, response: { 200: TeamDetailsSchema } },
    },
    (request) => teams.get(teamActorOf(request)),
  );

  app.put(
    '/teams/:id',
    {
      config: { access: onTeam('editTeam') },
      schema: { params: TeamParamsSchema, body: TeamInputSchema, response: { 200: TeamSchema } },
    },
    (request) => teams.update(teamActorOf(request), request.body),
  );

  app.put(
    '/teams/:id/editors',
    {
      config: { access: onTeam('setEditors') },
      schema: {
        params: TeamParamsSchema,
        body: TeamEditorsInputSchema,
        response: { 200: TeamSchema },
      },
    },
    (request) => teams.setEditors(teamActorOf(request), request.body),
  );

  app.put(
    '/teams/:id/listening',
    {
      config: { access: onTeam('setListening') },
      schema: {
        params: TeamParamsSchema,
        body: TeamListeningInputSchema,
        response: { 200: TeamSchema },
      },
    },
    (request) => teams.setListening(teamActorOf(request), request.body),
  );

  app.delete(
    '/teams/:id',
    { config: { access: onTeam('deleteTeam') }, schema: { params: TeamParamsSchema } },
    async (request, reply) => {
      await teams.delete(teamActorOf(request));
      return reply.code(204).send();
    },
  );

  app.post(
    '/teams/:id/request',
    {
      config: verified,
      schema: { params: TeamParamsSchema, response: { 201: MessageAnswerSchema } },
    },
    async (request, reply) =>
      reply.code(201).send(await teams.requestToJoin(actorOf(request), request.params.id)),
  );

  app.get(
    '/teams/:id/requests',
    {
      config: { access: onTeam('reviewJoinRequests') },
      schema: { params: TeamParamsSchema, response: { 200: z.array(PersonSchema) } },
    },
    (request) => teams.requests(teamActorOf(request)),
  );

  app.post(
    '/teams/:id/approve',
    {
      config: { access: onTeam('reviewJoinRequests') },
      schema: {
        params: TeamParamsSchema,
        body: UserIdInputSchema,
        response: { 200: MessageAnswerSchema },
      },
    },
    (request) => teams.approve(teamActorOf(request), request.body.userId),
  );

  app.post(
    '/teams/:id/deny',
    {
      config: { access: onTeam('reviewJoinRequests') },
      schema: {
        params: TeamParamsSchema,
        body: UserIdInputSchema,
        response: { 200: MessageAnswerSchema },
      },
    },
    (request) => teams.deny(teamActorOf(request), request.body.userId),
  );

  app.post(
    '/teams/:id/add',
    {
      config: { access: onTeam('manageMembers') },
      schema: {
        params: TeamParamsSchema,
        body: AddMemberInputSchema,
        response: { 201: AddMemberAnswerSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await teams.addByEmail(teamActorOf(request), request.body.email, requestLocale(request)),
        ),
  );

  app.put(
    '/teams/:id/role',
    {
      config: { access: onTeam('manageMembers') },
      schema: { params: TeamParamsSchema, body: RoleInputSchema, response: { 200: TeamSchema } },
    },
    (request) => teams.setRole(teamActorOf(request), request.body),
  );

  app.delete(
    '/teams/:id/member',
    {
      config: { access: onTeam('manageMembers') },
      schema: { params: TeamParamsSchema, body: UserIdInputSchema, response: { 200: TeamSchema } },
    },
    (request) => teams.removeMember(teamActorOf(request), request.body.userId),
  );

  app.post(
    '/teams/:id/transfer-ownership',
    {
      config: { access: onTeam('transferOwnership') },
      schema: {
        params: TeamParamsSchema,
        body: TransferOwnershipInputSchema,
        response: { 200: TeamSchema },
      },
    },
    (request) => teams.transferOwnership(teamActorOf(request), request.body.newOwnerId),
  );

  app.post(
    '/teams/:id/leave',
    {
      config: { access: onTeam('leaveTeam') },
      schema: { params: TeamParamsSchema, response: { 200: MessageAnswerSchema } },
    },
    (request) => teams.leave(teamActorOf(request)),
  );
};
