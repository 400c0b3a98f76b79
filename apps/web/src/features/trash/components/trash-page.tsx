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
import { TRASH_TEXTS, type TrashEntry } from '@segue/shared';
import { NoTeamMessage } from '../../../components/no-team-message.tsx';
import { PageLoading } from '../../../components/layout/page-loading.tsx';
import { useToast } from '../../../components/toasts/toast-context.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useChangesAllowed } from '../../../lib/offline/offline-copy.ts';
import { useCurrentTeam } from '../../../lib/teams/current-team.ts';
import { useRestore, useTrash, type TrashKind } from '../api/trash.ts';

const day = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
/** A setlist's date is a calendar day: shown as that day wherever the device is. */
const calendarDay = (ymd: string) =>
  new Date(`${ymd.slice(0, 10)}T00:00:00Z`).toLocaleDateString(undefined, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

/** /trash: the team's deleted songs and setlists for 30 days, with Restore for whoever may. */
export function TrashPage() {
  const { currentTeam, isPending } = useCurrentTeam();
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, sm: 5 } }}>
      <Typography variant="h4" component="h1" gutterBottom sx={{ fontWeight: 700 }}>
        {TRASH_TEXTS.title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {TRASH_TEXTS.intro}
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
          Song Library
        </Button>
        <Button component={RouterLink} to="/setlists">
          Setlists
        </Button>
      </Stack>
    </Container>
  );
}

function TeamTrash({ teamId }: { teamId: string }) {
  const trash = useTrash(teamId);
  const restore = useRestore(teamId);
  const { showToast } = useToast();
  const changesAllowed = useChangesAllowed();

  if (trash.error) {
    return <Alert severity="error">{errorMessage(trash.error, TRASH_TEXTS.failedToLoad)}</Alert>;
  }
  if (!trash.data) return <PageLoading />;

  const onRestore = (kind: TrashKind, entry: TrashEntry) =>
    restore.mutate(
      { kind, id: entry._id },
      {
        onSuccess: () =>
          showToast(
            kind === 'songs' ? TRASH_TEXTS.songRestored : TRASH_TEXTS.setlistRestored,
            'success',
          ),
        onError: (error) => showToast(errorMessage(error, TRASH_TEXTS.failedToRestore), 'error'),
      },
    );

  const section = (kind: TrashKind, heading: string, entries: TrashEntry[]) => (
    <Paper variant="outlined" component="section" aria-label={heading} sx={{ p: 2 }}>
      <Typography variant="h6" component="h2">
        {heading}
      </Typography>
      {entries.length === 0 ? (
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {TRASH_TEXTS.empty}
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
                      aria-label={`${TRASH_TEXTS.restore} ${entry.title}`}
                      onClick={() => onRestore(kind, entry)}
                      disabled={restore.isPending || !changesAllowed}
                    >
                      {TRASH_TEXTS.restore}
                    </Button>
                  )
                }
              >
                <ListItemText
                  primary={detail ? `${entry.title} — ${detail}` : entry.title}
                  secondary={
                    <>
                      {entry.deletedBy
                        ? TRASH_TEXTS.deletedBy(entry.deletedBy.name, when)
                        : TRASH_TEXTS.deletedByUnknown(when)}
                      {' · '}
                      {TRASH_TEXTS.purgeOn(day(entry.purgeAt))}
                    </>
                  }
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
      {section('songs', TRASH_TEXTS.songs, trash.data.songs)}
      {section('setlists', TRASH_TEXTS.setlists, trash.data.setlists)}
    </Stack>
  );
}
