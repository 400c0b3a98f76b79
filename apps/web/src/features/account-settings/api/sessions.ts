import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { SessionInfoSchema } from '@segue/shared';
import type { SessionInfo } from '@segue/shared';
import { apiFetch } from '../../../lib/api-client.ts';

export const sessionsQueryKey = ['account', 'sessions'] as const;

/** The account's active sessions, the most recently active first. */
export function useSessions() {
  return useQuery({
    queryKey: sessionsQueryKey,
    queryFn: async (): Promise<SessionInfo[]> =>
      z.array(SessionInfoSchema).parse(await apiFetch('/account/sessions')),
  });
}

/** Signs out one session, or every session but this one when `sessionId` is null. */
export function useSignOutSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (sessionId: string | null): Promise<void> => {
      const path = sessionId
        ? `/account/sessions/${encodeURIComponent(sessionId)}`
        : '/account/sessions';
      await apiFetch(path, { method: 'DELETE' });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
