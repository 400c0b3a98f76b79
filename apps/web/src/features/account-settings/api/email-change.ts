import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { ChangeEmailInputSchema, LinkInputSchema } from '@segue/shared';
import { apiFetch } from '../../../lib/api-client.ts';
import { currentAccountQueryKey } from '../../../lib/session/current-account.ts';

const MessageSchema = z.object({ message: z.string() });

/** Mails a confirmation link to the new address; answers the server's note about it. */
export function useChangeEmail() {
  return useMutation({
    mutationFn: async (input: z.input<typeof ChangeEmailInputSchema>): Promise<string> =>
      MessageSchema.parse(await apiFetch('/account/email', { method: 'PATCH', body: input }))
        .message,
  });
}

/** Opens the mailed link: the address changes now (single use). */
export function useConfirmEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: z.input<typeof LinkInputSchema>): Promise<void> => {
      await apiFetch('/account/email', { method: 'PUT', body: input });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentAccountQueryKey }),
  });
}
