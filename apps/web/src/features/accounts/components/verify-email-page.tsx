import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { LIMITS } from '@segue/shared';
import { useCurrentAccount } from '../../../lib/session/current-account.ts';
import { useVerifyEmail } from '../api/verification.ts';
import { AccountFormCard } from '../../../components/account-form-card.tsx';
import { tNodes, useT } from '../../../lib/i18n/i18n.ts';

type VerifyStatus = 'checking' | 'invalid' | 'verifying' | 'verified' | 'failed';

/** Opens the mailed link (/verify?userId=...&secret=...) and confirms the address. */
export function VerifyEmailPage() {
  const t = useT();
  const [params] = useSearchParams();
  const userId = params.get('userId');
  const secret = params.get('secret');
  const hasLink = Boolean(userId && secret);

  const { account, isPending: accountPending } = useCurrentAccount();
  const { mutate: verify } = useVerifyEmail();
  const navigate = useNavigate();
  const [status, setStatus] = useState<VerifyStatus>(hasLink ? 'checking' : 'invalid');
  // The link works once, and StrictMode runs effects twice: the ref keeps it to one request.
  const started = useRef(false);

  useEffect(() => {
    if (started.current || !userId || !secret || accountPending) return;
    started.current = true;
    // Decided once, before the request: after a success the account turns verified too.
    if (account?.emailVerification) {
      void navigate('/', { replace: true });
      return;
    }
    setStatus('verifying');
    verify(
      { userId, secret },
      {
        onSuccess: () => setStatus('verified'),
        onError: (error) => {
          console.error('Email verification failed', error);
          setStatus('failed');
        },
      },
    );
  }, [userId, secret, accountPending, account, navigate, verify]);

  useEffect(() => {
    if (status !== 'verified') return;
    const timer = window.setTimeout(() => void navigate('/login'), LIMITS.verifiedRedirectMs);
    return () => window.clearTimeout(timer);
  }, [status, navigate]);

  return (
    <AccountFormCard title={t('accounts.emailVerification')}>
      {(status === 'checking' || status === 'verifying') && (
        <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          <CircularProgress size={24} aria-hidden="true" />
          <Typography>{t('accounts.verifying')}</Typography>
        </Box>
      )}
      {status === 'verified' && <Alert severity="success">{t('accounts.verified')}</Alert>}
      {status === 'invalid' && (
        <Alert severity="error">{t('accounts.invalidVerificationLink')}</Alert>
      )}
      {status === 'failed' && <Alert severity="error">{t('accounts.verificationFailed')}</Alert>}
      {(status === 'invalid' || status === 'failed') && (
        <Typography variant="body2" sx={{ mt: 3 }}>
          {tNodes('accounts.needNewLink', {
            link: (
              <Link component={RouterLink} to="/verify-reminder">
                {t('accounts.resendTheEmail')}
              </Link>
            ),
          })}
        </Typography>
      )}
    </AccountFormCard>
  );
}
