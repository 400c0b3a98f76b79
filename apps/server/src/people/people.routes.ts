import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BlockoutInputSchema,
  BlockoutSchema,
  MemberPositionsSchema,
  MyPositionsInputSchema,
  MyPositionsSchema,
  TeamBlockoutSchema,
  TeamBlockoutsQuerySchema,
} from '@segue/shared';
import type { AppContext } from '../app-context.ts';
import { actorOf, onTeam, teamActorOf } from '../policy/http.ts';

const IdParamsSchema = z.object({ id: z.string().min(1).max(200) });

/**
 * People and availability (docs/DECISIONS.md, "People, availability and confirmed
 * assignments"): `GET`/`PUT /teams/{id}/members/me/positions` (what the caller plays),
 * `GET /teams/{id}/member-positions` (what everyone plays, for the setlist form),
 * `GET /teams/{id}/blockouts?from&to` (who is away), and the caller's own days away under
 * `/account/blockouts`.
 */
export const peopleRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { people } = ctx;
  const verified = { access: 'verified' } as const;

  app.get(
    '/teams/:id/members/me/positions',
    {
      config: { access: onTeam('viewTeam') },
      schema: { params: IdParamsSchema, response: { 200: MyPositionsSchema } },
    },
    (request) => people.myPositions(teamActorOf(request)),
  );

  app.put(
    '/teams/:id/members/me/positions',
    {
      config: { access: onTeam('setOwnPositions') },
      schema: {
        params: IdParamsSchema,
        body: MyPositionsInputSchema,
        response: { 200: MyPositionsSchema },
      },
    },
    (request) => people.setMyPositions(teamActorOf(request), request.body.positions),
  );

  app.get(
    '/teams/:id/member-positions',
    {
      config: { access: onTeam('viewTeam') },
      schema: { params: IdParamsSchema, response: { 200: z.array(MemberPositionsSchema) } },
    },
    (request) => people.memberPositions(teamActorOf(request)),
  );

  app.get(
    '/teams/:id/blockouts',
    {
      config: { access: onTeam('viewTeam') },
      schema: {
        params: IdParamsSchema,
        querystring: TeamBlockoutsQuerySchema,
        response: { 200: z.array(TeamBlockoutSchema) },
      },
    },
    (request) => people.teamBlockouts(teamActorOf(request), request.query),
  );

  app.get(
    '/account/blockouts',
    { config: verified, schema: { response: { 200: z.array(BlockoutSchema) } } },
    (request) => people.blockouts(actorOf(request)),
  );

  app.post(
    '/account/blockouts',
    {
      config: verified,
      schema: { body: BlockoutInputSchema, response: { 201: BlockoutSchema } },
    },
    async (request, reply) =>
      reply.code(201).send(await people.addBlockout(actorOf(request), request.body)),
  );

  app.delete(
    '/account/blockouts/:id',
    { config: verified, schema: { params: IdParamsSchema } },
    async (request, reply) => {
      await people.deleteBlockout(actorOf(request), request.params.id);
      return reply.code(204).send();
    },
  );
};
