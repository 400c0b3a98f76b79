import { queryOptions } from '@tanstack/react-query';
import { ChordViewSchema } from '@segue/shared';
import type { ChordView } from '@segue/shared';
import { apiFetch } from './api-client.ts';

/**
 * The account's chord-view default ("My view" in Account Settings): read by each device that
 * has no view of its own, and edited in Account Settings. Keyed by the account, outside the
 * `account` queries, so logging out forgets it and another account never sees it.
 */
export const chordViewDefaultQueryKey = (accountId: string) =>
  ['chord-view-default', accountId] as const;

export async function fetchChordViewDefault(): Promise<ChordView> {
  // A 401 here is the session ending, which the route guards handle: not worth a warning.
  return ChordViewSchema.parse(await apiFetch('/account/chord-view', { expectUnauthorized: true }));
}

export const chordViewDefaultQuery = (accountId: string) =>
  queryOptions({
    queryKey: chordViewDefaultQueryKey(accountId),
    queryFn: fetchChordViewDefault,
  });
