import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SongImportAnswerSchema,
  SongImportInputSchema,
  SongInputSchema,
  SongListQuerySchema,
  SongSchema,
  SongSummarySchema,
} from '@segue/shared';
import { requireVerifiedAccount } from '../accounts/request-auth.ts';
import type { AppContext } from '../app-context.ts';
import { sendJsonBytes } from '../lib/plain-json.ts';

const SongParamsSchema = z.object({ id: z.string().min(1).max(200) });

/** The spec's `/songs` rows, scoped to the team in `X-Team-ID`, plus the all-or-nothing import. */
export const songsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { songs } = ctx;
  app.addHook('onRequest', requireVerifiedAccount(ctx));

  app.get(
    '/songs',
    {
      schema: {
        querystring: SongListQuerySchema,
        response: { 200: z.array(z.union([SongSchema, SongSummarySchema])) },
      },
    },
    async (request, reply) => {
      const { body, total } = await songs.list(request.account!, request, request.query);
      // The answer stays the spec's plain array; the total of a paged search rides in a header.
      reply.header('x-total-count', String(total));
      return sendJsonBytes(reply, body);
    },
  );

  app.get(
    '/songs/:id',
    { schema: { params: SongParamsSchema, response: { 200: SongSchema } } },
    (request) => songs.get(request.account!, request, request.params.id),
  );

  app.post(
    '/songs',
    { schema: { body: SongInputSchema, response: { 201: SongSchema } } },
    async (request, reply) =>
      reply.code(201).send(await songs.create(request.account!, request, request.body)),
  );

  app.put(
    '/songs/:id',
    { schema: { params: SongParamsSchema, body: SongInputSchema, response: { 200: SongSchema } } },
    (request) => songs.update(request.account!, request, request.params.id, request.body),
  );

  app.delete('/songs/:id', { schema: { params: SongParamsSchema } }, async (request, reply) => {
    await songs.delete(request.account!, request, request.params.id);
    return reply.code(204).send();
  });

  app.post(
    '/songs/import',
    {
      bodyLimit: 32 * 1024 * 1024,
      // Only the creator may send a large body: refused before it is read.
      onRequest: async (request) => {
        await songs.assertCanImport(request.account!, request);
      },
      schema: { body: SongImportInputSchema, response: { 200: SongImportAnswerSchema } },
    },
    (request) => songs.import(request.account!, request, request.body.songs),
  );
};
