import { useCallback, useState } from 'react';
import type { LoginInput, SessionAnswer } from '@segue/shared';
import { readSessionAnswer } from '../../../lib/answers.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { pendingVerificationEmail, sessionToken } from '../../../lib/storage.ts';
import { setSessionAccount } from '../../../lib/session/session.ts';

async function login(input: LoginInput): Promise<SessionAnswer> {
  const answer = await apiFetch('/account/sessions/email', { method: 'POST', body: input });
  return readSessionAnswer(answer);
}

interface LoginCallbacks {
  onSuccess?: (answer: SessionAnswer) => void;
  onError?: (error: unknown) => void;
}

type LoginStatus = 'idle' | 'pending' | 'success' | 'error';

/**
 * Logs in with e-mail and password; on success the session is stored and the account known.
 * Shaped like a TanStack mutation (`mutate`, `isIdle`, `isPending`) but without the query
 * library, so /login loads without it: the session store passes the account on to the query
 * cache when that exists (see session.ts).
 */
export function useLogin() {
  const [status, setStatus] = useState<LoginStatus>('idle');
  const mutate = useCallback((input: LoginInput, callbacks: LoginCallbacks = {}) => {
    setStatus('pending');
    login(input).then(
      (answer) => {
        sessionToken.set(answer.jwt);
        pendingVerificationEmail.clear();
        setSessionAccount(answer.user);
        setStatus('success');
        callbacks.onSuccess?.(answer);
      },
      (error: unknown) => {
        setStatus('error');
        callbacks.onError?.(error);
      },
    );
  }, []);
  return { mutate, isIdle: status === 'idle', isPending: status === 'pending' };
}
