import { hashKey, useQuery } from '@tanstack/react-query';
import type { QueryClient, UseQueryOptions } from '@tanstack/react-query';
import type { Account } from '@segue/shared';
import {
  SESSION_STALE_MS,
  connectSessionMirror,
  currentAccountQueryFn,
  fetchCurrentAccount,
  getSession,
  publishSession,
} from './session.ts';

export const currentAccountQueryKey = ['account', 'current'] as const;

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
    queryFn: currentAccountQueryFn,
    staleTime: SESSION_STALE_MS,
    // The top bar reads the session store, not this query: keep the answer while no screen watches it.
    gcTime: Infinity,
    // "Not logged in" is an answer (null), not an error; real failures are shown, not retried blindly.
    retry: false,
    ...options,
  });
  return { ...query, account: query.data ?? null };
}

/**
 * Makes the query cache the owner of the account: seeds it with what the shell already knows,
 * and publishes every change (login, logout, profile edits, refetches) to the session store.
 */
export function connectSession(queryClient: QueryClient): void {
  const known = getSession();
  if (!known.isPending && !known.isError) {
    queryClient.setQueryData(currentAccountQueryKey, known.account, {
      updatedAt: known.updatedAt,
    });
  }
  const accountQueryHash = hashKey(currentAccountQueryKey);
  queryClient.getQueryCache().subscribe(({ query }) => {
    if (query.queryHash !== accountQueryHash) return;
    const { status, data, dataUpdatedAt } = query.state;
    // Before its first answer the query has nothing to add to what the store knows.
    if (status === 'pending') return;
    publishSession({
      account: (data as Account | null | undefined) ?? null,
      isPending: false,
      isError: status === 'error',
      updatedAt: dataUpdatedAt,
    });
  });
  connectSessionMirror({
    setAccount: (account) => queryClient.setQueryData(currentAccountQueryKey, account),
    refresh: () =>
      void queryClient.prefetchQuery({
        queryKey: currentAccountQueryKey,
        queryFn: fetchCurrentAccount,
        staleTime: SESSION_STALE_MS,
        retry: false,
      }),
  });
}
