import { memo } from 'react';
import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import type { SongSummary } from '@segue/shared';
import { SongDate } from './song-date.tsx';

interface SongCardProps {
  song: SongSummary;
  onDelete: (song: SongSummary) => void;
}

/**
 * One song of the library on a phone: the table row's title, artist (a dash when empty) and
 * dates, with edit and delete beside the title, named as on the table.
 */
export const SongCard = memo(function SongCard({ song, onDelete }: SongCardProps) {
  const navigate = useNavigate();
  return (
    <Card component="li" variant="outlined">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', p: 2, pr: 1 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography
            variant="subtitle1"
            component="h2"
            sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
          >
            {song.title}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {song.artist || '—'}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
            {/* Each date stays whole: a line breaks between them, not inside one. */}
            <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
              Created <SongDate iso={song.createdAt} />
            </Box>
            {' · '}
            <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
              Updated <SongDate iso={song.updatedAt} />
            </Box>
          </Typography>
        </Box>
        <Stack direction="row" sx={{ flexShrink: 0 }}>
          <IconButton
            aria-label={`Edit ${song.title}`}
            onClick={() => void navigate(`/songs/${encodeURIComponent(song._id)}/edit`)}
          >
            <EditIcon />
          </IconButton>
          <IconButton
            aria-label={`Delete ${song.title}`}
            onClick={() => onDelete(song)}
            color="error"
          >
            <DeleteIcon />
          </IconButton>
        </Stack>
      </Stack>
    </Card>
  );
});
