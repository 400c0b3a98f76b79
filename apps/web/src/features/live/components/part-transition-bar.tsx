import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import { keyframes } from '@mui/material/styles';

/** Spec section 9: the transition window after a part change. */
const TRANSITION_WINDOW_MS = 3000;

const drain = keyframes`
  from { transform: scaleX(1); }
  to { transform: scaleX(0); }
`;

/**
 * A thin bar under the controls for the 3 s after a part change: a quiet "just moved" for a
 * musician who glances up late. Decorative: the part buttons already say which part is on.
 */
export function PartTransitionBar({ changeCount }: { changeCount: number }) {
  return changeCount > 0 ? <TransitionBar key={changeCount} /> : <Box sx={{ height: 3 }} />;
}

function TransitionBar() {
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(false), TRANSITION_WINDOW_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <Box aria-hidden sx={{ height: 3, overflow: 'hidden' }}>
      {visible && (
        <Box
          data-transitioning="true"
          sx={{
            height: '100%',
            bgcolor: 'primary.main',
            opacity: 0.7,
            transformOrigin: 'left',
            animation: `${drain} ${TRANSITION_WINDOW_MS}ms linear forwards`,
            '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
          }}
        />
      )}
    </Box>
  );
}
