import { useId } from 'react';
import type { Ref } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import type { SongPart as Part } from '@segue/shared';

const chordColor = (theme: Theme) =>
  theme.palette.mode === 'light' ? theme.palette.primary.dark : theme.palette.primary.light;

interface SongPartProps {
  part: Part;
  /** Text size in rem. */
  textSize: number;
  active?: boolean;
  /** Marks the active part in the Full Song view. */
  highlight?: boolean;
  ref?: Ref<HTMLElement>;
}

/** One part: its label, then each line's chords above its lyrics, spaces kept so chords sit over their syllables. */
export function SongPart({
  part,
  textSize,
  active = false,
  highlight = false,
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
        p: { xs: 1.5, sm: 2 },
        borderRadius: 2,
        borderLeft: 4,
        borderColor: highlight && active ? 'primary.main' : 'transparent',
        bgcolor: highlight && active ? 'action.selected' : 'transparent',
        transition: 'background-color 0.3s ease, border-color 0.3s ease',
        scrollMarginTop: 96,
        scrollMarginBottom: 96,
      }}
    >
      <Typography
        id={headingId}
        variant="overline"
        component="h2"
        sx={{ fontWeight: 700, letterSpacing: 1, color: active ? chordColor : 'text.secondary' }}
      >
        {part.label}
      </Typography>
      <Box
        sx={{
          fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
          fontSize: `${textSize}rem`,
          lineHeight: 1.35,
          overflowX: 'auto',
        }}
      >
        {part.lines.map((line, index) => (
          <Box key={index} sx={{ mb: 0.75 }}>
            {line.chords.trim() !== '' && (
              <Box sx={{ whiteSpace: 'pre', color: chordColor, fontWeight: 700 }}>
                {line.chords}
              </Box>
            )}
            {(line.lyrics !== '' || line.chords.trim() === '') && (
              <Box sx={{ whiteSpace: 'pre', minHeight: '1.35em' }}>{line.lyrics}</Box>
            )}
          </Box>
        ))}
      </Box>
    </Box>
  );
}
