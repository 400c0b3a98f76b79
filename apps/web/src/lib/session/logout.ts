import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { TEXTS } from '@segue/shared';
import { ApiRequestError, apiFetch } from '../api-client.ts';
import { removeOfflineData } from '../offline/offline-copy.ts';
import { pendingVerificationEmail, selectedTeamId, sessionToken } from '../storage.ts';
import { useToast } from '../../components/toasts/toast-context.ts';
import { currentAccountQueryKey } from './current-account.ts';

async function logout(): Promise<void> {
  try {
    await apiFetch<void>('/account/sessions/current', { method: 'DELETE' });
  } catch (error) {
    // The session had already ended (expired, or logged out in another tab): that is the goal.
    if (error instanceof ApiRequestError && error.status === 401) return;
    throw error;
  }
}

/**
 * Forgets everything the browser kept for the user: token, team selection, cached data.
 * Leave a protected page before calling it, or its guard sends the user to /login.
 */
export function forgetSession(queryClient: QueryClient): void {
  sessionToken.clear();
  selectedTeamId.clear();
  pendingVerificationEmail.clear();
  void removeOfflineData();
  // "Logged out" is set rather than removed, so nothing refetches the old account.
  queryClient.setQueryData(currentAccountQueryKey, null);
  queryClient.removeQueries({
    predicate: (query) => query.queryKey[0] !== currentAccountQueryKey[0],
  });
}

/** Ends the session, forgets everything the browser kept for this user, and goes home. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { showToast } = useToast();

  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      // Leave the protected page first: its guard would otherwise redirect to /login.
      void navigate('/');
      forgetSession(queryClient);
      showToast(TEXTS.logoutSuccess, 'success');
    },
    onError: (error) => {
      console.error('Logout failed', error);
      showToast(TEXTS.logoutFailed, 'error');
    },
  });
}
