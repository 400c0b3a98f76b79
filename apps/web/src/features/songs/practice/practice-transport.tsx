import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import type { PracticePlayer } from './practice-player.ts';
import { useT } from '../../../lib/i18n/i18n.ts';
import { positionValueText, timeText } from './practice-texts.ts';
import { usePlayerPosition } from './use-practice-player.ts';

interface PracticeTransportProps {
  player: PracticePlayer | null;
  /** Shown instead of the time while the recording is not ready. */
  status: string | null;
  looping: boolean;
  onLoopChange: (on: boolean) => void;
  rate: number;
  semitones: number;
}

/**
 * Play/Pause, the time, the position and Loop, kept at the bottom of the screen while the
 * chart scrolls. Its own component: it draws again on every report of the position.
 */
export function PracticeTransport({
  player,
  status,
  looping,
  onLoopChange,
  rate,
  semitones,
}: PracticeTransportProps) {
  const t = useT();
  const { positionMs, playing } = usePlayerPosition(player);
  // While the thumb is dragged, it shows where it is; the player moves on letting go.
  const [dragged, setDragged] = useState<number | null>(null);
  const lengthMs = player?.durationMs ?? 0;
  const shownMs = dragged ?? positionMs;

  return (
    <Box
      role="region"
      aria-label={t('practice.player')}
      data-position-ms={Math.round(positionMs)}
      data-playing={playing}
      data-engine={player?.kind ?? 'none'}
      data-rate={rate}
      data-semitones={player?.canShiftPitch ? semitones : 0}
      sx={{
        position: 'sticky',
        bottom: 0,
        zIndex: 2,
        mt: 3,
        mx: { xs: -2, sm: -3 },
        px: { xs: 2, sm: 3 },
        pt: 1,
        pb: 1.5,
        bgcolor: 'background.paper',
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      <Stack
        direction="row"
        spacing={1.5}
        sx={{ alignItems: 'center', flexWrap: 'wrap' }}
        useFlexGap
      >
        <Button
          variant="contained"
          disabled={!player}
          onClick={() => (playing ? player?.pause() : void player?.play())}
          startIcon={playing ? <PauseIcon /> : <PlayArrowIcon />}
          sx={{ minWidth: '6.5em' }}
        >
          {playing ? t('practice.pause') : t('practice.play')}
        </Button>
        <Typography sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600 }} data-time>
          {status ?? timeText(shownMs, lengthMs)}
        </Typography>
        <FormControlLabel
          sx={{ ml: 'auto', mr: 0 }}
          control={
            <Switch
              checked={looping}
              disabled={!player}
              onChange={(event) => onLoopChange(event.target.checked)}
            />
          }
          label={t('practice.loop')}
        />
      </Stack>
      <Box sx={{ px: 1 }}>
        <Slider
          aria-label={t('practice.position')}
          size="small"
          min={0}
          max={Math.max(lengthMs, 1)}
          step={1000}
          shiftStep={10000}
          disabled={!player}
          value={Math.min(shownMs, lengthMs)}
          getAriaValueText={(ms) => positionValueText(ms, lengthMs)}
          onChange={(_, value) => setDragged(value)}
          onChangeCommitted={(_, value) => {
            setDragged(null);
            player?.seek(value);
          }}
        />
      </Box>
    </Box>
  );
}
