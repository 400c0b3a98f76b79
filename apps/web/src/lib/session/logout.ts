import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ApiRequestError, NetworkError, apiFetch } from '../api-client.ts';
import { removeOfflineData } from '../offline/offline-copy.ts';
import {
  pendingInvite,
  pendingVerificationEmail,
  selectedTeamId,
  sessionToken,
} from '../storage.ts';
import { useToast } from '../../components/toasts/toast-context.ts';
import { currentAccountQueryKey } from './current-account.ts';
import { rememberPendingLogout } from './pending-logout.ts';
import { getSession } from './session.ts';
import { t } from '../i18n/i18n.ts';

/** Where the session ended: on the server, or on this device only, the server to follow. */
type LogoutOutcome = 'ended' | 'endedOnDevice';

async function logout(): Promise<LogoutOutcome> {
  try {
    await apiFetch<void>('/account/sessions/current', { method: 'DELETE' });
    return 'ended';
  } catch (error) {
    // The session had already ended (expired, or logged out in another tab): that is the goal.
    if (error instanceof ApiRequestError && error.status === 401) return 'ended';
    // No answer at all (docs/DECISIONS.md, "Signing out offline"): a musician on a shared device
    // in a room without signal must still be able to sign out. The device forgets the session
    // now and the server ends it once it answers; a refusal is still "Logout failed".
    if (!(error instanceof NetworkError)) throw error;
    const remembered = rememberPendingLogout({
      token: sessionToken.get(),
      userId: getSession().account?.$id ?? null,
    });
    // Unremembered, the session cookie would sign the person back in at the next start.
    if (!remembered) throw error;
    return 'endedOnDevice';
  }
}

/**
 * Forgets everything the browser kept for the user: token, team selection, kept data and
 * cached data, and what waits for a sign-in. Device settings (theme, MIDI, live and presenter
 * views) stay. Leave a protected page before calling it, or its guard sends the user to /login.
 */
export function forgetSession(queryClient: QueryClient): void {
  sessionToken.clear();
  selectedTeamId.clear();
  pendingVerificationEmail.clear();
  pendingInvite.clear();
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
    onSuccess: (outcome) => {
      // Leave the protected page first: its guard would otherwise redirect to /login.
      void navigate('/');
      forgetSession(queryClient);
      if (outcome === 'ended') showToast(t('nav.logoutSuccess'), 'success');
      else showToast(t('nav.logoutOffline'), 'info');
    },
    onError: (error) => {
      console.error('Logout failed', error);
      showToast(t('nav.logoutFailed'), 'error');
    },
  });
}
