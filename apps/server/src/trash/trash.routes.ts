import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TrashSchema } from '@segue/shared';
import type { AppContext } from '../app-context.ts';
import { onTeam, teamActorOf } from '../policy/http.ts';

const TeamParamsSchema = z.object({ id: z.string().min(1).max(200) });

/** A team's trash; restoring is `POST /api/songs/{id}/restore` and `/api/setlist/{id}/restore`. */
export const trashRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/teams/:id/trash',
    {
      config: { access: onTeam('viewTeam') },
      schema: { params: TeamParamsSchema, response: { 200: TrashSchema } },
    },
    (request) => ctx.trash.list(teamActorOf(request)),
  );
};
