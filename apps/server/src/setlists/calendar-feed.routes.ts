import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CalendarFeedStatusSchema, CreatedCalendarFeedSchema } from '@segue/shared';
import type { AppContext } from '../app-context.ts';
import { actorOf } from '../policy/http.ts';

const FeedParamsSchema = z.object({ file: z.string().min(1).max(200) });

/**
 * The personal calendar feed (docs/DECISIONS.md, "Assignment mails, reminders and the calendar
 * feed"): Account Settings reads and renews the address; calendar apps read the feed without a
 * session, by the secret in its address.
 */
export const calendarFeedRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  const { calendarFeed } = ctx;
  const verified = { access: 'verified' } as const;

  app.get(
    '/account/calendar-feed',
    { config: verified, schema: { response: { 200: CalendarFeedStatusSchema } } },
    (request) => calendarFeed.status(actorOf(request)),
  );

  app.post(
    '/account/calendar-feed',
    { config: verified, schema: { response: { 201: CreatedCalendarFeedSchema } } },
    async (request, reply) => reply.code(201).send(await calendarFeed.create(actorOf(request))),
  );

  app.get(
    '/calendar/:file',
    { config: { access: 'public' }, schema: { params: FeedParamsSchema } },
    async (request, reply) => {
      const body = await calendarFeed.feed(request.params.file);
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('cache-control', 'private, max-age=300')
        .send(body);
    },
  );
};
