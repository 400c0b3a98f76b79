import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { Team } from '@segue/shared';
import { errorMessage } from '../../../lib/api-client.ts';
import { useToast } from '../../../components/toasts/toast-context.ts';
import { useCurrentTeam } from '../../../lib/teams/current-team.ts';
import { useTransferOwnership } from '../api/ownership.ts';
import { usePeople } from '../../../lib/teams/teams.ts';
import { personLabel } from './team-texts.ts';
import { useT } from '../../../lib/i18n/i18n.ts';

interface TransferOwnershipDialogProps {
  team: Team;
  open: boolean;
  onClose: () => void;
}

/** Transfer Team Ownership: the owner picks another member to take over. */
export function TransferOwnershipDialog({ team, open, onClose }: TransferOwnershipDialogProps) {
  const t = useT();
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>{t('teams.transferTeamOwnership')}</DialogTitle>
      <TransferOwnershipForm team={team} onClose={onClose} />
    </Dialog>
  );
}

function TransferOwnershipForm({ team, onClose }: Omit<TransferOwnershipDialogProps, 'open'>) {
  const t = useT();
  const { userId } = useCurrentTeam();
  const candidates = team.members.filter((memberId) => memberId !== userId);
  const people = usePeople(candidates);
  const transfer = useTransferOwnership(team._id);
  const { showToast } = useToast();
  const [newOwnerId, setNewOwnerId] = useState('');

  const onTransfer = () =>
    transfer.mutate(newOwnerId, {
      onSuccess: () => {
        showToast(t('teams.ownershipTransferred'), 'success');
        onClose();
      },
      onError: (error) => {
        console.error('Ownership transfer failed', error);
        showToast(errorMessage(error, t('teams.failedToTransferOwnership')), 'error');
      },
    });

  return (
    <>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('teams.transferExplained')}</DialogContentText>
        <TextField
          select
          label={t('teams.newOwner')}
          value={newOwnerId}
          onChange={(event) => setNewOwnerId(event.target.value)}
          fullWidth
          disabled={candidates.length === 0}
          helperText={candidates.length === 0 ? t('teams.nobodyElse') : undefined}
        >
          {candidates.map((memberId) => (
            <MenuItem key={memberId} value={memberId}>
              {personLabel(
                people.data?.find((person) => person.$id === memberId),
                memberId,
              )}
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={transfer.isPending}>
          {t('teams.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={onTransfer}
          disabled={!newOwnerId || transfer.isPending}
        >
          {t('teams.transfer')}
        </Button>
      </DialogActions>
    </>
  );
}
