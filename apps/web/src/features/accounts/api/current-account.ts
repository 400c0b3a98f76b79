import { useQuery } from '@tanstack/react-query';
import type { UseQueryOptions } from '@tanstack/react-query';
import type { Account } from '@segue/shared';
import { readAccount } from '../../../lib/answers.ts';
import { ApiRequestError, apiFetch, restoreSessionToken } from '../../../lib/api-client.ts';
import { selectedTeamId, sessionToken } from '../../../lib/storage.ts';

export const currentAccountQueryKey = ['account', 'current'] as const;

/** The logged-in account, or null when nobody is logged in. */
export async function fetchCurrentAccount(): Promise<Account | null> {
  // A new tab has no token in its session storage but may share the browser's session cookie.
  if (!sessionToken.get() && !(await restoreSessionToken())) return loggedOut();
  try {
    return readAccount(await apiFetch('/account'));
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 401) return loggedOut();
    throw error;
  }
}

/** Spec section 4: with no user, the saved team selection is removed. */
function loggedOut(): null {
  selectedTeamId.clear();
  return null;
}

/** Per-page tuning, e.g. polling while the page waits for the server (verification). */
type CurrentAccountOptions = Pick<
  UseQueryOptions<Account | null, Error, Account | null, typeof currentAccountQueryKey>,
  'refetchInterval' | 'refetchOnWindowFocus'
>;

/**
 * The session: `account` is the logged-in account or null; `isPending` is true until
 * that is known, so guards can wait instead of flashing the login page.
 */
export function useCurrentAccount(options: CurrentAccountOptions = {}) {
  const query = useQuery({
    queryKey: currentAccountQueryKey,
    queryFn: fetchCurrentAccount,
    staleTime: 30_000,
    // "Not logged in" is an answer (null), not an error; real failures are shown, not retried blindly.
    retry: false,
    ...options,
  });
  return { ...query, account: query.data ?? null };
}
