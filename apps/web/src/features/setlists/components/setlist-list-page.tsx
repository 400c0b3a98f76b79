import { useEffect } from 'react';
import type { ReactElement, ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import PlayCircleIcon from '@mui/icons-material/PlayCircle';
import SlideshowIcon from '@mui/icons-material/Slideshow';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { SETLIST_TEXTS } from '@segue/shared';
import type { Setlist } from '@segue/shared';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSetlists } from '../api/setlists.ts';
import { CurrentTeamGate } from './current-team-gate.tsx';
import { formatSetlistDate } from './setlist-dates.ts';
import { SETLIST_SCREEN_TEXTS, setlistPaths } from './setlist-texts.ts';

const COLUMN_COUNT = 4;

/** /setlists: the current team's setlists, newest date first, with view, edit and live links. */
export function SetlistListPage() {
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, sm: 5 } }}>
      <Stack
        direction="row"
        spacing={2}
        useFlexGap
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', mb: 3 }}
      >
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
          {SETLIST_SCREEN_TEXTS.setlists}
        </Typography>
        <Button
          component={RouterLink}
          to={setlistPaths.create}
          variant="contained"
          startIcon={<AddIcon />}
        >
          {SETLIST_TEXTS.newSetlist}
        </Button>
      </Stack>
      <CurrentTeamGate>
        {(team) => <SetlistTable key={team._id} teamId={team._id} />}
      </CurrentTeamGate>
    </Container>
  );
}

function SetlistTable({ teamId }: { teamId: string }) {
  const setlists = useSetlists(teamId);

  const loadError = setlists.error;
  useEffect(() => {
    if (loadError) console.error('Failed to load setlists', loadError);
  }, [loadError]);

  let body: ReactElement | ReactElement[];
  if (setlists.data) {
    body =
      setlists.data.length > 0 ? (
        setlists.data.map((setlist) => <SetlistRow key={setlist._id} setlist={setlist} />)
      ) : (
        <MessageRow>{SETLIST_SCREEN_TEXTS.noSetlists}</MessageRow>
      );
  } else if (loadError) {
    body = (
      <MessageRow>
        <Alert severity="error" sx={{ justifyContent: 'center' }}>
          {errorMessage(loadError, SETLIST_SCREEN_TEXTS.failedToLoadSetlists)}
        </Alert>
      </MessageRow>
    );
  } else {
    body = (
      <MessageRow>
        <CircularProgress aria-label="Loading" />
      </MessageRow>
    );
  }

  return (
    <TableContainer component={Paper} variant="outlined">
      <Table aria-label={SETLIST_SCREEN_TEXTS.setlists}>
        <TableHead>
          <TableRow>
            <TableCell>Name</TableCell>
            <TableCell>Date</TableCell>
            <TableCell>Notes</TableCell>
            <TableCell align="right">Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>{body}</TableBody>
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
  const actions = [
    {
      label: SETLIST_SCREEN_TEXTS.view,
      to: setlistPaths.view(setlist._id),
      icon: <VisibilityIcon />,
    },
    { label: SETLIST_SCREEN_TEXTS.edit, to: setlistPaths.edit(setlist._id), icon: <EditIcon /> },
    {
      label: SETLIST_SCREEN_TEXTS.liveView,
      to: setlistPaths.live(setlist._id),
      icon: <PlayCircleIcon />,
    },
    {
      label: SETLIST_SCREEN_TEXTS.presenterView,
      to: setlistPaths.presenter(setlist._id),
      icon: <SlideshowIcon />,
    },
  ];
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
        {actions.map((action) => (
          <Tooltip key={action.label} title={action.label} describeChild>
            <IconButton
              component={RouterLink}
              to={action.to}
              aria-label={`${action.label} ${setlist.name}`}
              size="small"
            >
              {action.icon}
            </IconButton>
          </Tooltip>
        ))}
      </TableCell>
    </TableRow>
  );
}
