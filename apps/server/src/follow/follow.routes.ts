import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AudienceLicenceInputSchema,
  AudienceLinkSchema,
  AudienceLinkStatusSchema,
  AudienceSettingsInputSchema,
  AudienceSettingsSchema,
  FOLLOW_TEXTS,
  FollowStateSchema,
} from '@segue/shared';
import type { AppContext } from '../app-context.ts';
import { inTeam, onTeam, teamActorOf } from '../policy/http.ts';

const SetlistParamsSchema = z.object({ id: z.string().min(1).max(200) });
const TeamParamsSchema = z.object({ id: z.string().min(1).max(200) });
// A real token is 43 characters; anything else up to this length is simply a link that ended.
const TokenParamsSchema = z.object({ token: z.string().min(1).max(200) });
/** The one answer for every link that does not open; `message` is what the page says. */
const EndedSchema = z.object({ error: z.string(), message: z.string(), code: z.string() });

/**
 * The congregation link (docs/DECISIONS.md, "The congregation follows"): its drivers turn it on,
 * show it again and withdraw it under `/setlist/{id}/audience-link` (team in `X-Team-ID`); the
 * owner confirms the team's licence once, and the owner and admins set how many phones may
 * follow one setlist (`/teams/{id}/audience`); anyone holding the token reads `/follow/{token}`,
 * with no session and no cookie.
 */
export const followRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { audienceLinks } = ctx;
  const drivers = { access: inTeam('shareWithCongregation') } as const;

  app.get(
    '/setlist/:id/audience-link',
    {
      config: drivers,
      schema: { params: SetlistParamsSchema, response: { 200: AudienceLinkStatusSchema } },
    },
    (request) => audienceLinks.status(teamActorOf(request), request.params.id),
  );

  // 201 for a new link; 200 with the live one when the setlist has it already.
  app.post(
    '/setlist/:id/audience-link',
    {
      config: drivers,
      schema: {
        params: SetlistParamsSchema,
        response: { 200: AudienceLinkSchema, 201: AudienceLinkSchema },
      },
    },
    async (request, reply) => {
      const { link, created } = await audienceLinks.share(teamActorOf(request), request.params.id);
      return reply.code(created ? 201 : 200).send(link);
    },
  );

  app.delete(
    '/setlist/:id/audience-link',
    { config: drivers, schema: { params: SetlistParamsSchema } },
    async (request, reply) => {
      await audienceLinks.withdraw(teamActorOf(request), request.params.id);
      return reply.code(204).send();
    },
  );

  app.put(
    '/teams/:id/audience-licence',
    {
      config: { access: onTeam('confirmAudienceLicence') },
      schema: { params: TeamParamsSchema, body: AudienceLicenceInputSchema },
    },
    async (request, reply) => {
      await audienceLinks.confirmLicence(teamActorOf(request));
      return reply.code(204).send();
    },
  );

  // The team's settings for the congregation's phones: members read them, as the team's other
  // settings; the owner and admins set the room limit.
  app.get(
    '/teams/:id/audience',
    {
      config: { access: onTeam('viewTeam') },
      schema: { params: TeamParamsSchema, response: { 200: AudienceSettingsSchema } },
    },
    (request) => audienceLinks.settings(teamActorOf(request)),
  );

  app.put(
    '/teams/:id/audience',
    {
      config: { access: onTeam('editTeam') },
      schema: {
        params: TeamParamsSchema,
        body: AudienceSettingsInputSchema,
        response: { 200: AudienceSettingsSchema },
      },
    },
    (request) => audienceLinks.setRoomLimit(teamActorOf(request), request.body),
  );

  app.get(
    '/follow/:token',
    {
      config: { access: 'public' },
      schema: {
        params: TokenParamsSchema,
        response: { 200: FollowStateSchema, 404: EndedSchema },
      },
    },
    async (request, reply) => {
      const state = await audienceLinks.followState(request.params.token, { ip: request.ip });
      // The state changes with every step: no copy of it is kept on the way.
      reply.header('cache-control', 'no-store');
      if (state) return reply.send(state);
      return reply
        .code(404)
        .send({ error: FOLLOW_TEXTS.ended, message: FOLLOW_TEXTS.ended, code: 'not_found' });
    },
  );
};
