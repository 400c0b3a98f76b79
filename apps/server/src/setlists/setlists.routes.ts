import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SetlistDetailsSchema, SetlistInputSchema, SetlistSchema } from '@segue/shared';
import { requireVerifiedAccount } from '../accounts/request-auth.ts';
import type { AppContext } from '../app-context.ts';
import { sendJsonBytes } from '../lib/plain-json.ts';

const SetlistParamsSchema = z.object({ id: z.string().min(1).max(200) });

/** The spec's `/setlist` rows, scoped to the team in `X-Team-ID`. Any member may plan. */
export const setlistsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { setlists } = ctx;
  app.addHook('onRequest', requireVerifiedAccount(ctx));

  app.get('/setlist', { schema: { response: { 200: z.array(SetlistSchema) } } }, (request) =>
    setlists.list(request.account!, request),
  );

  app.get(
    '/setlist/:id',
    { schema: { params: SetlistParamsSchema, response: { 200: SetlistDetailsSchema } } },
    async (request, reply) =>
      sendJsonBytes(reply, await setlists.get(request.account!, request, request.params.id)),
  );

  app.post(
    '/setlist',
    { schema: { body: SetlistInputSchema, response: { 201: SetlistSchema } } },
    async (request, reply) =>
      reply.code(201).send(await setlists.create(request.account!, request, request.body)),
  );

  app.put(
    '/setlist/:id',
    {
      schema: {
        params: SetlistParamsSchema,
        body: SetlistInputSchema,
        response: { 200: SetlistSchema },
      },
    },
    (request) => setlists.update(request.account!, request, request.params.id, request.body),
  );

  app.delete(
    '/setlist/:id',
    { schema: { params: SetlistParamsSchema } },
    async (request, reply) => {
      await setlists.delete(request.account!, request, request.params.id);
      return reply.code(204).send();
    },
  );
};
