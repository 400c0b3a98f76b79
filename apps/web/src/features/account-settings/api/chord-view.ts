import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ChordViewSchema } from '@segue/shared';
import type { ChordView } from '@segue/shared';
import { apiFetch } from '../../../lib/api-client.ts';
import {
  chordViewDefaultQuery,
  chordViewDefaultQueryKey,
} from '../../../lib/chord-view-default.ts';

/** The account's chord-view default, read afresh each time Account Settings opens. */
export function useChordViewDefault(accountId: string) {
  return useQuery({ ...chordViewDefaultQuery(accountId), staleTime: 0 });
}

/** Saves the account's chord-view default; a live view in this tab without a view of its own follows at once. */
export function useSaveChordViewDefault(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (view: ChordView): Promise<ChordView> =>
      ChordViewSchema.parse(await apiFetch('/account/chord-view', { method: 'PUT', body: view })),
    onSuccess: (saved) => queryClient.setQueryData(chordViewDefaultQueryKey(accountId), saved),
  });
}
