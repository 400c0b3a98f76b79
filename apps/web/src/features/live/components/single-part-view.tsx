import Box from '@mui/material/Box';
import { keyframes } from '@mui/material/styles';
import type { SongPart as Part } from '@segue/shared';
import { SongPart } from './song-part.tsx';

/** The gap between a part's two columns, in CSS px. */
export const PART_COLUMN_GAP = 32;

/** Spec section 9: the part slides in over 0.6 s, from the side it comes from. */
const slideIn = keyframes`
  from { opacity: 0; transform: translateX(var(--segue-slide-from)); }
  to { opacity: 1; transform: none; }
`;

interface SinglePartViewProps {
  part: Part;
  textSize: number;
  /** Grows with each move; a new value replays the slide. */
  changeCount: number;
  /** 1 forward (slides in from the right), -1 back, 0 no slide. */
  direction: number;
  dense?: boolean;
  /** Two columns: a tablet's long part, its lines flowing on into the second (a line kept whole). */
  columns?: 1 | 2;
}

const TWO_COLUMNS = {
  columnCount: 2,
  columnGap: `${PART_COLUMN_GAP}px`,
  columnRule: 1,
  columnRuleColor: 'divider',
  '& h2': { breakAfter: 'avoid' },
  '& [data-line]': { breakInside: 'avoid' },
} as const;

/** The Single Part view: only the active part, sliding in when it changes. */
export function SinglePartView(props: SinglePartViewProps) {
  const { part, textSize, changeCount, direction, dense = false, columns = 1 } = props;
  return (
    <Box sx={{ overflow: 'hidden' }}>
      <Box
        key={changeCount}
        style={{ ['--segue-slide-from' as string]: `${direction * 64}px` }}
        sx={{
          animation: direction === 0 ? 'none' : `${slideIn} 0.6s cubic-bezier(0.22, 1, 0.36, 1)`,
          '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
          ...(columns === 2 && TWO_COLUMNS),
        }}
      >
        <SongPart part={part} textSize={textSize} active dense={dense} />
      </Box>
    </Box>
  );
}
