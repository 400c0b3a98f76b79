import { useId } from 'react';
import type { Ref } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { SongPart as Part } from '@segue/shared';
import {
  chordColor,
  ChordLines,
  DENSE_LINE_HEIGHT,
  LINE_HEIGHT,
  linesSx,
} from '../../../components/chart/chord-lines.tsx';

interface SongPartProps {
  part: Part;
  /** Text size in rem. */
  textSize: number;
  active?: boolean;
  /** Marks the active part in the Full Song view. */
  highlight?: boolean;
  /** Tighter lines and margins: stage mode, where a phone held sideways shows a whole verse. */
  dense?: boolean;
  ref?: Ref<HTMLElement>;
}

/** Room kept above and below a part scrolled into view: the app bar, the part bar (CSS px). */
export const PART_SCROLL_MARGIN = 96;

const REGULAR_LINES = linesSx(LINE_HEIGHT, 0.75);
const DENSE_LINES = linesSx(DENSE_LINE_HEIGHT, 0.25);

/**
 * One part: its label, then its lines, each chord above the syllable it was typed over. Lines
 * wrap to the screen in segments (a chord with the lyric under it), never chords apart from lyrics.
 */
export function SongPart({
  part,
  textSize,
  active = false,
  highlight = false,
  dense = false,
  ref,
}: SongPartProps) {
  const headingId = useId();
  return (
    <Box
      ref={ref}
      component="section"
      aria-labelledby={headingId}
      aria-current={active ? 'step' : undefined}
      sx={{
        minWidth: 0,
        p: dense ? { xs: 0.5, sm: 1 } : { xs: 1.5, sm: 2 },
        borderRadius: 2,
        borderLeft: 4,
        borderColor: highlight && active ? 'primary.main' : 'transparent',
        bgcolor: highlight && active ? 'action.selected' : 'transparent',
        transition: 'background-color 0.3s ease, border-color 0.3s ease',
        scrollMarginTop: PART_SCROLL_MARGIN,
        scrollMarginBottom: PART_SCROLL_MARGIN,
      }}
    >
      <Typography
        id={headingId}
        variant="overline"
        component="h2"
        sx={{
          fontWeight: 700,
          letterSpacing: 1,
          lineHeight: dense ? 1.6 : undefined,
          color: active ? chordColor : 'text.secondary',
        }}
      >
        {part.label}
      </Typography>
      <ChordLines lines={part.lines} sx={dense ? DENSE_LINES : REGULAR_LINES} fontSize={textSize} />
    </Box>
  );
}
