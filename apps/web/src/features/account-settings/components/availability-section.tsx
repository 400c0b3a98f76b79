import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { BlockoutInputSchema, PEOPLE_LIMITS } from '@segue/shared';
import type { Blockout } from '@segue/shared';
import { useToast } from '../../../components/toasts/toast-context.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useAddBlockout, useBlockouts, useDeleteBlockout } from '../api/availability.ts';
import { SettingsSection } from './settings-section.tsx';
import { useT } from '../../../lib/i18n/i18n.ts';
import { formatDay } from '../../../lib/i18n/format.ts';
import { fieldError } from '../../../lib/i18n/server-texts.ts';

type BlockoutFormValues = z.input<typeof BlockoutInputSchema>;
type CheckedBlockout = z.output<typeof BlockoutInputSchema>;

/**
 * "Jul 1, 2030 – Jul 14, 2030", or one day, in the interface's language. A day is a calendar
 * day, not an instant: `formatDay` shows the same day everywhere.
 */
const blockoutRange = (b: Pick<Blockout, 'startsOn' | 'endsOn'>) =>
  b.startsOn === b.endsOn
    ? formatDay(b.startsOn)
    : `${formatDay(b.startsOn)} – ${formatDay(b.endsOn)}`;

/**
 * Availability: the days the account is away, across its teams. Whoever plans a
 * setlist on one of them is warned; the reason is shown to the admins of its teams only.
 */
export function AvailabilitySection() {
  const t = useT();
  const blockouts = useBlockouts();
  const remove = useDeleteBlockout();
  const { showToast } = useToast();

  return (
    <SettingsSection title={t('people.availability')}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('people.availabilityExplained')}
      </Typography>
      <Stack spacing={3}>
        {blockouts.isPending ? (
          <CircularProgress aria-label={t('settings.loadingDaysAway')} size={24} />
        ) : blockouts.isError ? (
          <Alert severity="error">
            {errorMessage(blockouts.error, t('people.failedToLoadBlockouts'))}
          </Alert>
        ) : blockouts.data.length === 0 ? (
          <Typography>{t('people.noBlockouts')}</Typography>
        ) : (
          <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {blockouts.data.map((b) => (
              <Paper key={b._id} component="li" variant="outlined" sx={{ px: 2, py: 1 }}>
                <Stack
                  direction="row"
                  spacing={2}
                  useFlexGap
                  sx={{ alignItems: 'center', flexWrap: 'wrap' }}
                >
                  <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
                    <Typography sx={{ fontWeight: 500 }}>{blockoutRange(b)}</Typography>
                    {b.reason && (
                      <Typography
                        variant="body2"
                        color="text.secondary"
                        sx={{ overflowWrap: 'anywhere' }}
                      >
                        {b.reason}
                      </Typography>
                    )}
                  </Box>
                  <Button
                    color="error"
                    disabled={remove.isPending}
                    aria-label={t('settings.deleteDaysAway', { days: blockoutRange(b) })}
                    onClick={() =>
                      remove.mutate(b._id, {
                        onSuccess: () => showToast(t('people.blockoutDeleted'), 'success'),
                        onError: (error) =>
                          showToast(errorMessage(error, t('people.failedToSaveBlockout')), 'error'),
                      })
                    }
                  >
                    {t('people.deleteBlockout')}
                  </Button>
                </Stack>
              </Paper>
            ))}
          </Stack>
        )}
        <AddBlockoutForm />
      </Stack>
    </SettingsSection>
  );
}

/** First day, last day and an optional reason, then Add Dates. */
function AddBlockoutForm() {
  const t = useT();
  const add = useAddBlockout();
  const { showToast } = useToast();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<BlockoutFormValues, unknown, CheckedBlockout>({
    resolver: zodResolver(BlockoutInputSchema),
    defaultValues: { startsOn: '', endsOn: '', reason: '' },
  });

  const onSubmit = handleSubmit((values) =>
    add.mutate(values, {
      onSuccess: () => {
        reset();
        showToast(t('people.blockoutAdded'), 'success');
      },
    }),
  );

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={(event) => void onSubmit(event)}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          label={t('people.firstDay')}
          type="date"
          required
          {...register('startsOn')}
          error={Boolean(errors.startsOn)}
          helperText={fieldError(errors.startsOn?.message)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          label={t('people.lastDay')}
          type="date"
          required
          {...register('endsOn')}
          error={Boolean(errors.endsOn)}
          helperText={fieldError(errors.endsOn?.message)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Stack>
      <TextField
        label={t('people.reason')}
        {...register('reason')}
        error={Boolean(errors.reason)}
        helperText={fieldError(errors.reason?.message)}
        slotProps={{ htmlInput: { maxLength: PEOPLE_LIMITS.blockoutReasonMaxLength } }}
      />
      {add.isError && (
        <Alert severity="error">{errorMessage(add.error, t('people.failedToSaveBlockout'))}</Alert>
      )}
      <Box>
        <Button type="submit" variant="contained" disabled={add.isPending}>
          {t('people.addBlockout')}
        </Button>
      </Box>
    </Stack>
  );
}
