import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BackupCodesAnswerSchema, MfaStatusSchema, TotpSetupAnswerSchema } from '@segue/shared';
import { apiFetch } from '../../../lib/api-client.ts';
import { sessionsQueryKey } from './sessions.ts';

const mfaQueryKey = ['account', 'mfa'] as const;
const TOTP_PATH = '/account/mfa/authenticators/totp';

/** Whether two-factor authentication is on, and how many backup codes are left. */
export function useTwoFactorStatus() {
  return useQuery({
    queryKey: mfaQueryKey,
    queryFn: async () => MfaStatusSchema.parse(await apiFetch('/account/mfa')),
  });
}

/** Starts the setup: the password unlocks a new secret, inactive until a code confirms it. */
export function useStartTotp() {
  return useMutation({
    mutationFn: async (password: string) =>
      TotpSetupAnswerSchema.parse(
        await apiFetch(TOTP_PATH, { method: 'POST', body: { password } }),
      ),
  });
}

/**
 * A code from the app turns two-factor on; answers the ten backup codes, shown once.
 * The server signs out every other session then.
 */
export function useConfirmTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (otp: string) =>
      BackupCodesAnswerSchema.parse(await apiFetch(TOTP_PATH, { method: 'PUT', body: { otp } }))
        .backupCodes,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: mfaQueryKey }),
        queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
      ]),
  });
}

/** An authenticator code (6 digits) or a backup code (like `3f9a-7c21`); anything else is a password. */
const looksLikeCode = (value: string) =>
  /^\d{6}$/.test(value) || /^[0-9a-f]{4}-[0-9a-f]{4}$/i.test(value);

/** Turns two-factor off with a current code, a backup code or the password. */
export function useDisableTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (proof: string): Promise<void> => {
      const code = proof.trim();
      const body = looksLikeCode(code) ? { otp: code } : { password: proof };
      await apiFetch(TOTP_PATH, { method: 'DELETE', body });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mfaQueryKey }),
  });
}
