import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CcliLicenceInputSchema,
  CcliLicenceSchema,
  CcliReportQuerySchema,
  CcliReportSchema,
} from '@segue/shared';
import type { AppContext } from '../app-context.ts';
import { attachment } from '../lib/attachment.ts';
import { onTeam, teamActorOf } from '../policy/http.ts';

const TeamParamsSchema = z.object({ id: z.string().min(1).max(200) });

/**
 * CCLI reporting (docs/DECISIONS.md, "CCLI usage report"): `GET`/`PUT /teams/{id}/ccli` (the
 * licence number) and `GET /teams/{id}/ccli-report` (JSON) or `/ccli-report.csv` (a file) for
 * a period.
 */
export const ccliRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { ccli } = ctx;

  app.get(
    '/teams/:id/ccli',
    {
      config: { access: onTeam('viewTeam') },
      schema: { params: TeamParamsSchema, response: { 200: CcliLicenceSchema } },
    },
    (request) => ccli.licence(teamActorOf(request)),
  );

  app.put(
    '/teams/:id/ccli',
    {
      config: { access: onTeam('editTeam') },
      schema: {
        params: TeamParamsSchema,
        body: CcliLicenceInputSchema,
        response: { 200: CcliLicenceSchema },
      },
    },
    (request) => ccli.setLicence(teamActorOf(request), request.body.ccliLicence),
  );

  app.get(
    '/teams/:id/ccli-report',
    {
      config: { access: onTeam('readUsageReport') },
      schema: {
        params: TeamParamsSchema,
        querystring: CcliReportQuerySchema,
        response: { 200: CcliReportSchema },
      },
    },
    (request) => ccli.report(teamActorOf(request), request.query),
  );

  app.get(
    '/teams/:id/ccli-report.csv',
    {
      config: { access: onTeam('readUsageReport') },
      schema: { params: TeamParamsSchema, querystring: CcliReportQuerySchema },
    },
    async (request, reply) => {
      const { csv, filename } = await ccli.reportCsv(teamActorOf(request), request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', attachment(filename))
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
};
