import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { Team } from '@segue/shared';
import { errorMessage } from '../../../lib/api-client.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useToast } from '../../../components/toasts/toast-context.ts';
import { useCurrentTeam } from '../../../lib/teams/current-team.ts';
import { useLeaveTeam } from '../api/ownership.ts';
import { useT } from '../../../lib/i18n/i18n.ts';

/** The dashboard's summary of the current team, with Manage Team (admins) and Leave Team. */
export function ActiveTeamCard({ team }: { team: Team }) {
  const t = useT();
  const { teams, selectTeam, isAdmin, isOwner } = useCurrentTeam();
  const leave = useLeaveTeam();
  const { showToast } = useToast();
  const [confirmOpen, setConfirmOpen] = useState(false);
  const titleId = useId();

  const onLeave = () =>
    leave.mutate(team._id, {
      onSuccess: () => {
        setConfirmOpen(false);
        showToast(t('teams.leftTeam'), 'success');
        selectTeam(teams.find((other) => other._id !== team._id)?._id ?? null);
      },
      onError: (error) => {
        setConfirmOpen(false);
        showToast(errorMessage(error, t('teams.failedToLeaveTeam')), 'error');
      },
    });

  return (
    <Card variant="outlined" component="section" aria-labelledby={titleId} sx={{ maxWidth: 560 }}>
      <CardContent>
        <Typography variant="overline" component="p" color="text.secondary">
          {t('teams.activeTeam')}
        </Typography>
        <Typography id={titleId} variant="h5" component="h2" gutterBottom sx={{ fontWeight: 600 }}>
          {team.name}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 1.5, whiteSpace: 'pre-line' }}>
          {team.description.trim() || t('teams.noTeamDescription')}
        </Typography>
        <Typography variant="body2">
          {t('teams.memberCount', { count: team.members.length })}
        </Typography>
      </CardContent>
      {(isAdmin || !isOwner) && (
        <CardActions sx={{ px: 2, pb: 2 }}>
          {isAdmin && (
            <Button component={RouterLink} to="/teams" variant="outlined">
              {t('teams.manageTeam')}
            </Button>
          )}
          {!isOwner && (
            <Button color="error" onClick={() => setConfirmOpen(true)}>
              {t('teams.leaveTeam')}
            </Button>
          )}
        </CardActions>
      )}
      <ConfirmDialog
        open={confirmOpen}
        title={t('teams.leaveTeam')}
        message={t('teams.confirmLeaveTeam')}
        confirmLabel={t('teams.leave')}
        onConfirm={onLeave}
        onClose={() => setConfirmOpen(false)}
        pending={leave.isPending}
      />
    </Card>
  );
}
