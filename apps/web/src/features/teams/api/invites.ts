import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AcceptedInviteSchema,
  CreatedInviteSchema,
  InvitePreviewSchema,
  InviteSchema,
} from '@segue/shared';
import type {
  AcceptedInvite,
  CreatedInvite,
  EmailInviteInput,
  Invite,
  InvitePreview,
  LinkInviteInput,
} from '@segue/shared';
import { apiFetch } from '../../../lib/api-client.ts';
import { selectTeam } from '../../../lib/teams/current-team.ts';
import { fetchTeams, teamKeys } from '../../../lib/teams/teams.ts';
import { useRefreshTeams } from './teams.ts';

/** Under teamKeys.all, so a refresh of the teams refreshes these too. */
const inviteKeys = {
  pending: (teamId: string) => [...teamKeys.all, 'invites', teamId] as const,
  preview: (token: string) => ['invite-preview', token] as const,
};

const teamPath = (teamId: string) => `/teams/${encodeURIComponent(teamId)}/invites`;
const tokenPath = (token: string) => `/invites/${encodeURIComponent(token)}`;

/** The team's invitations that still work, newest first (admins). */
export function usePendingInvites(teamId: string) {
  return useQuery({
    queryKey: inviteKeys.pending(teamId),
    queryFn: async ({ signal }): Promise<Invite[]> =>
      InviteSchema.array().parse(await apiFetch(teamPath(teamId), { signal })),
  });
}

/** Creates a link (answered with its URL, once) or mails a single-use link to an address. */
export function useCreateInvite(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: LinkInviteInput | EmailInviteInput): Promise<CreatedInvite> =>
      CreatedInviteSchema.parse(await apiFetch(teamPath(teamId), { method: 'POST', body: input })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: inviteKeys.pending(teamId) }),
  });
}

/** Withdraws an invitation: its link stops working at once. */
export function useWithdrawInvite(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (inviteId: string) => {
      await apiFetch(`${teamPath(teamId)}/${encodeURIComponent(inviteId)}`, { method: 'DELETE' });
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: inviteKeys.pending(teamId) }),
  });
}

/** Whom an invitation joins and whether it still works; no sign-in needed. */
export function useInvitePreview(token: string, enabled: boolean) {
  return useQuery({
    queryKey: inviteKeys.preview(token),
    queryFn: async ({ signal }): Promise<InvitePreview> =>
      InvitePreviewSchema.parse(await apiFetch(tokenPath(token), { signal, auth: false })),
    enabled,
    // A 404 or 410 is the answer, not a hiccup.
    retry: false,
  });
}

/**
 * Joins the signed-in account to the invitation's team and makes it the current team. The
 * team list is read again before the caller hears of the success, and a read of it already
 * under way is dropped first: that one does not hold the new team and would move the
 * selection back to another.
 */
export function useAcceptInvite() {
  const queryClient = useQueryClient();
  const refreshTeams = useRefreshTeams();
  return useMutation({
    mutationFn: async (token: string): Promise<AcceptedInvite> =>
      AcceptedInviteSchema.parse(await apiFetch(`${tokenPath(token)}/accept`, { method: 'POST' })),
    onSuccess: async ({ team }) => {
      await queryClient.cancelQueries({ queryKey: teamKeys.list() });
      selectTeam(team._id);
      await queryClient
        .fetchQuery({ queryKey: teamKeys.list(), queryFn: fetchTeams, staleTime: 0 })
        .catch((error: unknown) => console.warn('Could not read the teams again', error));
      refreshTeams();
    },
  });
}
