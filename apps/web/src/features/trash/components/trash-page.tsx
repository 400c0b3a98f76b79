import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import RestoreFromTrashIcon from '@mui/icons-material/RestoreFromTrash';
import { TRASH_DAYS, type TrashEntry } from '@segue/shared';
import { NoTeamMessage } from '../../../components/no-team-message.tsx';
import { PageLoading } from '../../../components/layout/page-loading.tsx';
import { useToast } from '../../../components/toasts/toast-context.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useChangesAllowed } from '../../../lib/offline/offline-copy.ts';
import { useCurrentTeam } from '../../../lib/teams/current-team.ts';
import { useRestore, useTrash, type TrashKind } from '../api/trash.ts';
import { useT } from '../../../lib/i18n/i18n.ts';
import { formatDate, formatDay } from '../../../lib/i18n/format.ts';

const day = (iso: string) => formatDate(iso);
/** A setlist's date is a calendar day: shown as that day wherever the device is. */
const calendarDay = (ymd: string) => formatDay(ymd.slice(0, 10));

/** /trash: the team's deleted songs and setlists for 30 days, with Restore for whoever may. */
export function TrashPage() {
  const t = useT();
  const { currentTeam, isPending } = useCurrentTeam();
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, sm: 5 } }}>
      <Typography variant="h4" component="h1" gutterBottom sx={{ fontWeight: 700 }}>
        {t('trash.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('trash.intro', { days: TRASH_DAYS })}
      </Typography>
      {isPending ? (
        <PageLoading />
      ) : currentTeam ? (
        <TeamTrash key={currentTeam._id} teamId={currentTeam._id} />
      ) : (
        <NoTeamMessage />
      )}
      <Stack direction="row" spacing={1} sx={{ mt: 3 }}>
        <Button component={RouterLink} to="/songs">
          {t('trash.songLibrary')}
        </Button>
        <Button component={RouterLink} to="/setlists">
          {t('trash.setlists')}
        </Button>
      </Stack>
    </Container>
  );
}

function TeamTrash({ teamId }: { teamId: string }) {
  const t = useT();
  const trash = useTrash(teamId);
  const restore = useRestore(teamId);
  const { showToast } = useToast();
  const changesAllowed = useChangesAllowed();

  if (trash.error) {
    return <Alert severity="error">{errorMessage(trash.error, t('trash.failedToLoad'))}</Alert>;
  }
  if (!trash.data) return <PageLoading />;

  const onRestore = (kind: TrashKind, entry: TrashEntry) =>
    restore.mutate(
      { kind, id: entry._id },
      {
        onSuccess: () =>
          showToast(
            kind === 'songs' ? t('trash.songRestored') : t('trash.setlistRestored'),
            'success',
          ),
        onError: (error) => showToast(errorMessage(error, t('trash.failedToRestore')), 'error'),
      },
    );

  const section = (kind: TrashKind, heading: string, entries: TrashEntry[]) => (
    <Paper variant="outlined" component="section" aria-label={heading} sx={{ p: 2 }}>
      <Typography variant="h6" component="h2">
        {heading}
      </Typography>
      {entries.length === 0 ? (
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {t('trash.empty')}
        </Typography>
      ) : (
        <List aria-label={heading}>
          {entries.map((entry) => {
            const detail = kind === 'setlists' ? calendarDay(entry.detail) : entry.detail;
            const when = day(entry.deletedAt);
            return (
              <ListItem
                key={entry._id}
                divider
                secondaryAction={
                  entry.canRestore && (
                    <Button
                      startIcon={<RestoreFromTrashIcon />}
                      aria-label={t('trash.restoreItem', { title: entry.title })}
                      onClick={() => onRestore(kind, entry)}
                      disabled={restore.isPending || !changesAllowed}
                    >
                      {t('trash.restore')}
                    </Button>
                  )
                }
              >
                <ListItemText
                  primary={
                    detail
                      ? t('trash.entryWithDetail', { title: entry.title, detail })
                      : entry.title
                  }
                  secondary={t('trash.deletedAndPurge', {
                    deleted: entry.deletedBy
                      ? t('trash.deletedBy', { name: entry.deletedBy.name, when })
                      : t('trash.deletedByUnknown', { when }),
                    purge: t('trash.purgeOn', { when: day(entry.purgeAt) }),
                  })}
                  sx={{ pr: entry.canRestore ? 14 : 0 }}
                />
              </ListItem>
            );
          })}
        </List>
      )}
    </Paper>
  );

  return (
    <Stack spacing={3}>
      {section('songs', t('trash.songs'), trash.data.songs)}
      {section('setlists', t('trash.setlists'), trash.data.setlists)}
    </Stack>
  );
}
