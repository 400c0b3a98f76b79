import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useT } from '../../../lib/i18n/i18n.ts';

interface LiveSongHeaderProps {
  title: string;
  artist: string;
  /** The song's number in the setlist; null on an item of the order of service. */
  songNumber: number | null;
  songCount: number;
  /** The key it is played in, and this musician's capo and shapes: "Key A · Capo 2 · G shapes". */
  keyCaption: string | null;
  /** Its tempo at this service (the entry's, else the song's) and meter: "72 BPM · 4/4". */
  tempoCaption: string | null;
  leaderName: string | null;
  /** The positions this setlist gives the viewer. */
  positions: string[];
}

/**
 * The current song or item (the page's one heading), who leads it, and the viewer's place in
 * the band.
 */
export function LiveSongHeader(props: LiveSongHeaderProps) {
  const { title, artist, songNumber, songCount, keyCaption, tempoCaption, leaderName, positions } =
    props;
  const t = useT();
  return (
    <Stack spacing={0.5}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <IconButton component={RouterLink} to="/setlists" aria-label={t('live.back')} edge="start">
          <ArrowBackIcon />
        </IconButton>
        <Box sx={{ minWidth: 0 }}>
          <Typography
            variant="h4"
            component="h1"
            sx={{ fontWeight: 700, overflowWrap: 'anywhere', lineHeight: 1.2 }}
          >
            {title}
          </Typography>
          {artist.trim() !== '' && (
            <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {artist}
            </Typography>
          )}
        </Box>
      </Stack>
      <SongFacts
        songNumber={songNumber}
        songCount={songCount}
        keyCaption={keyCaption}
        tempoCaption={tempoCaption}
        leaderName={leaderName}
        positions={positions}
        sx={{ pl: { sm: 6 } }}
      />
    </Stack>
  );
}

type SongFactsProps = Pick<
  LiveSongHeaderProps,
  'songNumber' | 'songCount' | 'keyCaption' | 'tempoCaption' | 'leaderName' | 'positions'
> & { children?: ReactNode; sx?: SxProps<Theme> };

/**
 * The song's place in the set, its key, its tempo, its leader and the viewer's positions, on one wrapping
 * row: under the heading, or under the lyrics in the compact live view.
 */
export function SongFacts(props: SongFactsProps) {
  const { songNumber, songCount, keyCaption, tempoCaption, leaderName, positions, children, sx } =
    props;
  const t = useT();
  return (
    <Stack
      direction="row"
      useFlexGap
      spacing={2}
      sx={[{ flexWrap: 'wrap', color: 'text.secondary' }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      {songNumber !== null && (
        <Typography variant="body2">
          {t('live.songOf', { position: songNumber, total: songCount })}
        </Typography>
      )}
      {keyCaption && (
        <Typography variant="body2" sx={{ fontWeight: 700, color: 'text.primary' }}>
          {keyCaption}
        </Typography>
      )}
      {tempoCaption && <Typography variant="body2">{tempoCaption}</Typography>}
      {leaderName && (
        <Typography variant="body2">{t('live.ledBy', { name: leaderName })}</Typography>
      )}
      {positions.length > 0 && (
        <Typography variant="body2" sx={{ fontWeight: 700, color: 'text.primary' }}>
          {t('live.yourPosition', { names: positions.join(', ') })}
        </Typography>
      )}
      {children}
    </Stack>
  );
}
