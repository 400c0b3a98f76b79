import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AudienceLinkSchema, AudienceLinkStatusSchema } from '@segue/shared';
import type { AudienceLink, AudienceLinkStatus } from '@segue/shared';
import { apiFetch } from '../api-client.ts';

/**
 * A setlist's congregation link, as its drivers manage it (docs/DECISIONS.md, "The
 * congregation follows"): the live view and the setlist view share these calls.
 */
export const audienceLinkKey = (setlistId: string) => ['audience-link', setlistId] as const;

const linkPath = (setlistId: string) => `/setlist/${encodeURIComponent(setlistId)}/audience-link`;

/**
 * The setlist's live link (or none) and whether the team's owner confirmed the licence; for
 * drivers only (`enabled`), as the server answers no one else. `teamId` is the setlist's team.
 */
export function useAudienceLink(setlistId: string, teamId: string, enabled: boolean) {
  return useQuery({
    queryKey: audienceLinkKey(setlistId),
    queryFn: async ({ signal }): Promise<AudienceLinkStatus> =>
      AudienceLinkStatusSchema.parse(await apiFetch(linkPath(setlistId), { signal, teamId })),
    enabled,
  });
}

/** Turns the link on (the server answers the live one again if there is one). */
export function useCreateAudienceLink(setlistId: string, teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<AudienceLink> =>
      AudienceLinkSchema.parse(await apiFetch(linkPath(setlistId), { method: 'POST', teamId })),
    // A link made means the licence was confirmed.
    onSuccess: (link) =>
      queryClient.setQueryData<AudienceLinkStatus>(audienceLinkKey(setlistId), {
        licenceConfirmed: true,
        link,
      }),
  });
}

/** Withdraws the link: every phone holding it stops following at once. */
export function useWithdrawAudienceLink(setlistId: string, teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await apiFetch(linkPath(setlistId), { method: 'DELETE', teamId });
    },
    onSuccess: () =>
      queryClient.setQueryData<AudienceLinkStatus>(audienceLinkKey(setlistId), (status) =>
        status ? { ...status, link: null } : status,
      ),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: audienceLinkKey(setlistId) }),
  });
}

/** The owner confirms, once for the team, that its licence covers lyrics on personal devices. */
export function useConfirmAudienceLicence(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await apiFetch(`/teams/${encodeURIComponent(teamId)}/audience-licence`, {
        method: 'PUT',
        body: { confirmed: true },
        teamId,
      });
    },
    // Every setlist of the team now may have a link. Set, not read again: a read under way
    // could answer after the link is made, and show it as missing.
    onSuccess: () =>
      queryClient.setQueriesData<AudienceLinkStatus>({ queryKey: ['audience-link'] }, (status) =>
        status ? { ...status, licenceConfirmed: true } : status,
      ),
  });
}
