import { readSessionAnswer } from '../../../lib/answers.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RegisterInput, SessionAnswer } from '@segue/shared';
import { apiFetch } from '../../../lib/api-client.ts';
import { pendingVerificationEmail, sessionToken } from '../../../lib/storage.ts';
import { currentAccountQueryKey } from '../../../lib/session/current-account.ts';

async function register(input: RegisterInput): Promise<SessionAnswer> {
  const answer = await apiFetch('/account', { method: 'POST', body: input });
  return readSessionAnswer(answer);
}

/** Creates an account; the server logs it in at once (still unverified). */
export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: ({ user, jwt }) => {
      sessionToken.set(jwt);
      pendingVerificationEmail.clear();
      queryClient.setQueryData(currentAccountQueryKey, user);
    },
  });
}
