import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Invite } from '@segue/shared';
import { errorMessage } from '../../../lib/api-client.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useToast } from '../../../components/toasts/toast-context.ts';
import { usePendingInvites, useWithdrawInvite } from '../api/invites.ts';
import { t as translate, useT } from '../../../lib/i18n/i18n.ts';
import { formatDateTime } from '../../../lib/i18n/format.ts';

/** What an invitation is: its address, or a link and how much of it is used. */
function describe(invite: Invite): { title: string; detail: string } {
  const expires = translate('teams.expires', { when: formatDateTime(invite.expiresAt) });
  if (invite.kind === 'email') {
    const what = translate('teams.emailItem');
    return {
      title: invite.email ?? '',
      detail: translate('teams.inviteDetail', { what, expires }),
    };
  }
  const what =
    invite.maxUses === null
      ? translate('teams.usedNoLimit', { uses: invite.uses })
      : translate('teams.usedOf', { uses: invite.uses, maxUses: invite.maxUses });
  return {
    title: translate('teams.linkItem'),
    detail: translate('teams.inviteDetail', { what, expires }),
  };
}

/** Pending Invitations: the ones that still work, each of which an admin may withdraw. */
export function PendingInvitesList({ teamId }: { teamId: string }) {
  const t = useT();
  const invites = usePendingInvites(teamId);
  const withdraw = useWithdrawInvite(teamId);
  const { showToast } = useToast();
  const [confirming, setConfirming] = useState<Invite | null>(null);

  const onConfirm = () => {
    if (!confirming) return;
    withdraw.mutate(confirming._id, {
      onSuccess: () => showToast(t('teams.inviteWithdrawn'), 'success'),
      onError: (error) =>
        showToast(errorMessage(error, t('teams.failedToWithdrawInvite')), 'error'),
      onSettled: () => setConfirming(null),
    });
  };

  return (
    <Box component="section" aria-labelledby="pending-invites-title">
      <Typography id="pending-invites-title" variant="h6" component="h2" gutterBottom>
        {t('teams.pendingInvitesTitle')}
      </Typography>
      {invites.isPending ? (
        <CircularProgress aria-label={t('teams.loadingInvitations')} />
      ) : invites.isError ? (
        <Alert severity="error">
          {errorMessage(invites.error, t('teams.failedToLoadInvites'))}
        </Alert>
      ) : invites.data.length === 0 ? (
        <Typography color="text.secondary">{t('teams.noPendingInvites')}</Typography>
      ) : (
        <Paper variant="outlined">
          <List aria-labelledby="pending-invites-title" disablePadding>
            {invites.data.map((invite) => {
              const { title, detail } = describe(invite);
              return (
                <ListItem key={invite._id} divider sx={{ gap: 1, flexWrap: 'wrap' }}>
                  <ListItemText primary={title} secondary={detail} />
                  <Button
                    variant="outlined"
                    size="small"
                    color="error"
                    aria-label={t('teams.withdrawLabel', { title, detail })}
                    onClick={() => setConfirming(invite)}
                    sx={{ ml: 'auto' }}
                  >
                    {t('teams.withdraw')}
                  </Button>
                </ListItem>
              );
            })}
          </List>
        </Paper>
      )}
      <ConfirmDialog
        open={confirming !== null}
        title={t('teams.withdrawInviteTitle')}
        message={t('teams.confirmWithdrawInvite')}
        confirmLabel={t('teams.withdraw')}
        onConfirm={onConfirm}
        onClose={() => setConfirming(null)}
        pending={withdraw.isPending}
      />
    </Box>
  );
}
