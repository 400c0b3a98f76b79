import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AssignmentAnswerSchema,
  AssignmentResponseInputSchema,
  AssignmentSchema,
  AssignmentsQuerySchema,
} from '@segue/shared';
import type { AppContext } from '../app-context.ts';
import { actorOf } from '../policy/http.ts';

const ResponseParamsSchema = z.object({
  id: z.string().min(1).max(200),
  index: z.coerce
    .number({ error: 'The position index must be a number.' })
    .int('The position index must be a whole number.')
    .min(0, 'The position index must be 0 or more.')
    .max(999, 'The position index must be at most 999.'),
});

/**
 * Confirmed assignments (docs/DECISIONS.md, "People, availability and confirmed assignments"):
 * `POST /setlist/{id}/positions/{index}/response` (the person assigned accepts or declines) and
 * `GET /account/assignments` (the caller's coming ones, in all their teams). Neither names a
 * team in a header: the setlist names it, and the caller's membership is checked with the
 * answer itself.
 */
export const assignmentsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  const { assignments } = ctx;
  const verified = { access: 'verified' } as const;

  app.post(
    '/setlist/:id/positions/:index/response',
    {
      config: verified,
      schema: {
        params: ResponseParamsSchema,
        body: AssignmentResponseInputSchema,
        response: { 200: AssignmentAnswerSchema },
      },
    },
    (request) =>
      assignments.respond(actorOf(request), request.params.id, request.params.index, request.body),
  );

  app.get(
    '/account/assignments',
    {
      config: verified,
      schema: { querystring: AssignmentsQuerySchema, response: { 200: z.array(AssignmentSchema) } },
    },
    (request) => assignments.mine(actorOf(request), request.query.from),
  );
};
