import { useState } from 'react';
import { Navigate, Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { TEXTS } from '@segue/shared';
import { PageLoading } from '../../../components/layout/page-loading.tsx';
import { pendingVerificationEmail } from '../../../lib/storage.ts';
import { useCurrentAccount } from '../../../lib/session/current-account.ts';
import { useResendVerification } from '../api/verification.ts';
import { AccountFormCard } from '../../../components/account-form-card.tsx';

/** While the link waits in the inbox, look again now and then so the page moves on by itself. */
const VERIFICATION_POLL_MS = 10_000;

type ResendResult = 'sent' | 'failed' | null;

/** Reached after registering, or after a login refused for an unverified address. */
export function VerifyReminderPage() {
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
    <AccountFormCard title={TEXTS.pleaseVerify}>
      <Typography sx={{ mb: 1 }}>
        We sent a verification link to{' '}
        {email ? <Box component="strong">{email}</Box> : 'your email address'}.
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Check your inbox (and the spam folder) and open the link to finish setting up your account.
      </Typography>
      <Button variant="contained" fullWidth onClick={onResend} disabled={resend.isPending}>
        Resend Verification Email
      </Button>
      {result && (
        <Alert severity={result === 'sent' ? 'success' : 'error'} sx={{ mt: 2 }}>
          {result === 'sent' ? TEXTS.verificationResent : TEXTS.couldNotResend}
        </Alert>
      )}
      {!account && (
        <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
          Verified already?{' '}
          <Link component={RouterLink} to="/login">
            Back to log in
          </Link>
        </Typography>
      )}
    </AccountFormCard>
  );
}
