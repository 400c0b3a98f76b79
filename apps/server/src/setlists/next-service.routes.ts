import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NextServiceAnswerSchema, NextServiceQuerySchema } from '@segue/shared';
import type { AppContext } from '../app-context.ts';
import { actorOf } from '../policy/http.ts';

/**
 * `GET /account/next-service`: the caller's next service, across their teams, for the top of
 * the dashboard (docs/DECISIONS.md, "Sunday-first dashboard"). It names no team in a header:
 * it reads only the teams the caller belongs to.
 */
export const nextServiceRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  const { nextService } = ctx;

  app.get(
    '/account/next-service',
    {
      config: { access: 'verified' },
      schema: { querystring: NextServiceQuerySchema, response: { 200: NextServiceAnswerSchema } },
    },
    (request) => nextService.next(actorOf(request), request.query.from),
  );
};
