import { useState } from 'react';
import { Navigate, Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { PageLoading } from '../../../components/layout/page-loading.tsx';
import { pendingVerificationEmail } from '../../../lib/storage.ts';
import { useCurrentAccount } from '../../../lib/session/current-account.ts';
import { useResendVerification } from '../api/verification.ts';
import { AccountFormCard } from '../../../components/account-form-card.tsx';
import { tNodes, useT } from '../../../lib/i18n/i18n.ts';

/** While the link waits in the inbox, look again now and then so the page moves on by itself. */
const VERIFICATION_POLL_MS = 10_000;

type ResendResult = 'sent' | 'failed' | null;

/** Reached after registering, or after a login refused for an unverified address. */
export function VerifyReminderPage() {
  const t = useT();
  const { account, isPending } = useCurrentAccount({
    refetchOnWindowFocus: 'always',
    refetchInterval: (query) =>
      query.state.data && !query.state.data.emailVerification ? VERIFICATION_POLL_MS : false,
  });
  const resend = useResendVerification();
  const [result, setResult] = useState<ResendResult>(null);
  // Read once: the address stays what it was when the page opened.
  const [pendingEmail] = useState(() => pendingVerificationEmail.get());

  if (isPending) return <PageLoading />;
  if (account?.emailVerification) return <Navigate to="/dashboard" replace />;

  const email = account?.email ?? pendingEmail;

  const onResend = () => {
    setResult(null);
    // Logged in, the token names the account; otherwise the refused address does.
    resend.mutate(account || !pendingEmail ? {} : { email: pendingEmail }, {
      onSuccess: () => setResult('sent'),
      onError: (error) => {
        console.error('Resending the verification email failed', error);
        setResult('failed');
      },
    });
  };

  return (
    <AccountFormCard title={t('accounts.pleaseVerify')}>
      <Typography sx={{ mb: 1 }}>
        {tNodes('accounts.sentLinkTo', {
          email: email ? <Box component="strong">{email}</Box> : t('accounts.yourEmailAddress'),
        })}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('accounts.checkInbox')}
      </Typography>
      <Button variant="contained" fullWidth onClick={onResend} disabled={resend.isPending}>
        {t('accounts.resendVerificationEmail')}
      </Button>
      {result && (
        <Alert severity={result === 'sent' ? 'success' : 'error'} sx={{ mt: 2 }}>
          {result === 'sent' ? t('accounts.verificationResent') : t('accounts.couldNotResend')}
        </Alert>
      )}
      {!account && (
        <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
          {tNodes('accounts.verifiedAlready', {
            link: (
              <Link component={RouterLink} to="/login">
                {t('accounts.backToLogIn')}
              </Link>
            ),
          })}
        </Typography>
      )}
    </AccountFormCard>
  );
}
