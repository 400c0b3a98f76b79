import { memo, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import type { SongSort, SongSummary, SortDirection } from '@segue/shared';
import { CardList } from '../../../components/card-list.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useToast } from '../../../components/toasts/toast-context.ts';
import { usePhoneLayout } from '../../../lib/use-phone-layout.ts';
import { useDeleteSong } from '../api/delete-song.ts';
import type { SongRights } from '../api/song-rights.ts';
import { useSongPage } from '../api/songs.ts';
import { SongCard } from './song-card.tsx';
import { SongDate } from './song-date.tsx';
import { SongLastUsed } from './song-last-used.tsx';
import { useT } from '../../../lib/i18n/i18n.ts';

const ROWS_PER_PAGE_OPTIONS = [25, 50, 100];
const COLUMN_COUNT = 8;
/** The pagination's buttons, named in the active language. */
const PAGE_LABELS = {
  first: 'songs.pageFirst',
  last: 'songs.pageLast',
  next: 'songs.pageNext',
  previous: 'songs.pagePrevious',
} as const;
/** Created and Updated give way to Key, Tempo and Last used below the `lg` breakpoint. */
const WIDE_ONLY = { display: { xs: 'none', lg: 'table-cell' } } as const;

interface SongOrder {
  sort: SongSort;
  dir: SortDirection;
}

/** A column's first click: dates newest first, the rest from the start of the alphabet or scale. */
const FIRST_DIRECTION: Record<SongSort, SortDirection> = {
  title: 'asc',
  key: 'asc',
  tempo: 'asc',
  lastUsed: 'desc',
  updated: 'desc',
};

interface SongTableProps {
  teamId: string;
  /** The trimmed search text; a new one starts again on the first page. */
  query: string;
  /** Whether the caller may edit and delete each song (the team's setting). */
  rightsOf: (songId: string) => SongRights;
}

/**
 * The library's songs, a page at a time from the server in the order the sortable headers choose,
 * with edit and delete per row: a table, or on a phone one card per song.
 */
export function SongTable({ teamId, query, rightsOf }: SongTableProps) {
  const t = useT();
  const [rowsPerPage, setRowsPerPage] = useState(ROWS_PER_PAGE_OPTIONS[0] ?? 25);
  const [order, setOrder] = useState<SongOrder>({ sort: 'title', dir: 'asc' });
  // The page belongs to the query it was chosen for: a new search starts on page one.
  const [paging, setPaging] = useState({ query, page: 0 });
  const page = paging.query === query ? paging.page : 0;
  const setPage = (next: number) => setPaging({ query, page: next });
  // A new order starts on page one too.
  const sortBy = (sort: SongSort) => {
    setOrder((current) => ({
      sort,
      dir: current.sort === sort ? (current.dir === 'asc' ? 'desc' : 'asc') : FIRST_DIRECTION[sort],
    }));
    setPage(0);
  };

  const songPage = useSongPage(teamId, {
    query,
    limit: rowsPerPage,
    offset: page * rowsPerPage,
    ...order,
  });
  const deleteSong = useDeleteSong(teamId);
  const isPhone = usePhoneLayout();
  const { showToast } = useToast();
  const [toDelete, setToDelete] = useState<SongSummary | null>(null);

  // Spec section 8: a failed list load is only logged.
  const loadError = songPage.error;
  useEffect(() => {
    if (loadError) console.error('Failed to load songs', loadError);
  }, [loadError]);

  const total = songPage.data?.total ?? 0;
  const lastPage = Math.max(0, Math.ceil(total / rowsPerPage) - 1);
  // After a deletion empties the last page, show the one before it.
  const outOfRange = songPage.data !== undefined && !songPage.isPlaceholderData && page > lastPage;
  useEffect(() => {
    if (outOfRange) setPaging({ query, page: lastPage });
  }, [outOfRange, query, lastPage]);

  const onDelete = (song: SongSummary) =>
    deleteSong.mutate(song._id, {
      onError: (error) => {
        // Spec section 8: only logged; the toast just tells the user it did not happen.
        console.error(`Failed to delete song ${song._id}`, error);
        showToast(t('songs.failedToDeleteSong'), 'error');
      },
      onSettled: () => setToDelete(null),
    });

  const songs = songPage.data?.songs;
  // Reserves its height, so the list does not jump while a search runs.
  const progress = (
    <Box sx={{ height: 4 }}>
      {songPage.isFetching && songs && <LinearProgress aria-label={t('songs.loadingSongs')} />}
    </Box>
  );
  const pagination = (
    <TablePagination
      component="div"
      count={total}
      page={Math.min(page, lastPage)}
      onPageChange={(_event, next) => setPage(next)}
      rowsPerPage={rowsPerPage}
      rowsPerPageOptions={ROWS_PER_PAGE_OPTIONS}
      onRowsPerPageChange={(event) => {
        setRowsPerPage(Number(event.target.value));
        setPage(0);
      }}
      labelRowsPerPage={t('songs.rowsPerPage')}
      labelDisplayedRows={({ from, to, count }) => t('songs.displayedRows', { from, to, count })}
      getItemAriaLabel={(type) => t(PAGE_LABELS[type])}
    />
  );
  const confirmDelete = (
    <ConfirmDialog
      open={toDelete !== null}
      title={t('songs.deleteSongTitle')}
      message={t('songs.confirmDelete')}
      confirmLabel={t('songs.delete')}
      onConfirm={() => toDelete && onDelete(toDelete)}
      onClose={() => setToDelete(null)}
      pending={deleteSong.isPending}
    />
  );

  if (isPhone) {
    let message: ReactNode = null;
    if (songs) message = t('songs.noMatchingSongs');
    else if (songPage.isPending && !loadError) {
      message = <CircularProgress aria-label={t('songs.loadingSongs')} />;
    }
    return (
      <Box>
        {progress}
        {songs && songs.length > 0 ? (
          <CardList aria-label={t('songs.listLabel')}>
            {songs.map((song) => (
              <SongCard key={song._id} song={song} onDelete={setToDelete} {...rightsOf(song._id)} />
            ))}
          </CardList>
        ) : (
          message && (
            <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
              {message}
            </Paper>
          )
        )}
        {pagination}
        {confirmDelete}
      </Box>
    );
  }

  return (
    <Paper variant="outlined">
      {progress}
      <TableContainer>
        <Table size="small" aria-label={t('songs.listLabel')}>
          <TableHead>
            <TableRow>
              <SortableHeader sort="title" order={order} onSort={sortBy}>
                {t('songs.column.title')}
              </SortableHeader>
              <TableCell>{t('songs.column.artist')}</TableCell>
              <SortableHeader sort="key" order={order} onSort={sortBy}>
                {t('songs.column.key')}
              </SortableHeader>
              <SortableHeader sort="tempo" order={order} onSort={sortBy}>
                {t('songs.column.tempo')}
              </SortableHeader>
              <SortableHeader sort="lastUsed" order={order} onSort={sortBy}>
                {t('songs.column.lastUsed')}
              </SortableHeader>
              <TableCell sx={WIDE_ONLY}>{t('songs.column.created')}</TableCell>
              <SortableHeader sort="updated" order={order} onSort={sortBy} sx={WIDE_ONLY}>
                {t('songs.column.updated')}
              </SortableHeader>
              <TableCell align="right">{t('songs.column.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {songs ? (
              songs.length > 0 ? (
                songs.map((song) => (
                  <SongRow
                    key={song._id}
                    song={song}
                    onDelete={setToDelete}
                    {...rightsOf(song._id)}
                  />
                ))
              ) : (
                <TableRow>
                  <TableCell colSpan={COLUMN_COUNT} align="center" sx={{ py: 4 }}>
                    {t('songs.noMatchingSongs')}
                  </TableCell>
                </TableRow>
              )
            ) : songPage.isPending && !loadError ? (
              <TableRow>
                <TableCell colSpan={COLUMN_COUNT} align="center" sx={{ py: 4 }}>
                  <CircularProgress aria-label={t('songs.loadingSongs')} />
                </TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      </TableContainer>
      {pagination}
      {confirmDelete}
    </Paper>
  );
}

interface SortableHeaderProps {
  sort: SongSort;
  order: SongOrder;
  onSort: (sort: SongSort) => void;
  sx?: typeof WIDE_ONLY;
  children: ReactNode;
}

/** A column header that orders the library by its column; the sorted one says so in aria-sort. */
function SortableHeader({ sort, order, onSort, sx, children }: SortableHeaderProps) {
  const active = order.sort === sort;
  return (
    <TableCell sortDirection={active ? order.dir : false} sx={{ whiteSpace: 'nowrap', ...sx }}>
      <TableSortLabel
        active={active}
        direction={active ? order.dir : FIRST_DIRECTION[sort]}
        onClick={() => onSort(sort)}
      >
        {children}
      </TableSortLabel>
    </TableCell>
  );
}

interface SongRowProps extends SongRights {
  song: SongSummary;
  onDelete: (song: SongSummary) => void;
}

/**
 * One song: title (to its chart), artist, key, tempo (each a dash when empty), the day it was
 * last in a setlist, dates, edit and delete.
 */
const SongRow = memo(function SongRow({ song, onDelete, mayEdit, mayDelete }: SongRowProps) {
  const t = useT();
  const navigate = useNavigate();
  return (
    <TableRow hover>
      <TableCell component="th" scope="row" sx={{ fontWeight: 500 }}>
        <Link component={RouterLink} to={`/songs/${encodeURIComponent(song._id)}`}>
          {song.title}
        </Link>
      </TableCell>
      <TableCell>{song.artist || t('songs.none')}</TableCell>
      <TableCell>{song.key ?? t('songs.none')}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        {song.tempo === null ? t('songs.none') : t('songs.bpm', { tempo: song.tempo })}
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        <SongLastUsed day={song.lastUsed} />
      </TableCell>
      <TableCell sx={WIDE_ONLY}>
        <SongDate iso={song.createdAt} />
      </TableCell>
      <TableCell sx={WIDE_ONLY}>
        <SongDate iso={song.updatedAt} />
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        {mayEdit && (
          <IconButton
            aria-label={t('songs.editNamed', { title: song.title })}
            onClick={() => void navigate(`/songs/${encodeURIComponent(song._id)}/edit`)}
            size="small"
          >
            <EditIcon fontSize="small" />
          </IconButton>
        )}
        {mayDelete && (
          <IconButton
            aria-label={t('songs.deleteNamed', { title: song.title })}
            onClick={() => onDelete(song)}
            color="error"
            size="small"
          >
            <DeleteIcon fontSize="small" />
          </IconButton>
        )}
      </TableCell>
    </TableRow>
  );
});
