import { readSessionAnswer } from '../../../lib/answers.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginInput, SessionAnswer } from '@segue/shared';
import { apiFetch } from '../../../lib/api-client.ts';
import { pendingVerificationEmail, sessionToken } from '../../../lib/storage.ts';
import { currentAccountQueryKey } from './current-account.ts';

export async function login(input: LoginInput): Promise<SessionAnswer> {
  const answer = await apiFetch('/account/sessions/email', { method: 'POST', body: input });
  return readSessionAnswer(answer);
}

/** Logs in with e-mail and password; on success the session is stored and the account known. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: ({ user, jwt }) => {
      sessionToken.set(jwt);
      pendingVerificationEmail.clear();
      queryClient.setQueryData(currentAccountQueryKey, user);
    },
  });
}
