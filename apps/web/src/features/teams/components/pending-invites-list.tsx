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
import { INVITE_TEXTS } from '@segue/shared';
import type { Invite } from '@segue/shared';
import { errorMessage } from '../../../lib/api-client.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useToast } from '../../../components/toasts/toast-context.ts';
import { usePendingInvites, useWithdrawInvite } from '../api/invites.ts';

const expiryFormat = new Intl.DateTimeFormat(undefined, {
  dateStyle: 'medium',
  timeStyle: 'short',
});

/** What an invitation is: its address, or a link and how much of it is used. */
function describe(invite: Invite): { title: string; detail: string } {
  const expires = INVITE_TEXTS.expires(expiryFormat.format(new Date(invite.expiresAt)));
  if (invite.kind === 'email') {
    return { title: invite.email ?? '', detail: `${INVITE_TEXTS.emailItem} · ${expires}` };
  }
  const uses =
    invite.maxUses === null
      ? INVITE_TEXTS.usedNoLimit(invite.uses)
      : INVITE_TEXTS.usedOf(invite.uses, invite.maxUses);
  return { title: INVITE_TEXTS.linkItem, detail: `${uses} · ${expires}` };
}

/** Pending Invitations: the ones that still work, each of which an admin may withdraw. */
export function PendingInvitesList({ teamId }: { teamId: string }) {
  const invites = usePendingInvites(teamId);
  const withdraw = useWithdrawInvite(teamId);
  const { showToast } = useToast();
  const [confirming, setConfirming] = useState<Invite | null>(null);

  const onConfirm = () => {
    if (!confirming) return;
    withdraw.mutate(confirming._id, {
      onSuccess: () => showToast(INVITE_TEXTS.withdrawn, 'success'),
      onError: (error) => showToast(errorMessage(error, INVITE_TEXTS.failedToWithdraw), 'error'),
      onSettled: () => setConfirming(null),
    });
  };

  return (
    <Box component="section" aria-labelledby="pending-invites-title">
      <Typography id="pending-invites-title" variant="h6" component="h2" gutterBottom>
        {INVITE_TEXTS.pendingTitle}
      </Typography>
      {invites.isPending ? (
        <CircularProgress aria-label="Loading invitations" />
      ) : invites.isError ? (
        <Alert severity="error">{errorMessage(invites.error, INVITE_TEXTS.failedToLoad)}</Alert>
      ) : invites.data.length === 0 ? (
        <Typography color="text.secondary">{INVITE_TEXTS.noPending}</Typography>
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
                    aria-label={INVITE_TEXTS.withdrawLabel(`${title}, ${detail}`)}
                    onClick={() => setConfirming(invite)}
                    sx={{ ml: 'auto' }}
                  >
                    {INVITE_TEXTS.withdraw}
                  </Button>
                </ListItem>
              );
            })}
          </List>
        </Paper>
      )}
      <ConfirmDialog
        open={confirming !== null}
        title={INVITE_TEXTS.withdrawTitle}
        message={INVITE_TEXTS.confirmWithdraw}
        confirmLabel={INVITE_TEXTS.withdraw}
        onConfirm={onConfirm}
        onClose={() => setConfirming(null)}
        pending={withdraw.isPending}
      />
    </Box>
  );
}
