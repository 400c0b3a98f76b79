import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import StopIcon from '@mui/icons-material/Stop';
import { CLICK_LIMITS, formatTimeSignature } from '@segue/shared';
import type { ClickState } from '@segue/shared';
import type { ClickCommand } from '../../../lib/live-socket.ts';
import { addTap, tappedBpm } from '../utils/tap-tempo.ts';
import { useT } from '../../../lib/i18n/i18n.ts';

const COUNT_IN_CHOICES = Array.from(
  { length: CLICK_LIMITS.maxCountInBars + 1 },
  (_v, bars) => bars,
);

/** A tempo as the band reads it: whole, or to a tenth when tapped. */
const bpmText = (bpm: number) => String(Math.round(bpm * 10) / 10);

/**
 * The band's click for a driver: Start (with 0–2 bars counted in) and Stop, Tap tempo, and what
 * it plays ("72 BPM · 4/4"). Three taps or more make a tempo from their median interval: sent
 * once the driver stops tapping while the click runs (it changes on a bar line), else kept for
 * the next Start. `onSend` answers the server's refusal, which the page shows.
 */
export function ClickControls(props: {
  click: ClickState | null;
  onSend: (command: ClickCommand) => Promise<{ ok: true } | { ok: false; error: string | null }>;
  onError: (message: string) => void;
}) {
  const { click, onSend, onError } = props;
  const t = useT();
  const running = click?.running === true;
  const [countInBars, setCountInBars] = useState(1);
  const [taps, setTaps] = useState<number[]>([]);
  const [tapped, setTapped] = useState<number | null>(null);
  const [sending, setSending] = useState(false);
  const tempoTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (tempoTimer.current !== null) clearTimeout(tempoTimer.current);
    },
    [],
  );

  const send = async (command: ClickCommand): Promise<boolean> => {
    setSending(true);
    const answer = await onSend(command);
    setSending(false);
    if (!answer.ok) onError(answer.error ?? t('live.clickNotSent'));
    return answer.ok;
  };

  const start = async () => {
    const bpm = tapped;
    const sent = await send(
      bpm === null ? { action: 'start', countInBars } : { action: 'start', countInBars, bpm },
    );
    if (sent) {
      setTapped(null);
      setTaps([]);
    }
  };

  const tap = () => {
    const next = addTap(taps, performance.now());
    setTaps(next);
    const bpm = tappedBpm(next);
    if (bpm === null) return;
    setTapped(bpm);
    if (tempoTimer.current !== null) clearTimeout(tempoTimer.current);
    tempoTimer.current = null;
    if (!running) return;
    // Sent when the taps stop (a beat and a half without one), not on every tap: each change
    // moves the band's click on the next bar line.
    tempoTimer.current = setTimeout(
      () => {
        tempoTimer.current = null;
        void send({ action: 'tempo', bpm }).then((sent) => {
          if (sent) setTapped(null);
        });
      },
      (1.5 * 60_000) / bpm,
    );
  };

  let readout: string = t('live.clickStopped');
  if (running)
    readout = t('live.clickTempo', { bpm: bpmText(click.bpm), meter: formatTimeSignature(click) });
  if (tapped !== null) readout = t('live.tappedTempo', { bpm: bpmText(tapped) });

  return (
    <Box
      role="group"
      aria-label={t('live.click')}
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}
    >
      <Typography variant="subtitle2" component="span" aria-hidden>
        {t('live.click')}
      </Typography>
      <TextField
        select
        size="small"
        label={t('live.countIn')}
        value={countInBars}
        onChange={(event) => setCountInBars(Number(event.target.value))}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        sx={{ minWidth: 96 }}
      >
        {COUNT_IN_CHOICES.map((bars) => (
          <option key={bars} value={bars}>
            {t('live.countInBars', { bars })}
          </option>
        ))}
      </TextField>
      <Button
        size="small"
        variant="outlined"
        startIcon={<PlayArrowIcon />}
        disabled={sending}
        onClick={() => void start()}
      >
        {t('live.startClick')}
      </Button>
      <Button
        size="small"
        variant="outlined"
        startIcon={<StopIcon />}
        disabled={sending || !running}
        onClick={() => void send({ action: 'stop' })}
      >
        {t('live.stopClick')}
      </Button>
      <Button size="small" variant="outlined" onClick={tap}>
        {t('live.tapTempo')}
      </Button>
      <Typography
        variant="body2"
        role="status"
        sx={{ fontVariantNumeric: 'tabular-nums', minWidth: '9em' }}
      >
        {readout}
      </Typography>
    </Box>
  );
}
