import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { apiFetch } from '../../../lib/api-client.ts';
import { useToast } from '../../../components/toasts/toast-context.ts';
import { forgetSession } from '../../../lib/session/logout.ts';
import { t } from '../../../lib/i18n/i18n.ts';

/**
 * Deletes the account (`email` is the address typed to confirm), then ends the session like
 * Logout does. Refused while the account owns a team.
 */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { showToast } = useToast();
  return useMutation({
    mutationFn: async (email: string): Promise<void> => {
      await apiFetch('/account', { method: 'DELETE', body: { email } });
    },
    onSuccess: () => {
      // Leave the protected page first: its guard would otherwise redirect to /login.
      void navigate('/');
      forgetSession(queryClient);
      showToast(t('settings.accountDeleted'), 'success');
    },
  });
}
