import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PersonSchema, UsersBatchInputSchema } from '@segue/shared';
import type { AppContext } from '../app-context.ts';
import { actorOf } from '../policy/http.ts';

/** `POST /api/users/batch`: names and addresses of people who share a team with the caller, and no one else. */
export const usersRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/users/batch',
    {
      config: { access: 'verified' },
      schema: { body: UsersBatchInputSchema, response: { 200: z.array(PersonSchema) } },
    },
    async (request) => ctx.users.teammates(actorOf(request), request.body.ids),
  );
};
