import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SessionInfo } from '@segue/shared';
import { errorMessage } from '../../../lib/api-client.ts';
import { useToast } from '../../../components/toasts/toast-context.ts';
import { useSessions, useSignOutSessions } from '../api/sessions.ts';
import { useT } from '../../../lib/i18n/i18n.ts';
import type { t as translate } from '../../../lib/i18n/i18n.ts';
import { formatDateTime } from '../../../lib/i18n/format.ts';
import { SettingsSection } from './settings-section.tsx';
import { describeUserAgent } from './user-agent.ts';

/** Sessions: where the account is signed in; any other session can be signed out. */
export function SessionsSection() {
  const t = useT();
  const sessions = useSessions();
  const signOut = useSignOutSessions();
  const { showToast } = useToast();

  const run = (sessionId: string | null) =>
    signOut.mutate(sessionId, {
      onSuccess: () =>
        showToast(
          sessionId ? t('settings.sessionSignedOut') : t('settings.otherSessionsSignedOut'),
          'success',
        ),
      onError: (error) => showToast(errorMessage(error, t('settings.couldNotSignOut')), 'error'),
    });

  const others = sessions.data?.filter((session) => !session.current) ?? [];
  const labels = sessionLabels(sessions.data ?? [], t);

  return (
    <SettingsSection title={t('settings.sessions')}>
      {sessions.isPending ? (
        <CircularProgress aria-label={t('settings.loadingSessions')} size={24} />
      ) : sessions.isError ? (
        <Alert severity="error">
          {errorMessage(sessions.error, t('settings.couldNotLoadSessions'))}
        </Alert>
      ) : (
        <>
          <List aria-label={t('settings.activeSessions')} disablePadding>
            {sessions.data.map((session) => (
              <SessionItem
                key={session.$id}
                session={session}
                label={labels.get(session.$id)!}
                onSignOut={() => run(session.$id)}
                disabled={signOut.isPending}
              />
            ))}
          </List>
          <Button
            variant="outlined"
            onClick={() => run(null)}
            disabled={others.length === 0 || signOut.isPending}
            sx={{ mt: 2 }}
          >
            {t('settings.signOutAllOthers')}
          </Button>
        </>
      )}
    </SettingsSection>
  );
}

/**
 * Each session's summary, IP address and sign-in time to the second, for the Sign out buttons'
 * names; sessions alike even in that get " (2)", " (3)" so every name stays unique.
 */
function sessionLabels(sessions: SessionInfo[], t: typeof translate): Map<string, string> {
  const seen = new Map<string, number>();
  return new Map(
    sessions.map((session) => {
      const base = t('settings.sessionLabel', {
        device: describeUserAgent(session.userAgent),
        ip: session.ip || t('settings.unknownIp'),
        // To the second, so two sessions started the same minute differ.
        time: formatDateTime(session.createdAt, { seconds: true }),
      });
      const count = (seen.get(base) ?? 0) + 1;
      seen.set(base, count);
      return [session.$id, count === 1 ? base : `${base} (${count})`];
    }),
  );
}

interface SessionItemProps {
  session: SessionInfo;
  /** Tells the session apart in its Sign out button's name. */
  label: string;
  onSignOut: () => void;
  disabled: boolean;
}

function SessionItem({ session, label, onSignOut, disabled }: SessionItemProps) {
  const t = useT();
  const summary = describeUserAgent(session.userAgent);
  const ip = session.ip || t('settings.unknownIp');
  return (
    <ListItem divider disableGutters sx={{ gap: 2, flexWrap: 'wrap' }}>
      <Box sx={{ flex: '1 1 16rem', minWidth: 0 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography sx={{ fontWeight: 600 }}>{summary}</Typography>
          {session.current && (
            <Chip label={t('settings.thisDevice')} size="small" color="primary" />
          )}
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {t('settings.ipAddress', { ip })}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('settings.signedInLastActive', {
            signedIn: formatDateTime(session.createdAt),
            lastActive: formatDateTime(session.lastActiveAt),
          })}
        </Typography>
      </Box>
      {!session.current && (
        <Button
          variant="outlined"
          color="error"
          size="small"
          onClick={onSignOut}
          disabled={disabled}
          aria-label={t('settings.signOutSession', { label })}
        >
          {t('settings.signOut')}
        </Button>
      )}
    </ListItem>
  );
}
