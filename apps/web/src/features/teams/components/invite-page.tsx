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
import { INVITE_TEXTS, inviteStatusMessage } from '@segue/shared';
import { errorMessage } from '../../../lib/api-client.ts';
import { useCurrentAccount } from '../../../lib/session/current-account.ts';
import { pendingInvite } from '../../../lib/storage.ts';
import { AccountFormCard } from '../../../components/account-form-card.tsx';
import { PageLoading } from '../../../components/layout/page-loading.tsx';
import { useToast } from '../../../components/toasts/toast-context.ts';
import { useAcceptInvite, useInvitePreview } from '../api/invites.ts';

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
        if (joined) showToast(INVITE_TEXTS.joined(team.name), 'success');
        else showToast(INVITE_TEXTS.alreadyMember(team.name), 'info');
        void navigate('/dashboard', { replace: true });
      },
    });
  }, [token, mutate, navigate, showToast]);

  if (accept.isError) {
    return <InvitationProblem message={errorMessage(accept.error, INVITE_TEXTS.failedToOpen)} />;
  }
  return (
    <Box role="status" sx={{ display: 'flex', justifyContent: 'center', gap: 2, py: 8 }}>
      <CircularProgress size={24} aria-hidden="true" />
      <Typography>{INVITE_TEXTS.loading}</Typography>
    </Box>
  );
}

function InvitationForVisitor({ token }: { token: string }) {
  const preview = useInvitePreview(token, true);
  const valid = preview.data?.status === 'valid';

  // Kept for after the sign-in, whichever way the visitor goes on (these buttons, the top
  // bar's, a registration and its mailed link).
  useEffect(() => {
    if (valid) pendingInvite.set(token);
  }, [valid, token]);

  if (preview.isPending) return <PageLoading />;
  if (preview.isError) {
    return <InvitationProblem message={errorMessage(preview.error, INVITE_TEXTS.failedToOpen)} />;
  }
  const { teamName, status } = preview.data;
  if (status !== 'valid') return <InvitationProblem message={inviteStatusMessage(status)} />;

  return (
    <AccountFormCard title={INVITE_TEXTS.invitedTo(teamName)} subtitle={INVITE_TEXTS.signInToJoin}>
      <Stack direction="row" spacing={2}>
        <Button component={RouterLink} to="/login" variant="contained" size="large" fullWidth>
          {INVITE_TEXTS.logIn}
        </Button>
        <Button component={RouterLink} to="/register" variant="outlined" size="large" fullWidth>
          {INVITE_TEXTS.register}
        </Button>
      </Stack>
    </AccountFormCard>
  );
}

/** Why the invitation cannot be used, as the page's heading, and the way on. */
function InvitationProblem({ message }: { message: string }) {
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, sm: 8 } }}>
      <Alert severity="error" sx={{ mb: 3 }}>
        <AlertTitle component="h1" sx={{ typography: 'h6', mb: 0 }}>
          {message}
        </AlertTitle>
      </Alert>
      <Button component={RouterLink} to="/dashboard" variant="contained">
        {INVITE_TEXTS.goToDashboard}
      </Button>
    </Container>
  );
}
