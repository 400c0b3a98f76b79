import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResendVerificationInput, VerifyEmailInput } from '@segue/shared';
import { apiFetch } from '../../../lib/api-client.ts';
import { currentAccountQueryKey } from '../../../lib/session/current-account.ts';

async function verifyEmail(input: VerifyEmailInput): Promise<void> {
  await apiFetch('/account/verification', { method: 'PUT', body: input });
}

/** Confirms the address with the mailed link's userId and secret (single use). */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentAccountQueryKey }),
  });
}

/**
 * Sends a new verification link: for the logged-in account (the token says who), or
 * for the address whose login was refused.
 */
async function resendVerification(input: ResendVerificationInput): Promise<void> {
  await apiFetch('/account/verification', { method: 'POST', body: input });
}

export function useResendVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendVerification,
    onError: () => {
      // 409: the address was verified meanwhile; a fresh account moves the user on.
      void queryClient.invalidateQueries({ queryKey: currentAccountQueryKey });
    },
  });
}
