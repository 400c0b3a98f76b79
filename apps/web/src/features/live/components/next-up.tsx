import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import type { UpNext } from '../utils/set-position.ts';
import { useT } from '../../../lib/i18n/i18n.ts';

interface NextUpProps {
  next: UpNext;
  /** Larger type, for the stage display across the stage. */
  large?: boolean;
  sx?: SxProps<Theme>;
}

/**
 * A small preview of what comes next: the next part's label and first line, the next song, or
 * the next item of the order of service with the first line of its notes.
 */
export function NextUp({ next, large = false, sx }: NextUpProps) {
  const t = useT();
  const heading =
    next.kind === 'part'
      ? t('live.nextPartPreview', { label: next.label })
      : next.kind === 'song'
        ? t('live.nextSongPreview', { title: next.title })
        : next.kind === 'item'
          ? t('live.nextItemPreview', { title: next.title })
          : t('live.endOfSet');
  const line = next.kind === 'end' ? '' : next.firstLine;
  return (
    <Box
      role="note"
      aria-label={t('live.upNext')}
      sx={[{ minWidth: 0, color: 'text.secondary' }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      <Typography
        component="p"
        sx={{
          fontWeight: 700,
          fontSize: large ? 'clamp(1.1rem, 3vw, 2rem)' : '0.875rem',
          overflowWrap: 'anywhere',
        }}
      >
        {heading}
      </Typography>
      {line !== '' && (
        <Typography
          component="p"
          sx={{
            fontSize: large ? 'clamp(1rem, 2.6vw, 1.75rem)' : '0.875rem',
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            whiteSpace: 'nowrap',
          }}
        >
          {line}
        </Typography>
      )}
    </Box>
  );
}
