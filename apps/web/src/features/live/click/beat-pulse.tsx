import { useSyncExternalStore } from 'react';
import Box from '@mui/material/Box';
import { alpha, keyframes, useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { visuallyHidden } from '../../../lib/visually-hidden.ts';
import type { BeatEvent, BeatSource } from './beat-events.ts';
import { useT } from '../../../lib/i18n/i18n.ts';

const noSource = () => () => undefined;

/**
 * The beat sounding now from `source` (null while silent), re-rendering on every beat. Here and
 * not beside the players, so a screen that only pulses does not load them.
 */
export function useBeat(source: BeatSource | null): BeatEvent | null {
  const read = () => source?.current ?? null;
  return useSyncExternalStore(source?.subscribe ?? noSource, read, read);
}

const flash = keyframes`
  from { background-color: var(--beat-flash); }
  to { background-color: transparent; }
`;

/**
 * The click's beat as a counter, "1 2 3 4" with the beat sounding now marked; the bar's first
 * (and the count-in's) in the primary colour. The mark flashes only where the device does not ask
 * for less motion. Nothing shows while the click is silent.
 *
 * The counter is hidden from screen readers: a live region that changed on every beat would
 * talk over the song. They read a still label ("Beat") instead.
 */
export function BeatPulse({
  source,
  size = 'medium',
}: {
  source: BeatSource | null;
  size?: 'medium' | 'large';
}) {
  const event = useBeat(source);
  const t = useT();
  const theme = useTheme();
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)', { noSsr: true });
  if (!event) return null;
  const { beat, beatsPerBar } = event;
  const accent = beat.accent || beat.isCountIn;
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
      <Box component="span" sx={visuallyHidden}>
        {t('live.beatPulse')}
      </Box>
      <Box
        aria-hidden
        sx={{
          display: 'inline-flex',
          alignItems: 'center',
          gap: size === 'large' ? 1 : 0.5,
          fontSize: size === 'large' ? '2rem' : '1rem',
          fontVariantNumeric: 'tabular-nums',
        }}
      >
        {beat.isCountIn && (
          <Box component="span" sx={{ fontSize: '0.75em', color: 'text.secondary', mr: 0.5 }}>
            {t('live.countIn')}
          </Box>
        )}
        {Array.from({ length: beatsPerBar }, (_v, i) => {
          const now = i === beat.beatInBar;
          return (
            <Box
              component="span"
              // A new element per beat restarts the flash.
              key={now ? `now-${beat.index}-${beat.at}` : i}
              sx={{
                minWidth: '1.6em',
                textAlign: 'center',
                borderRadius: 1,
                fontWeight: now ? 700 : 400,
                color: now ? (accent ? 'primary.main' : 'text.primary') : 'text.disabled',
                outline: now ? '2px solid currentColor' : 'none',
                '--beat-flash': alpha(
                  accent ? theme.palette.primary.main : theme.palette.text.primary,
                  0.3,
                ),
                animation: now && !reducedMotion ? `${flash} 180ms ease-out` : 'none',
              }}
            >
              {i + 1}
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
