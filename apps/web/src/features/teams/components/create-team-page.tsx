import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LIMITS, TeamInputSchema } from '@segue/shared';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { BackButton } from '../../../components/back-button.tsx';
import { useToast } from '../../../components/toasts/toast-context.ts';
import { useCreateTeam } from '../api/create-team.ts';
import { selectTeam } from '../../../lib/teams/current-team.ts';
import { TeamFormFields } from './team-form-fields.tsx';
import { t as translate, useT } from '../../../lib/i18n/i18n.ts';
import { translateServerText } from '../../../lib/i18n/server-texts.ts';

/** Spec section 8: the error field, then the error's message, then 'Something went wrong'. */
function creationErrorText(error: unknown): string {
  if (error instanceof ApiRequestError && error.error) return translateServerText(error.error);
  return (error instanceof Error && error.message) || translate('teams.somethingWentWrong');
}

/** /create: a new team, owned by the user, who is taken to the dashboard with it selected. */
export function CreateTeamPage() {
  const t = useT();
  const createTeam = useCreateTeam();
  const navigate = useNavigate();
  const { showToast } = useToast();
  const [created, setCreated] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    watch,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(TeamInputSchema),
    defaultValues: { name: '', description: '' },
  });

  useEffect(() => {
    if (!created) return;
    const timer = window.setTimeout(
      () => void navigate('/dashboard'),
      LIMITS.teamCreatedRedirectMs,
    );
    return () => window.clearTimeout(timer);
  }, [created, navigate]);

  const onSubmit = handleSubmit((values) => {
    createTeam.mutate(values, {
      onSuccess: (team) => {
        showToast(t('teams.teamCreated'), 'success');
        reset();
        selectTeam(team._id);
        setCreated(true);
      },
      onError: (error) => {
        if (!(error instanceof ApiRequestError)) console.error('Team creation failed', error);
        showToast(creationErrorText(error), 'error');
      },
    });
  });

  const nameIsEmpty = !watch('name').trim();

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, sm: 5 } }}>
      <Paper elevation={3} sx={{ p: { xs: 3, sm: 4 } }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 3 }}>
          <BackButton />
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
            {t('teams.createATeam')}
          </Typography>
        </Stack>
        <Stack component="form" noValidate onSubmit={(event) => void onSubmit(event)} spacing={2}>
          <TeamFormFields register={register} errors={errors} autoFocus />
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={createTeam.isPending || nameIsEmpty}
          >
            {createTeam.isPending ? t('teams.creating') : t('teams.createTeam')}
          </Button>
        </Stack>
      </Paper>
    </Container>
  );
}
