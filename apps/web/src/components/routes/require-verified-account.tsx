import { Navigate, Outlet } from 'react-router';
import { useCurrentAccount } from '../../lib/session/current-account.ts';
import { PageLoading } from '../layout/page-loading.tsx';
import { OfflineKeeper } from '../offline/offline-keeper.tsx';
import { AccountLoadError } from './account-load-error.tsx';
import { PendingInviteRedirect } from './pending-invite-redirect.tsx';

/**
 * Guards every route but the public ones: a logged-out visitor goes to /login, an
 * account whose e-mail is not verified yet goes to /verify-reminder.
 */
export function RequireVerifiedAccount() {
  const { account, isPending, isError, refetch, isFetching } = useCurrentAccount();

  if (isPending) return <PageLoading />;
  // The server could not be reached: being sent to /login would suggest the session was lost.
  if (isError) return <AccountLoadError onRetry={() => void refetch()} retrying={isFetching} />;
  if (!account) return <Navigate to="/login" replace />;
  if (!account.emailVerification) return <Navigate to="/verify-reminder" replace />;
  return (
    <>
      <OfflineKeeper account={account} />
      <PendingInviteRedirect />
      <Outlet />
    </>
  );
}
