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
import { TEAM_TEXTS, personLabel } from './team-texts.ts';

interface TransferOwnershipDialogProps {
  team: Team;
  open: boolean;
  onClose: () => void;
}

/** Transfer Team Ownership: the owner picks another member to take over. */
export function TransferOwnershipDialog({ team, open, onClose }: TransferOwnershipDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>Transfer Team Ownership</DialogTitle>
      <TransferOwnershipForm team={team} onClose={onClose} />
    </Dialog>
  );
}

function TransferOwnershipForm({ team, onClose }: Omit<TransferOwnershipDialogProps, 'open'>) {
  const { userId } = useCurrentTeam();
  const candidates = team.members.filter((memberId) => memberId !== userId);
  const people = usePeople(candidates);
  const transfer = useTransferOwnership(team._id);
  const { showToast } = useToast();
  const [newOwnerId, setNewOwnerId] = useState('');

  const onTransfer = () =>
    transfer.mutate(newOwnerId, {
      onSuccess: () => {
        showToast(TEAM_TEXTS.ownershipTransferred, 'success');
        onClose();
      },
      onError: (error) => {
        console.error('Ownership transfer failed', error);
        showToast(errorMessage(error, TEAM_TEXTS.failedToTransferOwnership), 'error');
      },
    });

  return (
    <>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          The new owner can transfer or delete the team. You stay an admin.
        </DialogContentText>
        <TextField
          select
          label="New Owner"
          value={newOwnerId}
          onChange={(event) => setNewOwnerId(event.target.value)}
          fullWidth
          disabled={candidates.length === 0}
          helperText={candidates.length === 0 ? 'Nobody else is in this team yet.' : undefined}
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
          Cancel
        </Button>
        <Button
          variant="contained"
          onClick={onTransfer}
          disabled={!newOwnerId || transfer.isPending}
        >
          Transfer
        </Button>
      </DialogActions>
    </>
  );
}
