import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import type { Setlist } from '@segue/shared';
import { CardList } from '../../../components/card-list.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { usePhoneLayout } from '../../../lib/use-phone-layout.ts';
import { useSetlists } from '../api/setlists.ts';
import { useSetlistRights } from '../api/setlist-rights.ts';
import { CurrentTeamGate } from '../../../components/current-team-gate.tsx';
import { SetlistActionIcon, setlistActions } from './setlist-actions.tsx';
import { SetlistCard } from './setlist-card.tsx';
import { formatSetlistDate } from './setlist-dates.ts';
import { setlistPaths } from './setlist-texts.ts';
import { useT } from '../../../lib/i18n/i18n.ts';
import { useChangesAllowed } from '../../../lib/offline/offline-copy.ts';

const COLUMN_COUNT = 4;

/** /setlists: the current team's setlists, newest date first, with view, edit and live links. */
export function SetlistListPage() {
  const t = useT();
  const changesAllowed = useChangesAllowed();
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, sm: 5 } }}>
      <Stack
        direction="row"
        spacing={2}
        useFlexGap
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', mb: 3 }}
      >
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
          {t('setlists.title')}
        </Typography>
        <Stack direction="row" spacing={1}>
          <Button component={RouterLink} to="/trash" startIcon={<DeleteOutlineIcon />}>
            {t('setlists.trash')}
          </Button>
          <Button
            component={RouterLink}
            disabled={!changesAllowed}
            to={setlistPaths.create}
            variant="contained"
            startIcon={<AddIcon />}
          >
            {t('setlists.newSetlist')}
          </Button>
        </Stack>
      </Stack>
      <CurrentTeamGate>
        {(team) => <TeamSetlists key={team._id} teamId={team._id} />}
      </CurrentTeamGate>
    </Container>
  );
}

/** The team's setlists: a table, or on a phone one card per setlist. */
function TeamSetlists({ teamId }: { teamId: string }) {
  const t = useT();
  const setlists = useSetlists(teamId);
  const isPhone = usePhoneLayout();

  const loadError = setlists.error;
  useEffect(() => {
    if (loadError) console.error('Failed to load setlists', loadError);
  }, [loadError]);

  if (setlists.data && setlists.data.length > 0) {
    return isPhone ? (
      <CardList aria-label={t('setlists.title')}>
        {setlists.data.map((setlist) => (
          <SetlistCard key={setlist._id} setlist={setlist} />
        ))}
      </CardList>
    ) : (
      <SetlistTable>
        {setlists.data.map((setlist) => (
          <SetlistRow key={setlist._id} setlist={setlist} />
        ))}
      </SetlistTable>
    );
  }

  let message: ReactNode;
  if (setlists.data) {
    message = t('setlists.noSetlists');
  } else if (loadError) {
    message = (
      <Alert severity="error" sx={{ justifyContent: 'center' }}>
        {errorMessage(loadError, t('setlists.failedToLoadSetlists'))}
      </Alert>
    );
  } else {
    message = <CircularProgress aria-label={t('shell.loading')} />;
  }
  return isPhone ? (
    <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
      {message}
    </Paper>
  ) : (
    <SetlistTable>
      <MessageRow>{message}</MessageRow>
    </SetlistTable>
  );
}

function SetlistTable({ children }: { children: ReactNode }) {
  const t = useT();
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table aria-label={t('setlists.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('setlists.list.name')}</TableCell>
            <TableCell>{t('setlists.list.date')}</TableCell>
            <TableCell>{t('setlists.list.notes')}</TableCell>
            <TableCell align="right">{t('setlists.list.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>{children}</TableBody>
      </Table>
    </TableContainer>
  );
}

function MessageRow({ children }: { children: ReactNode }) {
  return (
    <TableRow>
      <TableCell colSpan={COLUMN_COUNT} align="center" sx={{ py: 4 }}>
        {children}
      </TableCell>
    </TableRow>
  );
}

/** One setlist: name, day, notes (a dash when empty) and its four icon actions. */
function SetlistRow({ setlist }: { setlist: Setlist }) {
  const { view, edit, live, presenter } = setlistActions(setlist);
  const { mayEdit } = useSetlistRights()(setlist);
  const notes = setlist.notes.trim();
  return (
    <TableRow hover>
      <TableCell component="th" scope="row" sx={{ fontWeight: 500 }}>
        {setlist.name}
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatSetlistDate(setlist.date)}</TableCell>
      <TableCell
        title={notes || undefined}
        sx={{
          maxWidth: 360,
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: 'nowrap',
          color: notes ? undefined : 'text.secondary',
        }}
      >
        {notes || '-'}
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        {(mayEdit ? [view, edit, live, presenter] : [view, live, presenter]).map((action) => (
          <SetlistActionIcon key={action.label} action={action} size="small" />
        ))}
      </TableCell>
    </TableRow>
  );
}
