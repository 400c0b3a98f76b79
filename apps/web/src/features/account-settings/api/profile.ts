import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AccountSchema } from '@segue/shared';
import type { Account } from '@segue/shared';
import { apiFetch } from '../../../lib/api-client.ts';
import { currentAccountQueryKey } from '../../../lib/session/current-account.ts';

type ProfileField = 'name' | 'phone';

/** Saves the full name or the phone number; the answer becomes the known account. */
export function useUpdateProfile(field: ProfileField) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (value: string): Promise<Account> =>
      AccountSchema.parse(
        await apiFetch(`/account/${field}`, { method: 'PATCH', body: { [field]: value } }),
      ),
    // The dashboard greeting and the app bar read the account from this query.
    onSuccess: (account) => queryClient.setQueryData(currentAccountQueryKey, account),
  });
}
