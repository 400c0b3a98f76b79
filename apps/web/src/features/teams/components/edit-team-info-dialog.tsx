import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { TeamInputSchema } from '@segue/shared';
import type { Team } from '@segue/shared';
import { errorMessage } from '../../../lib/api-client.ts';
import { useToast } from '../../../components/toasts/toast-context.ts';
import { useUpdateTeam } from '../api/update-team.ts';
import { TeamFormFields } from './team-form-fields.tsx';
import { useT } from '../../../lib/i18n/i18n.ts';

interface EditTeamInfoDialogProps {
  team: Team;
  open: boolean;
  onClose: () => void;
}

/** Edit Team Info: renames the team or changes its description. */
export function EditTeamInfoDialog({ team, open, onClose }: EditTeamInfoDialogProps) {
  const t = useT();
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{t('teams.editTeamInfo')}</DialogTitle>
      {/* Mounted only while open, so every opening starts from the team's current info. */}
      <EditTeamInfoForm team={team} onClose={onClose} />
    </Dialog>
  );
}

function EditTeamInfoForm({ team, onClose }: Omit<EditTeamInfoDialogProps, 'open'>) {
  const t = useT();
  const update = useUpdateTeam(team._id);
  const { showToast } = useToast();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(TeamInputSchema),
    defaultValues: { name: team.name, description: team.description },
  });

  const onSubmit = handleSubmit((values) => {
    update.mutate(values, {
      onSuccess: () => {
        showToast(t('teams.teamInfoUpdated'), 'success');
        onClose();
      },
      onError: (error) => showToast(errorMessage(error, t('teams.failedToUpdateTeam')), 'error'),
    });
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)}>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {update.isError && (
            <Alert severity="error">
              {errorMessage(update.error, t('teams.failedToUpdateTeam'))}
            </Alert>
          )}
          <TeamFormFields register={register} errors={errors} autoFocus />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={update.isPending}>
          {t('teams.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={update.isPending}>
          {t('teams.save')}
        </Button>
      </DialogActions>
    </form>
  );
}
