import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { OwnJoinRequest } from '@segue/shared';
import { errorMessage } from '../../../lib/api-client.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useToast } from '../../../components/toasts/toast-context.ts';
import { useOwnJoinRequests, useWithdrawJoinRequest } from '../api/own-join-requests.ts';
import { useT } from '../../../lib/i18n/i18n.ts';

/**
 * The dashboard's "Pending requests": the teams the user asked to join, each with a way to
 * withdraw the request. Nothing shows while there are none, or when they cannot be loaded
 * (like the dashboard's setlists, spec section 8).
 */
export function PendingJoinRequests() {
  const t = useT();
  const requests = useOwnJoinRequests();
  const withdraw = useWithdrawJoinRequest();
  const { showToast } = useToast();
  // The request being confirmed; kept after the dialog closes, so its text stays as it fades.
  const [target, setTarget] = useState<OwnJoinRequest | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const headingId = useId();

  const pending = requests.data ?? [];
  if (pending.length === 0 && !confirmOpen) return null;

  const onWithdraw = () => {
    if (!target) return;
    withdraw.mutate(target.teamId, {
      onSuccess: () => {
        setConfirmOpen(false);
        showToast(t('teams.requestWithdrawn'), 'success');
      },
      onError: (error) => {
        setConfirmOpen(false);
        showToast(errorMessage(error, t('teams.failedToWithdrawRequest')), 'error');
      },
    });
  };

  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId} sx={{ maxWidth: 560 }}>
      <CardContent>
        <Typography id={headingId} variant="h6" component="h2" sx={{ fontWeight: 600 }}>
          {t('teams.pendingRequestsTitle')}
        </Typography>
        <List aria-labelledby={headingId} disablePadding>
          {pending.map((request, index) => (
            <ListItem
              key={request.teamId}
              disableGutters
              divider={index < pending.length - 1}
              sx={{ gap: 1.5, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}
            >
              <ListItemText
                primary={request.teamName}
                slotProps={{ primary: { sx: { fontWeight: 600, overflowWrap: 'anywhere' } } }}
              />
              <Chip
                label={t('teams.requestPending')}
                size="small"
                color="warning"
                variant="outlined"
              />
              <Button
                size="small"
                color="error"
                onClick={() => {
                  setTarget(request);
                  setConfirmOpen(true);
                }}
                aria-label={t('teams.withdrawRequestTo', { teamName: request.teamName })}
                sx={{ flexShrink: 0 }}
              >
                {t('teams.withdrawRequest')}
              </Button>
            </ListItem>
          ))}
        </List>
      </CardContent>
      <ConfirmDialog
        open={confirmOpen}
        title={t('teams.withdrawRequest')}
        message={target ? t('teams.confirmWithdrawRequest', { teamName: target.teamName }) : ''}
        confirmLabel={t('teams.confirmWithdrawButton')}
        onConfirm={onWithdraw}
        onClose={() => setConfirmOpen(false)}
        pending={withdraw.isPending}
      />
    </Card>
  );
}
