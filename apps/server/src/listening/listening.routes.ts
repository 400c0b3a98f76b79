import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SetlistListeningSchema } from '@segue/shared';
import type { AppContext } from '../app-context.ts';
import { inTeam, teamActorOf } from '../policy/http.ts';

const IdParamsSchema = z.object({ id: z.string().min(1).max(200) });

/**
 * Who has listened (docs/DECISIONS.md, "Who has listened"), scoped to the team in `X-Team-ID`:
 * `POST /songs/{id}/listened` (a member played one of the song's recordings) and
 * `GET /setlist/{id}/listening` (for the set's leaders). The team's setting is
 * `PUT /teams/{id}/listening`, with the team's other settings.
 */
export const listeningRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/songs/:id/listened',
    {
      config: { access: inTeam('readLibrary') },
      schema: {
        params: IdParamsSchema,
        response: { 200: z.object({ kept: z.boolean() }) },
      },
    },
    (request) => ctx.listening.played(teamActorOf(request), request.params.id),
  );

  app.get(
    '/setlist/:id/listening',
    {
      config: { access: inTeam('seeListening') },
      schema: { params: IdParamsSchema, response: { 200: SetlistListeningSchema } },
    },
    (request) => ctx.listening.ofSetlist(teamActorOf(request), request.params.id),
  );
};
