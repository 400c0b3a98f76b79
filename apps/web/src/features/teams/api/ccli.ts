import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CcliLicenceSchema, CcliReportSchema } from '@segue/shared';
import type { CcliLicence, CcliLicenceInput, CcliReport, CcliReportQuery } from '@segue/shared';
import { apiDownload, apiFetch } from '../../../lib/api-client.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { teamKeys } from '../../../lib/teams/teams.ts';

/** Under the teams keys, so a team change refreshes them with the rest. */
const ccliKeys = {
  licence: (teamId: string) => [...teamKeys.all, 'ccli', teamId, 'licence'] as const,
  report: (teamId: string, period: CcliReportQuery) =>
    [...teamKeys.all, 'ccli', teamId, 'report', period.from, period.to] as const,
};

const ccliPath = (teamId: string) => `/teams/${encodeURIComponent(teamId)}/ccli`;
const reportPath = (teamId: string, period: CcliReportQuery, suffix = '') =>
  `${ccliPath(teamId)}-report${suffix}?${new URLSearchParams(period).toString()}`;

/** `GET /api/teams/{id}/ccli`: the team's CCLI licence number. */
export function useCcliLicence(teamId: string) {
  return useQuery({
    queryKey: ccliKeys.licence(teamId),
    queryFn: async ({ signal }): Promise<CcliLicence> =>
      CcliLicenceSchema.parse(await apiFetch(ccliPath(teamId), { signal })),
  });
}

/** `PUT /api/teams/{id}/ccli` (admins): sets or, with null, removes the licence number. */
export function useSaveCcliLicence(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CcliLicenceInput): Promise<CcliLicence> =>
      CcliLicenceSchema.parse(await apiFetch(ccliPath(teamId), { method: 'PUT', body: input })),
    onSuccess: (saved) => {
      queryClient.setQueryData(ccliKeys.licence(teamId), saved);
      // Reports name the licence.
      void queryClient.invalidateQueries({ queryKey: [...teamKeys.all, 'ccli', teamId] });
    },
  });
}

/** `GET /api/teams/{id}/ccli-report` (admins) for a period already checked; none: not asked. */
export function useCcliReport(teamId: string, period: CcliReportQuery | null) {
  return useQuery({
    queryKey: ccliKeys.report(teamId, period ?? { from: '', to: '' }),
    queryFn: async ({ signal }): Promise<CcliReport> =>
      CcliReportSchema.parse(await apiFetch(reportPath(teamId, period!), { signal })),
    enabled: period !== null,
    // A new period keeps the last report on screen until its own arrives.
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/teams/{id}/ccli-report.csv`: saves the period's report as a CSV file. */
export async function downloadCcliReport(teamId: string, period: CcliReportQuery): Promise<void> {
  const { blob, filename } = await apiDownload(reportPath(teamId, period, '.csv'));
  saveFile(blob, filename ?? `ccli-report-${period.from}-to-${period.to}.csv`);
}
