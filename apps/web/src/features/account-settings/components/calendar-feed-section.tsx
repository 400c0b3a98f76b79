import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CALENDAR_FEED_TEXTS } from '@segue/shared';
import { errorMessage } from '../../../lib/api-client.ts';
import { useToast } from '../../../components/toasts/toast-context.ts';
import { useCalendarFeed, useCreateCalendarFeed } from '../api/calendar-feed.ts';
import { SettingsSection } from './settings-section.tsx';

const T = CALENDAR_FEED_TEXTS;
const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * Calendar: the account's personal calendar address (webcal and https), with the services it
 * plays in or leads songs in. The address is kept only hashed, so it is shown when made;
 * Revoke makes a new one and the old one stops working.
 */
export function CalendarFeedSection() {
  const feed = useCalendarFeed();
  const create = useCreateCalendarFeed();
  const { showToast } = useToast();
  const made = create.data;
  const active = feed.data?.active ?? false;

  const renew = () =>
    create.mutate(undefined, {
      onSuccess: () => showToast(active ? T.revoked : T.created, 'success'),
      onError: (error) => showToast(errorMessage(error, T.failedToCreate), 'error'),
    });

  return (
    <SettingsSection title={T.title}>
      <Stack spacing={2}>
        <Typography variant="body2" color="text.secondary">
          {T.explained}
        </Typography>
        {feed.isPending ? (
          <CircularProgress aria-label="Loading your calendar address" size={24} />
        ) : feed.isError ? (
          <Alert severity="error">{errorMessage(feed.error, T.failedToLoad)}</Alert>
        ) : (
          <>
            {made ? (
              <Stack spacing={2}>
                <Alert severity="info">{T.shownOnce}</Alert>
                <TextField
                  label={T.webcalLabel}
                  value={made.webcalUrl}
                  slotProps={{ htmlInput: { readOnly: true } }}
                  onFocus={(event) => event.target.select()}
                  fullWidth
                />
                <TextField
                  label={T.httpsLabel}
                  value={made.url}
                  slotProps={{ htmlInput: { readOnly: true } }}
                  onFocus={(event) => event.target.select()}
                  fullWidth
                />
              </Stack>
            ) : (
              <Typography>
                {active && feed.data.createdAt
                  ? T.activeSince(day.format(new Date(feed.data.createdAt)))
                  : T.none}
              </Typography>
            )}
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              <Button variant="outlined" onClick={renew} disabled={create.isPending}>
                {active ? T.revoke : T.create}
              </Button>
              {active && (
                <Typography variant="body2" color="text.secondary">
                  {T.revokeExplained}
                </Typography>
              )}
            </Stack>
          </>
        )}
      </Stack>
    </SettingsSection>
  );
}
