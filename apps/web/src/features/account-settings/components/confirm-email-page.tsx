import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { LIMITS } from '@segue/shared';
import { errorMessage } from '../../../lib/api-client.ts';
import { useCurrentAccount } from '../../../lib/session/current-account.ts';
import { AccountFormCard } from '../../../components/account-form-card.tsx';
import { useConfirmEmailChange } from '../api/email-change.ts';
import { useT } from '../../../lib/i18n/i18n.ts';

type ConfirmStatus = 'confirming' | 'confirmed' | 'failed';

/** /confirm-email?userId=...&secret=...: the link mailed to a new address makes it the account's. */
export function ConfirmEmailPage() {
  const t = useT();
  const [params] = useSearchParams();
  const userId = params.get('userId');
  const secret = params.get('secret');
  const { account } = useCurrentAccount();
  const { mutate: confirm, error } = useConfirmEmailChange();
  const navigate = useNavigate();
  const [status, setStatus] = useState<ConfirmStatus>(userId && secret ? 'confirming' : 'failed');
  // The link works once, and StrictMode runs effects twice: the ref keeps it to one request.
  const started = useRef(false);

  useEffect(() => {
    if (started.current || !userId || !secret) return;
    started.current = true;
    confirm(
      { userId, secret },
      {
        onSuccess: () => setStatus('confirmed'),
        onError: (failure) => {
          console.error('Email change confirmation failed', failure);
          setStatus('failed');
        },
      },
    );
  }, [userId, secret, confirm]);

  const loggedIn = Boolean(account);
  useEffect(() => {
    if (status !== 'confirmed') return;
    const to = loggedIn ? '/settings' : '/login';
    const timer = window.setTimeout(() => void navigate(to), LIMITS.verifiedRedirectMs);
    return () => window.clearTimeout(timer);
  }, [status, loggedIn, navigate]);

  return (
    <AccountFormCard title={t('settings.confirmNewEmail')}>
      {status === 'confirming' && (
        <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          <CircularProgress size={24} aria-hidden="true" />
          <Typography>{t('settings.confirmingEmail')}</Typography>
        </Box>
      )}
      {status === 'confirmed' && <Alert severity="success">{t('settings.emailChanged')}</Alert>}
      {status === 'failed' && (
        <Alert severity="error">{errorMessage(error, t('server.linkInvalid'))}</Alert>
      )}
    </AccountFormCard>
  );
}
