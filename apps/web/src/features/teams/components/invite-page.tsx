import { useEffect, useRef } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { InviteStatus } from '@segue/shared';
import { errorMessage } from '../../../lib/api-client.ts';
import { useCurrentAccount } from '../../../lib/session/current-account.ts';
import { pendingInvite } from '../../../lib/storage.ts';
import { AccountFormCard } from '../../../components/account-form-card.tsx';
import { PageLoading } from '../../../components/layout/page-loading.tsx';
import { useToast } from '../../../components/toasts/toast-context.ts';
import { useAcceptInvite, useInvitePreview } from '../api/invites.ts';
import { useT, type MessageId } from '../../../lib/i18n/i18n.ts';

/** Why an invitation cannot be used, as the invitation's answer says it. */
const STATUS_MESSAGES: Record<Exclude<InviteStatus, 'valid'>, MessageId> = {
  expired: 'teams.inviteExpired',
  revoked: 'teams.inviteRevoked',
  used: 'teams.inviteUsed',
};

/**
 * /invite/:token, reachable signed out. A verified account joins at once and lands in the
 * team's dashboard; a visitor sees whom the invitation joins, and it is kept for after they
 * log in, or register and verify their address.
 */
export function InvitePage() {
  const { token = '' } = useParams();
  const { account, isPending } = useCurrentAccount();

  if (isPending) return <PageLoading />;
  if (account?.emailVerification) return <AcceptInvitation token={token} />;
  if (account) return <AfterVerification token={token} />;
  return <InvitationForVisitor token={token} />;
}

/** Signed in, not verified yet: the invitation waits for the verification. */
function AfterVerification({ token }: { token: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    pendingInvite.set(token);
    void navigate('/verify-reminder', { replace: true });
  }, [token, navigate]);
  return <PageLoading />;
}

function AcceptInvitation({ token }: { token: string }) {
  const t = useT();
  const accept = useAcceptInvite();
  const navigate = useNavigate();
  const { showToast } = useToast();
  // One request, though StrictMode runs effects twice.
  const started = useRef(false);
  const { mutate } = accept;

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    mutate(token, {
      onSuccess: ({ team, joined }) => {
        if (joined) showToast(t('teams.joined', { teamName: team.name }), 'success');
        else showToast(t('teams.alreadyMember', { teamName: team.name }), 'info');
        void navigate('/dashboard', { replace: true });
      },
    });
  }, [token, mutate, navigate, showToast, t]);

  if (accept.isError) {
    return (
      <InvitationProblem message={errorMessage(accept.error, t('teams.inviteFailedToOpen'))} />
    );
  }
  return (
    <Box role="status" sx={{ display: 'flex', justifyContent: 'center', gap: 2, py: 8 }}>
      <CircularProgress size={24} aria-hidden="true" />
      <Typography>{t('teams.inviteLoading')}</Typography>
    </Box>
  );
}

function InvitationForVisitor({ token }: { token: string }) {
  const t = useT();
  const preview = useInvitePreview(token, true);
  const valid = preview.data?.status === 'valid';

  // Kept for after the sign-in, whichever way the visitor goes on (these buttons, the top
  // bar's, a registration and its mailed link).
  useEffect(() => {
    if (valid) pendingInvite.set(token);
  }, [valid, token]);

  if (preview.isPending) return <PageLoading />;
  if (preview.isError) {
    return (
      <InvitationProblem message={errorMessage(preview.error, t('teams.inviteFailedToOpen'))} />
    );
  }
  const { teamName, status } = preview.data;
  if (status !== 'valid') return <InvitationProblem message={t(STATUS_MESSAGES[status])} />;

  return (
    <AccountFormCard title={t('teams.invitedTo', { teamName })} subtitle={t('teams.signInToJoin')}>
      <Stack direction="row" spacing={2}>
        <Button component={RouterLink} to="/login" variant="contained" size="large" fullWidth>
          {t('teams.logIn')}
        </Button>
        <Button component={RouterLink} to="/register" variant="outlined" size="large" fullWidth>
          {t('teams.register')}
        </Button>
      </Stack>
    </AccountFormCard>
  );
}

/** Why the invitation cannot be used, as the page's heading, and the way on. */
function InvitationProblem({ message }: { message: string }) {
  const t = useT();
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, sm: 8 } }}>
      <Alert severity="error" sx={{ mb: 3 }}>
        <AlertTitle component="h1" sx={{ typography: 'h6', mb: 0 }}>
          {message}
        </AlertTitle>
      </Alert>
      <Button component={RouterLink} to="/dashboard" variant="contained">
        {t('teams.goToDashboard')}
      </Button>
    </Container>
  );
}
