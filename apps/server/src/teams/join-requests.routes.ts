import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OwnJoinRequestSchema } from '@segue/shared';
import type { AppContext } from '../app-context.ts';
import { actorOf } from '../policy/http.ts';

const TeamParamsSchema = z.object({ id: z.string().min(1).max(200) });

/**
 * A requester's own join requests (docs/DECISIONS.md, Teams, "Pending requests"): the ones
 * still pending, and withdrawing one. Asking to join is `POST /teams/:id/request` in
 * teams.routes.ts. A requester is no member, so these name no team action: each acts only on
 * the caller's own request.
 */
export const joinRequestsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  const { teams } = ctx;
  const verified = { access: 'verified' } as const;

  app.get(
    '/account/join-requests',
    { config: verified, schema: { response: { 200: z.array(OwnJoinRequestSchema) } } },
    (request) => teams.ownRequests(actorOf(request)),
  );

  app.delete(
    '/teams/:id/request',
    { config: verified, schema: { params: TeamParamsSchema } },
    async (request, reply) => {
      await teams.withdrawRequest(actorOf(request), request.params.id);
      return reply.code(204).send();
    },
  );
};
