import { useEffect, useId, useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Setlist } from '@segue/shared';
import { useSetlists } from '../api/setlists.ts';
import { formatSetlistDate, localToday, setlistDay } from './setlist-dates.ts';
import { SETLIST_SCREEN_TEXTS, setlistPaths } from './setlist-texts.ts';

interface UpcomingSetlist {
  setlist: Setlist;
  /** The user's positions in it, comma-separated. */
  positions: string;
}

/** The team's setlists from today on in which the user holds a position, soonest first. */
function upcomingSetlistsOf(
  setlists: readonly Setlist[],
  userId: string,
  today: string,
): UpcomingSetlist[] {
  return setlists
    .filter((setlist) => setlistDay(setlist.date) >= today)
    .map((setlist) => ({
      setlist,
      positions: setlist.positions
        .filter((position) => position.assignedTo === userId)
        .map((position) => position.name)
        .join(', '),
    }))
    .filter((row) => row.positions !== '')
    .sort(
      (a, b) =>
        setlistDay(a.setlist.date).localeCompare(setlistDay(b.setlist.date)) ||
        a.setlist.name.localeCompare(b.setlist.name),
    );
}

interface UpcomingSetlistsProps {
  teamId: string;
  userId: string;
}

/**
 * The dashboard's "Upcoming Setlists": shown only when the user plays in a coming setlist of the
 * current team. A failed load shows nothing (spec section 8).
 */
export function UpcomingSetlists({ teamId, userId }: UpcomingSetlistsProps) {
  const headingId = useId();
  const setlists = useSetlists(teamId);

  const loadError = setlists.error;
  useEffect(() => {
    if (loadError) console.error('Failed to load upcoming setlists', loadError);
  }, [loadError]);

  const rows = useMemo(
    () => upcomingSetlistsOf(setlists.data ?? [], userId, localToday()),
    [setlists.data, userId],
  );
  if (rows.length === 0) return null;

  return (
    <section aria-labelledby={headingId}>
      <Typography id={headingId} variant="h5" component="h2" gutterBottom sx={{ fontWeight: 600 }}>
        {SETLIST_SCREEN_TEXTS.upcomingSetlists}
      </Typography>
      <TableContainer component={Paper} variant="outlined">
        <Table aria-labelledby={headingId}>
          <TableHead>
            <TableRow>
              <TableCell>Setlist Title</TableCell>
              <TableCell>Date</TableCell>
              <TableCell>Your Position</TableCell>
              <TableCell align="right">Actions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map(({ setlist, positions }) => (
              <TableRow key={setlist._id} hover>
                <TableCell component="th" scope="row" sx={{ fontWeight: 500 }}>
                  {setlist.name}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {formatSetlistDate(setlist.date)}
                </TableCell>
                <TableCell>{positions}</TableCell>
                <TableCell align="right">
                  <Stack
                    direction="row"
                    spacing={1}
                    useFlexGap
                    sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}
                  >
                    <Button
                      component={RouterLink}
                      to={setlistPaths.live(setlist._id)}
                      variant="contained"
                      size="small"
                      aria-label={`${SETLIST_SCREEN_TEXTS.liveView} ${setlist.name}`}
                    >
                      {SETLIST_SCREEN_TEXTS.liveView}
                    </Button>
                    <Button
                      component={RouterLink}
                      to={setlistPaths.presenter(setlist._id)}
                      variant="outlined"
                      size="small"
                      aria-label={`${SETLIST_SCREEN_TEXTS.presenterView} ${setlist.name}`}
                    >
                      {SETLIST_SCREEN_TEXTS.presenterView}
                    </Button>
                  </Stack>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </section>
  );
}
