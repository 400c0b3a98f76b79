import { useEffect, useId, useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
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
import { CardList } from '../../../components/card-list.tsx';
import { usePhoneLayout } from '../../../lib/use-phone-layout.ts';
import { useSetlists } from '../api/setlists.ts';
import { formatSetlistDate, localToday, setlistDay } from './setlist-dates.ts';
import { setlistPaths } from './setlist-texts.ts';
import { useT } from '../../../lib/i18n/i18n.ts';

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
  const t = useT();
  const headingId = useId();
  const setlists = useSetlists(teamId);
  const isPhone = usePhoneLayout();

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
        {t('setlists.upcoming.title')}
      </Typography>
      {isPhone ? (
        <CardList aria-labelledby={headingId}>
          {rows.map((row) => (
            <UpcomingSetlistCard key={row.setlist._id} {...row} />
          ))}
        </CardList>
      ) : (
        <UpcomingSetlistTable rows={rows} labelledBy={headingId} />
      )}
    </section>
  );
}

interface UpcomingSetlistTableProps {
  rows: UpcomingSetlist[];
  /** The id of the heading that names the table. */
  labelledBy: string;
}

function UpcomingSetlistTable({ rows, labelledBy }: UpcomingSetlistTableProps) {
  const t = useT();
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table aria-labelledby={labelledBy}>
        <TableHead>
          <TableRow>
            <TableCell>{t('setlists.upcoming.setlistTitle')}</TableCell>
            <TableCell>{t('setlists.upcoming.date')}</TableCell>
            <TableCell>{t('setlists.upcoming.yourPosition')}</TableCell>
            <TableCell align="right">{t('setlists.upcoming.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map(({ setlist, positions }) => (
            <TableRow key={setlist._id} hover>
              <TableCell component="th" scope="row" sx={{ fontWeight: 500 }}>
                {setlist.name}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatSetlistDate(setlist.date)}</TableCell>
              <TableCell>{positions}</TableCell>
              <TableCell align="right">
                <Stack
                  direction="row"
                  spacing={1}
                  useFlexGap
                  sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}
                >
                  <LiveButtons setlist={setlist} size="small" />
                </Stack>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** On a phone, one upcoming setlist: the table row's data, labelled, and its two buttons. */
function UpcomingSetlistCard({ setlist, positions }: UpcomingSetlist) {
  const t = useT();
  return (
    <Card component="li" variant="outlined">
      <CardContent sx={{ pb: 1 }}>
        <Typography variant="h6" component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {setlist.name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {formatSetlistDate(setlist.date)}
        </Typography>
        <Typography variant="body2" sx={{ mt: 1 }}>
          {t('setlists.upcoming.yourPositionIs', { positions })}
        </Typography>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, pt: 0, flexWrap: 'wrap', gap: 1 }} disableSpacing>
        <LiveButtons setlist={setlist} />
      </CardActions>
    </Card>
  );
}

interface LiveButtonsProps {
  setlist: Setlist;
  size?: 'small' | 'medium';
}

/** Live View and Presenter View, named with the setlist so each row's buttons differ. */
function LiveButtons({ setlist, size = 'medium' }: LiveButtonsProps) {
  const t = useT();
  const live = t('setlists.action.liveView');
  const presenter = t('setlists.action.presenterView');
  return (
    <>
      <Button
        component={RouterLink}
        to={setlistPaths.live(setlist._id)}
        variant="contained"
        size={size}
        aria-label={t('setlists.action.named', { action: live, setlist: setlist.name })}
      >
        {live}
      </Button>
      <Button
        component={RouterLink}
        to={setlistPaths.presenter(setlist._id)}
        variant="outlined"
        size={size}
        aria-label={t('setlists.action.named', { action: presenter, setlist: setlist.name })}
      >
        {presenter}
      </Button>
    </>
  );
}
