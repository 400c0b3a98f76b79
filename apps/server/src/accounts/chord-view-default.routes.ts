import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ChordViewSchema, SERVER_ERRORS, chordViewFrom } from '@segue/shared';
import type { AppContext } from '../app-context.ts';
import { UnauthorizedError } from '../lib/errors.ts';
import { actorOf } from '../policy/http.ts';

/**
 * The account's chord-view default ("My view"): what each of its devices starts
 * with until that device makes a change of its own. Only the account itself reads or sets it.
 */
export const chordViewDefaultRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  const { preferences } = ctx;

  app.get(
    '/account/chord-view',
    { config: { access: 'account' }, schema: { response: { 200: ChordViewSchema } } },
    // Read field by field: a view stored before a field existed gets that field's default.
    async (request) => chordViewFrom(await preferences.chordViewOf(actorOf(request).userId)),
  );

  app.put(
    '/account/chord-view',
    {
      config: { access: 'account' },
      schema: { body: ChordViewSchema, response: { 200: ChordViewSchema } },
    },
    async (request) => {
      const saved = await preferences.saveChordView(actorOf(request).userId, request.body);
      if (!saved) throw new UnauthorizedError(SERVER_ERRORS.unauthorized);
      return request.body;
    },
  );
};
