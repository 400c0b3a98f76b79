import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../../lib/api-client.ts';
import { useToast } from '../../../components/toasts/toast-context.ts';
import { useCalendarFeed, useCreateCalendarFeed } from '../api/calendar-feed.ts';
import { SettingsSection } from './settings-section.tsx';
import { useT } from '../../../lib/i18n/i18n.ts';
import { formatDateTime } from '../../../lib/i18n/format.ts';

/**
 * Calendar: the account's personal calendar address (webcal and https), with the services it
 * plays in or leads songs in. The address is kept only hashed, so it is shown when made;
 * Revoke makes a new one and the old one stops working.
 */
export function CalendarFeedSection() {
  const t = useT();
  const feed = useCalendarFeed();
  const create = useCreateCalendarFeed();
  const { showToast } = useToast();
  const made = create.data;
  const active = feed.data?.active ?? false;

  const renew = () =>
    create.mutate(undefined, {
      onSuccess: () => showToast(active ? t('calendar.revoked') : t('calendar.created'), 'success'),
      onError: (error) => showToast(errorMessage(error, t('calendar.failedToCreate')), 'error'),
    });

  return (
    <SettingsSection title={t('calendar.title')}>
      <Stack spacing={2}>
        <Typography variant="body2" color="text.secondary">
          {t('calendar.explained')}
        </Typography>
        {feed.isPending ? (
          <CircularProgress aria-label={t('calendar.loading')} size={24} />
        ) : feed.isError ? (
          <Alert severity="error">{errorMessage(feed.error, t('calendar.failedToLoad'))}</Alert>
        ) : (
          <>
            {made ? (
              <Stack spacing={2}>
                <Alert severity="info">{t('calendar.shownOnce')}</Alert>
                <TextField
                  label={t('calendar.webcalLabel')}
                  value={made.webcalUrl}
                  slotProps={{ htmlInput: { readOnly: true } }}
                  onFocus={(event) => event.target.select()}
                  fullWidth
                />
                <TextField
                  label={t('calendar.httpsLabel')}
                  value={made.url}
                  slotProps={{ htmlInput: { readOnly: true } }}
                  onFocus={(event) => event.target.select()}
                  fullWidth
                />
              </Stack>
            ) : (
              <Typography>
                {active && feed.data.createdAt
                  ? t('calendar.activeSince', { when: formatDateTime(feed.data.createdAt) })
                  : t('calendar.none')}
              </Typography>
            )}
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              <Button variant="outlined" onClick={renew} disabled={create.isPending}>
                {active ? t('calendar.revoke') : t('calendar.create')}
              </Button>
              {active && (
                <Typography variant="body2" color="text.secondary">
                  {t('calendar.revokeExplained')}
                </Typography>
              )}
            </Stack>
          </>
        )}
      </Stack>
    </SettingsSection>
  );
}
