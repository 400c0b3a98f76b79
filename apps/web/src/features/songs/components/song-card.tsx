import { Fragment, memo } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import type { SongSummary } from '@segue/shared';
import type { SongRights } from '../api/song-rights.ts';
import { SongDate } from './song-date.tsx';
import { SongLastUsed } from './song-last-used.tsx';
import { tNodes, useT } from '../../../lib/i18n/i18n.ts';

interface SongCardProps extends SongRights {
  song: SongSummary;
  onDelete: (song: SongSummary) => void;
}

/**
 * One song of the library on a phone: the table row's title (to its chart), artist (a dash when
 * empty), then key, tempo and last used on a line of their own, and the dates, with edit and
 * delete beside the title, named as on the table.
 */
export const SongCard = memo(function SongCard({
  song,
  onDelete,
  mayEdit,
  mayDelete,
}: SongCardProps) {
  const t = useT();
  const navigate = useNavigate();
  const facts = [
    song.key === null ? null : t('songs.card.key', { key: song.key }),
    song.tempo === null ? null : t('songs.bpm', { tempo: song.tempo }),
  ].filter((fact) => fact !== null);
  return (
    <Card component="li" variant="outlined">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', p: 2, pr: 1 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography
            variant="subtitle1"
            component="h2"
            sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
          >
            <Link component={RouterLink} to={`/songs/${encodeURIComponent(song._id)}`}>
              {song.title}
            </Link>
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {song.artist || t('songs.none')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {/*
              Labelled, as a card has no column headers; a key or tempo the song does not have
              is left out rather than dashed (the dash on a card means "no artist").
            */}
            {facts.map((fact) => (
              <Fragment key={fact}>
                <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                  {fact}
                </Box>
                {' · '}
              </Fragment>
            ))}
            <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
              {tNodes('songs.card.lastUsed', { day: <SongLastUsed day={song.lastUsed} /> })}
            </Box>
          </Typography>
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
            {/* Each date stays whole: a line breaks between them, not inside one. */}
            <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
              {tNodes('songs.card.created', { date: <SongDate iso={song.createdAt} /> })}
            </Box>
            {' · '}
            <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
              {tNodes('songs.card.updated', { date: <SongDate iso={song.updatedAt} /> })}
            </Box>
          </Typography>
        </Box>
        <Stack direction="row" sx={{ flexShrink: 0 }}>
          {mayEdit && (
            <IconButton
              aria-label={t('songs.editNamed', { title: song.title })}
              onClick={() => void navigate(`/songs/${encodeURIComponent(song._id)}/edit`)}
            >
              <EditIcon />
            </IconButton>
          )}
          {mayDelete && (
            <IconButton
              aria-label={t('songs.deleteNamed', { title: song.title })}
              onClick={() => onDelete(song)}
              color="error"
            >
              <DeleteIcon />
            </IconButton>
          )}
        </Stack>
      </Stack>
    </Card>
  );
});
