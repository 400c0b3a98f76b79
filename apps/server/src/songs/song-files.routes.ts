import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SongFileConvertAnswerSchema } from '@segue/shared';
import { EXPORT_FORMATS, fileStem, type ExportFormat } from '@segue/shared/formats';
import type { AppContext } from '../app-context.ts';
import { attachment } from '../lib/attachment.ts';
import { readBytes } from '../lib/read-bytes.ts';
import { inTeam, teamActorOf } from '../policy/http.ts';
import { sendJsonBytes } from '../lib/plain-json.ts';
import { SONG_FILE_MAX_BYTES, SONG_FILE_TEXTS } from './song-files.service.ts';

const EXPORT_FORMAT_NAMES = Object.keys(EXPORT_FORMATS) as [ExportFormat, ...ExportFormat[]];
const FORMAT_MESSAGE = 'Export as chordpro, openlyrics, text or json.';
const ZIP_FORMAT_MESSAGE = 'A library zip holds chordpro or openlyrics files.';

const ConvertQuerySchema = z.object({ filename: z.string().max(255).default('') });
const ExportParamsSchema = z.object({ id: z.string().min(1).max(200) });
const ExportQuerySchema = z.object({
  format: z.enum([...EXPORT_FORMAT_NAMES, 'json'], { error: FORMAT_MESSAGE }).default('chordpro'),
});
const LibraryExportQuerySchema = z.object({
  format: z.enum(['chordpro', 'openlyrics'], { error: ZIP_FORMAT_MESSAGE }).default('chordpro'),
});

/**
 * Song files in and out: `POST /songs/convert` reads a file of any format Segue knows into
 * songs without saving them; `GET /songs/{id}/export` and `GET /songs/export` write a song, or
 * the library as a zip, in ChordPro, OpenLyrics or plain text.
 */
export const songFilesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const files = ctx.songFiles;

  // In this plugin only: every body is the file's bytes, whatever its content type.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', readBytes(SONG_FILE_MAX_BYTES, SONG_FILE_TEXTS.tooLarge));

  app.post(
    '/songs/convert',
    {
      bodyLimit: SONG_FILE_MAX_BYTES + 1024 * 1024,
      config: { access: inTeam('editLibrary') },
      // The worker that read the file wrote the answer's JSON by this schema.
      schema: { querystring: ConvertQuerySchema, response: { 200: SongFileConvertAnswerSchema } },
    },
    async (request, reply) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const json = await files.convert(teamActorOf(request), body, request.query.filename);
      return sendJsonBytes(reply, Buffer.from(json.buffer, json.byteOffset, json.byteLength));
    },
  );

  app.get(
    '/songs/export',
    {
      config: { access: inTeam('readLibrary') },
      schema: { querystring: LibraryExportQuerySchema },
    },
    async (request, reply) => {
      const { zip, filename } = await files.exportLibrary(
        teamActorOf(request),
        request.query.format,
      );
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', attachment(filename))
        .send(zip);
    },
  );

  app.get(
    '/songs/:id/export',
    {
      config: { access: inTeam('readLibrary') },
      schema: { params: ExportParamsSchema, querystring: ExportQuerySchema },
    },
    async (request, reply) => {
      const actor = teamActorOf(request);
      const { format } = request.query;
      if (format === 'json') {
        const song = await ctx.songs.get(actor, request.params.id);
        const file = {
          exportedAt: new Date().toISOString(),
          teamId: actor.team.id,
          teamName: actor.team.name,
          songs: [song],
        };
        return reply
          .header('content-type', 'application/json; charset=utf-8')
          .header('content-disposition', attachment(`${fileStem(song.title)}.json`))
          .send(JSON.stringify(file, null, 2));
      }
      const file = await files.exportSong(actor, request.params.id, format);
      return reply
        .header('content-type', file.mediaType)
        .header('content-disposition', attachment(file.filename))
        .send(file.text);
    },
  );
};
