import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  KeepKeyInputSchema,
  SetlistDetailsSchema,
  SetlistInputSchema,
  SetlistSchema,
} from '@segue/shared';
import type { AppContext } from '../app-context.ts';
import { sendJsonBytes } from '../lib/plain-json.ts';
import { inTeam, teamActorOf } from '../policy/http.ts';

const SetlistParamsSchema = z.object({ id: z.string().min(1).max(200) });

/**
 * The spec's `/setlist` rows, scoped to the team in `X-Team-ID`. Any member may plan; who may
 * change and delete is the team's setting.
 */
export const setlistsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { setlists } = ctx;
  app.get(
    '/setlist',
    {
      config: { access: inTeam('readSetlists') },
      schema: { response: { 200: z.array(SetlistSchema) } },
    },
    (request) => setlists.list(teamActorOf(request)),
  );

  app.get(
    '/setlist/:id',
    {
      config: { access: inTeam('readSetlists') },
      schema: { params: SetlistParamsSchema, response: { 200: SetlistDetailsSchema } },
    },
    async (request, reply) =>
      sendJsonBytes(reply, await setlists.get(teamActorOf(request), request.params.id)),
  );

  app.post(
    '/setlist',
    {
      config: { access: inTeam('planSetlists') },
      schema: { body: SetlistInputSchema, response: { 201: SetlistSchema } },
    },
    async (request, reply) =>
      reply.code(201).send(await setlists.create(teamActorOf(request), request.body)),
  );

  app.put(
    '/setlist/:id',
    {
      config: { access: inTeam('editSetlists') },
      schema: {
        params: SetlistParamsSchema,
        body: SetlistInputSchema,
        response: { 200: SetlistSchema },
      },
    },
    (request) => setlists.update(teamActorOf(request), request.params.id, request.body),
  );

  // A key played live becomes the plan: an edit of the setlist like any other.
  app.put(
    '/setlist/:id/key',
    {
      config: { access: inTeam('editSetlists') },
      schema: {
        params: SetlistParamsSchema,
        body: KeepKeyInputSchema,
        response: { 200: SetlistSchema },
      },
    },
    (request) => setlists.keepKey(teamActorOf(request), request.params.id, request.body),
  );

  // Into the team's trash, and out of it (docs/DECISIONS.md, "Trash").
  app.delete(
    '/setlist/:id',
    { config: { access: inTeam('deleteSetlists') }, schema: { params: SetlistParamsSchema } },
    async (request, reply) => {
      await setlists.delete(teamActorOf(request), request.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    '/setlist/:id/restore',
    {
      config: { access: inTeam('deleteSetlists') },
      schema: { params: SetlistParamsSchema, response: { 200: SetlistSchema } },
    },
    (request) => setlists.restore(teamActorOf(request), request.params.id),
  );
};
