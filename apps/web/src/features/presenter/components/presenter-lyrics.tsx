import Box from '@mui/material/Box';
import { keyframes } from '@mui/material/styles';
import { lyricDirection } from '../../../components/chart/lyric-languages.ts';
import type { LyricRow } from '../../../components/chart/lyric-languages.ts';
import { useFitText } from '../hooks/use-fit-text.ts';

const fadeIn = keyframes`
  from { opacity: 0; }
  to { opacity: 1; }
`;

/** Keeps white lyrics readable on any background, light photos included. */
export const LYRICS_SHADOW =
  '0 2px 4px rgba(0, 0, 0, 0.9), 0 0 12px rgba(0, 0, 0, 0.75), 0 0 28px rgba(0, 0, 0, 0.5)';

/** The second language's size beside the first's: smaller, so two fit where one did. */
export const SECOND_LANGUAGE_SCALE = 0.72;

/**
 * The lyrics of the active part as large as the screen allows, never scrolling: each line in
 * the setlist's first language, with the second under it, smaller, italic and warmer in colour.
 */
export function PresenterLyrics({ lines }: { lines: LyricRow[][] }) {
  const twoLanguages = lines.some((rows) => rows.length > 1);
  const content = JSON.stringify(lines);
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
          // Two languages: a little room between one line's pair and the next.
          '& [data-screen-line]': { mb: twoLanguages ? '0.3em' : 0 },
          '& [data-second]': {
            fontSize: `${SECOND_LANGUAGE_SCALE}em`,
            fontStyle: 'italic',
            fontWeight: 600,
            color: '#ffe9a8',
            lineHeight: 1.2,
          },
        }}
      >
        {lines.map((rows, i) => (
          <div key={i} data-screen-line>
            {rows.map((row, k) => (
              <div
                key={k}
                lang={row.lang}
                dir={lyricDirection(row.text, row.lang)}
                data-second={row.second ? '' : undefined}
              >
                {row.text}
              </div>
            ))}
          </div>
        ))}
      </Box>
    </Box>
  );
}
