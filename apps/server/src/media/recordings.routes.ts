import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MEDIA_LIMITS,
  MEDIA_TEXTS,
  MediaMarksInputSchema,
  RecordingCreatedSchema,
  RecordingSchema,
  RecordingUploadQuerySchema,
  SongLinkInputSchema,
  SongLinkSchema,
  SongMediaSchema,
  TeamSongLinkSchema,
} from '@segue/shared';
import type { AppContext } from '../app-context.ts';
import { NotFoundError, ValidationError } from '../lib/errors.ts';
import { inTeam, teamActorOf } from '../policy/http.ts';
import { RangeNotSatisfiableError, type ByteRange } from './media-store.ts';

const IdParamsSchema = z.object({ id: z.string().min(1).max(200) });
/** A recording's or link's id: a UUID, so a malformed one is the missing one's 404. */
const UuidParamsSchema = z.object({ id: z.string().max(200) });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * One `bytes=` range of a `Range` header, given the object's size, or `undefined` to send the
 * whole object (no header, several ranges, or a unit other than bytes: HTTP lets a server answer
 * those with 200). Throws RangeNotSatisfiableError for a range that starts past the end.
 */
export function rangeOf(header: string | undefined, size: number): ByteRange | undefined {
  const match = header?.trim().match(/^bytes=(\d*)-(\d*)$/);
  if (!match) return undefined;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return undefined;
  if (first === '') {
    // The last N bytes.
    const suffix = Number(last);
    if (suffix === 0) throw new RangeNotSatisfiableError(size);
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? Infinity : Number(last);
  if (!Number.isSafeInteger(start) || end < start) return undefined;
  if (start >= size) throw new RangeNotSatisfiableError(size);
  return { start, end: Math.min(end, size - 1) };
}

/**
 * A song's recordings and links (docs/DECISIONS.md, "Recordings on a song"), scoped to the team
 * in `X-Team-ID` as the songs are: `GET /songs/{id}/media`, `POST /songs/{id}/media` (the file as
 * the body), `GET` and `DELETE /media/{id}`, `PUT /media/{id}/marks`, `POST /songs/{id}/links`
 * and `DELETE /links/{id}`.
 */
export const recordingsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  const recordings = ctx.recordings;

  // In this plugin only: a body that is not JSON is an upload, kept as the stream it arrives as.
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

  app.get(
    '/songs/links',
    {
      config: { access: inTeam('readLibrary') },
      schema: { response: { 200: z.array(TeamSongLinkSchema) } },
    },
    (request) => recordings.teamLinks(teamActorOf(request)),
  );

  app.get(
    '/songs/:id/media',
    {
      config: { access: inTeam('readLibrary') },
      schema: { params: IdParamsSchema, response: { 200: SongMediaSchema } },
    },
    (request) => recordings.list(teamActorOf(request), request.params.id),
  );

  app.post(
    '/songs/:id/media',
    {
      bodyLimit: MEDIA_LIMITS.maxFileBytes + 1024 * 1024,
      config: { access: inTeam('editSongs') },
      schema: {
        params: IdParamsSchema,
        querystring: RecordingUploadQuerySchema,
        response: { 201: RecordingCreatedSchema },
      },
    },
    async (request, reply) => {
      const body = request.body;
      // A JSON or text body was parsed as such: it is not a recording.
      if (!(body instanceof Readable)) throw new ValidationError(MEDIA_TEXTS.wrongType);
      const length = Number(request.headers['content-length']);
      const recording = await recordings.upload(teamActorOf(request), request.params.id, {
        body,
        declaredSize: Number.isSafeInteger(length) && length >= 0 ? length : undefined,
        name: request.query.name,
      });
      const { id, name, type, size, durationMs } = recording;
      return reply.code(201).send({ id, name, type, size, durationMs });
    },
  );

  app.get(
    '/media/:id',
    {
      config: { access: inTeam('readLibrary') },
      schema: { params: UuidParamsSchema },
    },
    async (request, reply) => {
      const actor = teamActorOf(request);
      const id = request.params.id;
      if (!UUID.test(id)) throw new NotFoundError(MEDIA_TEXTS.recordingNotFound);
      const { row, info } = await recordings.info(actor, id);
      reply
        .header('accept-ranges', 'bytes')
        .header('etag', info.etag)
        // Only the team's members may hear it: no shared cache keeps it.
        .header('cache-control', 'private, no-cache')
        .header('x-content-type-options', 'nosniff');
      if (request.headers['if-none-match'] === info.etag) return reply.code(304).send();
      let range: ByteRange | undefined;
      try {
        // A Range under If-Range applies only while the recording is the one validated.
        const ifRange = request.headers['if-range'];
        if (ifRange === undefined || ifRange === info.etag) {
          range = rangeOf(request.headers.range, info.size);
        }
      } catch (error) {
        if (!(error instanceof RangeNotSatisfiableError)) throw error;
        return reply.code(416).header('content-range', `bytes */${info.size}`).send();
      }
      // Read once and checked once: the bytes are the row's just read.
      const object = await recordings.read(row, range);
      reply.header('content-type', object.contentType).header('content-length', object.length);
      if (range) {
        const end = range.start + object.length - 1;
        reply.code(206).header('content-range', `bytes ${range.start}-${end}/${object.size}`);
      }
      return reply.send(object.body);
    },
  );

  app.delete(
    '/media/:id',
    { config: { access: inTeam('editSongs') }, schema: { params: UuidParamsSchema } },
    async (request, reply) => {
      const id = request.params.id;
      if (!UUID.test(id)) throw new NotFoundError(MEDIA_TEXTS.recordingNotFound);
      await recordings.remove(teamActorOf(request), id);
      return reply.code(204).send();
    },
  );

  app.put(
    '/media/:id/marks',
    {
      config: { access: inTeam('editSongs') },
      schema: {
        params: UuidParamsSchema,
        body: MediaMarksInputSchema,
        response: { 200: RecordingSchema },
      },
    },
    async (request) => {
      const id = request.params.id;
      if (!UUID.test(id)) throw new NotFoundError(MEDIA_TEXTS.recordingNotFound);
      return recordings.setMarks(teamActorOf(request), id, request.body);
    },
  );

  app.post(
    '/songs/:id/links',
    {
      config: { access: inTeam('editSongs') },
      schema: {
        params: IdParamsSchema,
        body: SongLinkInputSchema,
        response: { 201: SongLinkSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await recordings.addLink(teamActorOf(request), request.params.id, request.body)),
  );

  app.delete(
    '/links/:id',
    { config: { access: inTeam('editSongs') }, schema: { params: UuidParamsSchema } },
    async (request, reply) => {
      const id = request.params.id;
      if (!UUID.test(id)) throw new NotFoundError(MEDIA_TEXTS.linkNotFound);
      await recordings.removeLink(teamActorOf(request), id);
      return reply.code(204).send();
    },
  );
};
