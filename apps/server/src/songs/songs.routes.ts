import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SongImportAnswerSchema,
  SongInputSchema,
  SongListQuerySchema,
  SongSchema,
  SongSummarySchema,
} from '@segue/shared';
import type { AppContext } from '../app-context.ts';
import { sendJsonBytes } from '../lib/plain-json.ts';
import { inTeam, teamActorOf } from '../policy/http.ts';

const SongParamsSchema = z.object({ id: z.string().min(1).max(200) });

/** The spec's `/songs` rows, scoped to the team in `X-Team-ID`, plus the all-or-nothing import. */
export const songsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { songs } = ctx;
  app.get(
    '/songs',
    {
      config: { access: inTeam('readLibrary') },
      schema: {
        querystring: SongListQuerySchema,
        response: { 200: z.array(z.union([SongSchema, SongSummarySchema])) },
      },
    },
    async (request, reply) => {
      const { body, total } = await songs.list(teamActorOf(request), request.query);
      // The answer stays the spec's plain array; the total of a paged search rides in a header.
      reply.header('x-total-count', String(total));
      return sendJsonBytes(reply, body);
    },
  );

  app.get(
    '/songs/:id',
    {
      config: { access: inTeam('readLibrary') },
      schema: { params: SongParamsSchema, response: { 200: SongSchema } },
    },
    (request) => songs.get(teamActorOf(request), request.params.id),
  );

  app.post(
    '/songs',
    {
      config: { access: inTeam('editLibrary') },
      schema: { body: SongInputSchema, response: { 201: SongSchema } },
    },
    async (request, reply) =>
      reply.code(201).send(await songs.create(teamActorOf(request), request.body)),
  );

  app.put(
    '/songs/:id',
    {
      config: { access: inTeam('editSongs') },
      schema: { params: SongParamsSchema, body: SongInputSchema, response: { 200: SongSchema } },
    },
    (request) => songs.update(teamActorOf(request), request.params.id, request.body),
  );

  // Into the team's trash, and out of it (docs/DECISIONS.md, "Trash").
  app.delete(
    '/songs/:id',
    { config: { access: inTeam('deleteSongs') }, schema: { params: SongParamsSchema } },
    async (request, reply) => {
      await songs.delete(teamActorOf(request), request.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    '/songs/:id/restore',
    {
      config: { access: inTeam('deleteSongs') },
      schema: { params: SongParamsSchema, response: { 200: SongSchema } },
    },
    (request) => songs.restore(teamActorOf(request), request.params.id),
  );

  // The import's body is read as bytes and parsed in a worker thread with the songs' checks
  // (SongFileReader): a 32 MB library file would otherwise hold the event loop for a second.
  await app.register(async (scoped) => {
    scoped.removeAllContentTypeParsers();
    scoped.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer' },
      (_request, body: Buffer, done) => done(null, body),
    );
    scoped.post(
      '/songs/import',
      {
        bodyLimit: 32 * 1024 * 1024,
        // Only the creator may send a large body: access is refused before it is read.
        config: { access: inTeam('importLibrary') },
        // The body is SongImportInputSchema's, checked by the worker.
        schema: { response: { 200: SongImportAnswerSchema } },
      },
      (request) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        return songs.import(teamActorOf(request), body);
      },
    );
  });
};
