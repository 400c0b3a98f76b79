import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../app-context.ts';
import { HttpError } from '../lib/errors.ts';

export const healthRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: {
        response: {
          200: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }),
        },
      },
    },
    async () => {
      try {
        await ctx.database.ping();
      } catch {
        throw new HttpError(503, 'The database is not reachable.');
      }
      return { status: 'ok' as const, database: ctx.database.kind };
    },
  );
};
