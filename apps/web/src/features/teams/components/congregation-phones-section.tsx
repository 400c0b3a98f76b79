import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  AudienceSettingsInputSchema,
  can,
  FOLLOW_LIMITS,
  type AudienceSettings,
} from '@segue/shared';
import { errorMessage } from '../../../lib/api-client.ts';
import { useCurrentTeam } from '../../../lib/teams/current-team.ts';
import { useToast } from '../../../components/toasts/toast-context.ts';
import { useAudienceSettings, useSaveAudienceSettings } from '../api/audience-settings.ts';
import { t as translate, useT } from '../../../lib/i18n/i18n.ts';
import { formatNumber } from '../../../lib/i18n/format.ts';
import { teamFieldError } from './team-messages.ts';

/** The field's attributes, editable or not: a whole number within the server's range. */
const NUMBER_INPUT = {
  min: FOLLOW_LIMITS.roomMin,
  max: FOLLOW_LIMITS.roomMax,
  step: 1,
  inputMode: 'numeric',
} as const;

/**
 * The congregation's phones (docs/DECISIONS.md, "The congregation follows"): whether the owner
 * confirmed that the licence covers lyrics on personal devices, and how many phones may follow
 * one setlist at once. The owner and admins set the number; anyone else sees it.
 */
export function CongregationPhonesSection({ teamId }: { teamId: string }) {
  const t = useT();
  const settings = useAudienceSettings(teamId);
  const { role } = useCurrentTeam();
  const mayEdit = role !== null && can({ role }, 'editTeam');
  return (
    <Box component="section" aria-labelledby="congregation-phones-title">
      <Typography id="congregation-phones-title" variant="h6" component="h2" gutterBottom>
        {t('teams.phonesHeading')}
      </Typography>
      {settings.isPending ? (
        <CircularProgress aria-label={t('teams.phonesLoading')} />
      ) : settings.isError ? (
        <Alert severity="error">
          {errorMessage(settings.error, t('teams.phonesFailedToLoad'))}
        </Alert>
      ) : (
        <Stack spacing={2}>
          <LicenceStatus confirmed={settings.data.licenceConfirmed} />
          {mayEdit ? (
            <RoomLimitForm teamId={teamId} saved={settings.data} />
          ) : (
            <RoomLimitReadOnly saved={settings.data} />
          )}
        </Stack>
      )}
    </Box>
  );
}

function LicenceStatus({ confirmed }: { confirmed: boolean }) {
  const t = useT();
  return (
    <Box component="dl" sx={{ m: 0 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {t('teams.phonesLicenceTitle')}
      </Typography>
      <Typography component="dd" sx={{ m: 0 }}>
        {confirmed ? t('teams.phonesLicenceConfirmed') : t('teams.phonesLicenceNotConfirmed')}
      </Typography>
    </Box>
  );
}

/** Empty means the default: the placeholder shows it, so the field never looks unlimited. */
const defaultPlaceholder = (saved: AudienceSettings) => formatNumber(saved.roomDefault);
const roomLimitHelp = (saved: AudienceSettings) =>
  translate('teams.phonesRoomLimitHelp', { count: defaultPlaceholder(saved) });

function RoomLimitForm({ teamId, saved }: { teamId: string; saved: AudienceSettings }) {
  const t = useT();
  const save = useSaveAudienceSettings(teamId);
  const { showToast } = useToast();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(AudienceSettingsInputSchema),
    defaultValues: { roomLimit: saved.roomLimit },
  });

  const onSubmit = handleSubmit((values) => {
    save.mutate(values, {
      onSuccess: (answer) => {
        reset({ roomLimit: answer.roomLimit });
        showToast(t('teams.phonesSaved'), 'success');
      },
      onError: (error) => {
        const text = errorMessage(error, t('teams.phonesFailedToSave'));
        setError('roomLimit', { message: text });
        showToast(text, 'error');
      },
    });
  });

  return (
    <Stack
      component="form"
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ alignItems: 'flex-start' }}
    >
      <TextField
        {...register('roomLimit', {
          setValueAs: (value: unknown) =>
            value === '' || value === null || value === undefined ? null : Number(value),
        })}
        label={t('teams.phonesRoomLimitLabel')}
        type="number"
        placeholder={defaultPlaceholder(saved)}
        error={Boolean(errors.roomLimit)}
        helperText={teamFieldError(errors.roomLimit?.message) ?? roomLimitHelp(saved)}
        fullWidth
        slotProps={{ inputLabel: { shrink: true }, htmlInput: NUMBER_INPUT }}
      />
      <Button
        type="submit"
        variant="contained"
        disabled={save.isPending}
        sx={{ flexShrink: 0, height: 56 }}
      >
        {t('teams.phonesSave')}
      </Button>
    </Stack>
  );
}

/** The number as anyone but the owner and admins sees it: no way to change it. */
export function RoomLimitReadOnly({ saved }: { saved: AudienceSettings }) {
  const t = useT();
  return (
    <TextField
      label={t('teams.phonesRoomLimitLabel')}
      type="number"
      value={saved.roomLimit ?? ''}
      placeholder={defaultPlaceholder(saved)}
      helperText={t('teams.phonesHelpReadOnly', {
        help: roomLimitHelp(saved),
        readOnly: t('teams.phonesReadOnly'),
      })}
      fullWidth
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { ...NUMBER_INPUT, readOnly: true } }}
    />
  );
}
