import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AcceptedInviteSchema,
  CreatedInviteSchema,
  InviteInputSchema,
  InvitePreviewSchema,
  InviteSchema,
} from '@segue/shared';
import type { AppContext } from '../app-context.ts';
import { requestLocale } from '../mails/mail-locale.ts';
import { actorOf, onTeam, teamActorOf } from '../policy/http.ts';

const TeamParamsSchema = z.object({ id: z.string().min(1).max(200) });
const InviteParamsSchema = TeamParamsSchema.extend({ inviteId: z.string().min(1).max(200) });
// A real token is 43 characters; anything else up to this length is simply not found.
const TokenParamsSchema = z.object({ token: z.string().min(1).max(200) });

/**
 * Team invitations (docs/DECISIONS.md, Teams, "Invitations"): admins manage them under the
 * team; their links work under /invites.
 */
export const invitesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { invites } = ctx;
  const manage = { access: onTeam('manageMembers') };

  app.post(
    '/teams/:id/invites',
    {
      config: manage,
      schema: {
        params: TeamParamsSchema,
        body: InviteInputSchema,
        response: { 201: CreatedInviteSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await invites.create(teamActorOf(request), request.body, requestLocale(request))),
  );

  app.get(
    '/teams/:id/invites',
    {
      config: manage,
      schema: { params: TeamParamsSchema, response: { 200: z.array(InviteSchema) } },
    },
    (request) => invites.pending(teamActorOf(request)),
  );

  app.delete(
    '/teams/:id/invites/:inviteId',
    { config: manage, schema: { params: InviteParamsSchema } },
    async (request, reply) => {
      await invites.withdraw(teamActorOf(request), request.params.inviteId);
      return reply.code(204).send();
    },
  );

  app.get(
    '/invites/:token',
    {
      // The invitation page says whom it joins before the visitor signs in.
      config: { access: 'public' },
      schema: { params: TokenParamsSchema, response: { 200: InvitePreviewSchema } },
    },
    (request) => invites.preview(request.params.token, { ip: request.ip }),
  );

  app.post(
    '/invites/:token/accept',
    {
      config: { access: 'verified' },
      schema: { params: TokenParamsSchema, response: { 200: AcceptedInviteSchema } },
    },
    (request) => invites.accept(actorOf(request), request.params.token),
  );
};
