import Box from '@mui/material/Box';
import { keyframes } from '@mui/material/styles';
import type { SongPart as Part } from '@segue/shared';
import { SongPart } from './song-part.tsx';

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
}

/** The Single Part view: only the active part, sliding in when it changes. */
export function SinglePartView(props: SinglePartViewProps) {
  const { part, textSize, changeCount, direction, dense = false } = props;
  return (
    <Box sx={{ overflow: 'hidden' }}>
      <Box
        key={changeCount}
        style={{ ['--segue-slide-from' as string]: `${direction * 64}px` }}
        sx={{
          animation: direction === 0 ? 'none' : `${slideIn} 0.6s cubic-bezier(0.22, 1, 0.36, 1)`,
          '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
        }}
      >
        <SongPart part={part} textSize={textSize} active dense={dense} />
      </Box>
    </Box>
  );
}
