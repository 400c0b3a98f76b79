import { useState } from 'react';
import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TeamDetails } from '@segue/shared';
import { errorMessage } from '../../../lib/api-client.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useToast } from '../../../components/toasts/toast-context.ts';
import { useCurrentTeam } from '../../../lib/teams/current-team.ts';
import { useDeleteTeam } from '../api/ownership.ts';
import { EditTeamInfoDialog } from './edit-team-info-dialog.tsx';
import { TeamEditorsSettings } from './team-editors-settings.tsx';
import { TeamImageSettings } from './team-image-settings.tsx';
import { TeamListeningSettings } from './team-listening-settings.tsx';
import { TransferOwnershipDialog } from './transfer-ownership-dialog.tsx';
import { useT } from '../../../lib/i18n/i18n.ts';

type OpenDialog = 'edit' | 'transfer' | 'delete' | null;

/** Overview: the team's name, description and counts; Edit Info, and the owner's actions. */
export function TeamOverviewTab({ team }: { team: TeamDetails }) {
  const t = useT();
  const { teams, selectTeam, isOwner } = useCurrentTeam();
  const deleteTeam = useDeleteTeam();
  const navigate = useNavigate();
  const { showToast } = useToast();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const close = () => setDialog(null);

  const onDelete = () =>
    deleteTeam.mutate(team._id, {
      onSuccess: () => {
        close();
        showToast(t('teams.teamDeleted'), 'success');
        selectTeam(teams.find((other) => other._id !== team._id)?._id ?? null);
        void navigate('/dashboard');
      },
      onError: (error) => {
        console.error('Team deletion failed', error);
        close();
        showToast(errorMessage(error, t('teams.failedToDeleteTeam')), 'error');
      },
    });

  const stats = [
    { label: t('teams.statMembers'), value: team.stats.members },
    { label: t('teams.statSongs'), value: team.stats.songs },
    { label: t('teams.statSetlists'), value: team.stats.setlists },
  ];

  return (
    <>
      <Box
        component="dl"
        sx={{ m: 0, '& dt': { typography: 'overline', color: 'text.secondary' } }}
      >
        <dt>{t('teams.teamName')}</dt>
        <Typography component="dd" variant="h6" sx={{ m: 0, mb: 2 }}>
          {team.name}
        </Typography>
        <dt>{t('teams.description')}</dt>
        <Typography component="dd" sx={{ m: 0, mb: 3, whiteSpace: 'pre-line' }}>
          {team.description.trim() || t('teams.noDescriptionProvided')}
        </Typography>
      </Box>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: 2, m: 0 }}
      >
        {stats.map(({ label, value }) => (
          <Paper key={label} variant="outlined" sx={{ p: 2, textAlign: 'center' }}>
            <Typography component="dt" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" variant="h4" sx={{ m: 0, fontWeight: 700 }}>
              {value}
            </Typography>
          </Paper>
        ))}
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 4 }}>
        <Button variant="contained" onClick={() => setDialog('edit')}>
          {t('teams.editInfo')}
        </Button>
        {isOwner && (
          <>
            <Button variant="outlined" onClick={() => setDialog('transfer')}>
              {t('teams.transferOwnership')}
            </Button>
            <Button variant="outlined" color="error" onClick={() => setDialog('delete')}>
              {t('teams.deleteTeam')}
            </Button>
          </>
        )}
      </Stack>

      <TeamImageSettings team={team} />
      <TeamEditorsSettings team={team} />
      <TeamListeningSettings team={team} />

      <EditTeamInfoDialog team={team} open={dialog === 'edit'} onClose={close} />
      <TransferOwnershipDialog team={team} open={dialog === 'transfer'} onClose={close} />
      <ConfirmDialog
        open={dialog === 'delete'}
        title={t('teams.confirmTeamDeletionTitle')}
        message={t('teams.confirmTeamDeletion')}
        confirmLabel={t('teams.delete')}
        onConfirm={onDelete}
        onClose={close}
        pending={deleteTeam.isPending}
      />
    </>
  );
}
