import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TEAM_IMAGE, TEAM_IMAGE_TEXTS } from '@segue/shared';
import type { AppContext } from '../app-context.ts';
import { readBytes } from '../lib/read-bytes.ts';
import { onTeam, teamActorOf } from '../policy/http.ts';

const TeamParamsSchema = z.object({ id: z.string().min(1).max(200) });

/**
 * The team's image: `GET /teams/{id}/image` (members: the bytes, with their media type),
 * `PUT` (admins: the file's bytes as the body) and `DELETE` (admins).
 */
export const teamImageRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const images = ctx.teamImages;

  // In this plugin only: a body is the file's bytes, whatever its content type.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', readBytes(TEAM_IMAGE.maxBytes, TEAM_IMAGE_TEXTS.tooLarge));

  app.get(
    '/teams/:id/image',
    { config: { access: onTeam('viewTeam') }, schema: { params: TeamParamsSchema } },
    async (request, reply) => {
      const image = await images.get(teamActorOf(request));
      return (
        reply
          .header('content-type', image.mediaType)
          // Only the team's members may see it: no shared cache keeps it.
          .header('cache-control', 'private, no-cache')
          .header('last-modified', image.updatedAt.toUTCString())
          .header('x-content-type-options', 'nosniff')
          .send(image.bytes)
      );
    },
  );

  app.put(
    '/teams/:id/image',
    {
      // Past the limit by a little, so the parser says the limit in words, not a bare 413.
      bodyLimit: TEAM_IMAGE.maxBytes + 64 * 1024,
      config: { access: onTeam('editTeam') },
      schema: {
        params: TeamParamsSchema,
        response: { 200: z.object({ mediaType: z.string() }) },
      },
    },
    (request) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      return images.put(teamActorOf(request), body);
    },
  );

  app.delete(
    '/teams/:id/image',
    { config: { access: onTeam('editTeam') }, schema: { params: TeamParamsSchema } },
    async (request, reply) => {
      await images.remove(teamActorOf(request));
      return reply.code(204).send();
    },
  );
};
