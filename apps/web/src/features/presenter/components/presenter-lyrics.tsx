import Box from '@mui/material/Box';
import { keyframes } from '@mui/material/styles';
import { useFitText } from '../hooks/use-fit-text.ts';

const fadeIn = keyframes`
  from { opacity: 0; }
  to { opacity: 1; }
`;

/** Keeps white lyrics readable on any background, light photos included. */
export const LYRICS_SHADOW =
  '0 2px 4px rgba(0, 0, 0, 0.9), 0 0 12px rgba(0, 0, 0, 0.75), 0 0 28px rgba(0, 0, 0, 0.5)';

/** The lyrics of the active part as large as the screen allows, never scrolling. */
export function PresenterLyrics({ lines }: { lines: string[] }) {
  const content = lines.join('\n');
  const { boxRef, textRef } = useFitText<HTMLDivElement, HTMLDivElement>(content);
  return (
    <Box
      ref={boxRef}
      sx={{
        position: 'relative',
        width: '100%',
        height: '100%',
        display: 'flex',
        alignItems: 'center',
        overflow: 'hidden',
      }}
    >
      <Box
        ref={textRef}
        sx={{
          width: '100%',
          textAlign: 'center',
          whiteSpace: 'pre',
          overflowWrap: 'anywhere',
          lineHeight: 1.25,
          fontWeight: 700,
          color: '#ffffff',
          textShadow: LYRICS_SHADOW,
          animation: `${fadeIn} 0.4s ease-out`,
          '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
        }}
      >
        {content}
      </Box>
    </Box>
  );
}
