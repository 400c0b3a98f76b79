import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AssignmentLinkAnswerInputSchema,
  AssignmentLinkAnswerSchema,
  AssignmentLinkPreviewSchema,
} from '@segue/shared';
import type { AppContext } from '../app-context.ts';

// A real token is 43 characters; anything else up to this length is simply not found.
const TokenParamsSchema = z.object({ token: z.string().min(1).max(200) });

/**
 * The one-tap answer links of assignment mails (docs/DECISIONS.md, "Assignment mails,
 * reminders and the calendar feed"). No session: the secret in the link is the person's.
 * The GET only shows (mail scanners open links); the POST answers, once.
 */
export const assignmentLinksRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  const { assignmentLinks } = ctx;
  const open = { access: 'public' } as const;

  app.get(
    '/assignment-links/:token',
    {
      config: open,
      schema: { params: TokenParamsSchema, response: { 200: AssignmentLinkPreviewSchema } },
    },
    (request) => assignmentLinks.preview(request.params.token, { ip: request.ip }),
  );

  app.post(
    '/assignment-links/:token',
    {
      config: open,
      schema: {
        params: TokenParamsSchema,
        body: AssignmentLinkAnswerInputSchema,
        response: { 200: AssignmentLinkAnswerSchema },
      },
    },
    (request) => assignmentLinks.answer(request.params.token, request.body, { ip: request.ip }),
  );
};
