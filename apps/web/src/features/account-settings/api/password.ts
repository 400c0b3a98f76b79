import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type {
  ChangePasswordInputSchema,
  RecoveryCompleteInputSchema,
  RecoveryRequestInputSchema,
} from '@segue/shared';
import { apiFetch } from '../../../lib/api-client.ts';
import { forgetSession } from '../../../lib/session/logout.ts';
import { sessionsQueryKey } from './sessions.ts';

const MessageSchema = z.object({ message: z.string() });

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: z.input<typeof ChangePasswordInputSchema>): Promise<void> => {
      await apiFetch('/account/password', { method: 'PATCH', body: input });
    },
    // The server signed out every other session.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}

/** Asks for a reset link; the server answers the same note whether or not the address exists. */
export function useRequestRecovery() {
  return useMutation({
    mutationFn: async (input: z.input<typeof RecoveryRequestInputSchema>): Promise<string> =>
      MessageSchema.parse(
        await apiFetch('/account/recovery', { method: 'POST', body: input, auth: false }),
      ).message,
  });
}

/** Sets the new password from the mailed link; the server signs out every session. */
export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: z.input<typeof RecoveryCompleteInputSchema>): Promise<void> => {
      await apiFetch('/account/recovery', { method: 'PUT', body: input, auth: false });
    },
    onSuccess: () => forgetSession(queryClient),
  });
}
