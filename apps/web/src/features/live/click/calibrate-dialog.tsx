import { useEffect, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { beatTime, parseTimeSignature, startClick, stopClick } from '@segue/shared';
import { clickAudioContext, unlockAudio, webAudioAvailable } from './audio-unlock.ts';
import { CALIBRATION_BPM, CALIBRATION_CLICKS, measureLatency } from './calibration.ts';
import type { CalibrationResult } from './calibration.ts';
import { ClickScheduler } from './click-scheduler.ts';
import type { ClickSettings } from './click-settings.ts';
import { useT } from '../../../lib/i18n/i18n.ts';
import { milliseconds } from './milliseconds.ts';

/** How long before the first click, after Start: time to get a thumb on the button. */
const LEAD_MS = 1500;

type Step =
  | { name: 'ready' }
  | { name: 'listening'; taps: number }
  | { name: 'done'; result: CalibrationResult | null };

/** One tap-along: its click, its timers, the clicks' and the taps' times (device ms). */
interface Run {
  scheduler: ClickScheduler;
  timers: ReturnType<typeof setTimeout>[];
  clicks: number[];
  taps: number[];
}

function endRun(run: Run | null) {
  if (!run) return;
  for (const timer of run.timers) clearTimeout(timer);
  run.scheduler.dispose();
}

/**
 * "Calibrate": the device plays 8 clicks of its own (no server needed: its own clock stands for
 * the server's) and the musician taps along; how late the taps come is the latency the browser
 * did not report (`measureLatency`). The clicks are played without the latency saved before, so
 * what is measured is the whole of it, and Save replaces the old value.
 */
export function CalibrateDialog(props: {
  open: boolean;
  /** The sound and volume to calibrate with: the ones the musician will hear. */
  settings: Pick<ClickSettings, 'sound' | 'volume'>;
  onClose: () => void;
  onSave: (latencyMs: number) => void;
}) {
  const { open, settings, onClose, onSave } = props;
  const [step, setStep] = useState<Step>({ name: 'ready' });
  const run = useRef<Run | null>(null);
  const canPlay = webAudioAvailable();
  const t = useT();

  useEffect(() => {
    if (open) return;
    endRun(run.current);
    run.current = null;
    setStep({ name: 'ready' });
  }, [open]);
  useEffect(
    () => () => {
      endRun(run.current);
      run.current = null;
    },
    [],
  );

  const start = () => {
    const context = clickAudioContext();
    if (!context) return;
    // In the tap on Start itself: iOS lets a context start only from one.
    unlockAudio(context);
    endRun(run.current);
    const scheduler = new ClickScheduler({ context, offsetMs: () => 0 });
    scheduler.setSettings({ ...settings, subdivision: false, latencyMs: 0 });
    const now = performance.timeOrigin + performance.now();
    const state = startClick(CALIBRATION_BPM, parseTimeSignature('4/4')!, 0, now, LEAD_MS);
    const clicks = Array.from({ length: CALIBRATION_CLICKS }, (_v, n) => beatTime(state, n));
    const beatMs = 60_000 / CALIBRATION_BPM;
    const last = clicks.at(-1)!;
    const current: Run = { scheduler, timers: [], clicks, taps: [] };
    current.timers.push(
      setTimeout(() => scheduler.setState(stopClick(state)), last + beatMs / 2 - now),
      setTimeout(
        () => {
          setStep({ name: 'done', result: measureLatency(current.clicks, current.taps) });
          endRun(current);
          if (run.current === current) run.current = null;
        },
        last + beatMs - now,
      ),
    );
    run.current = current;
    scheduler.setState(state);
    setStep({ name: 'listening', taps: 0 });
  };

  /** A tap at the event's time (its `timeStamp`, on performance.now()'s clock). */
  const tap = (timeStamp: number) => {
    const current = run.current;
    if (!current) return;
    current.taps.push(performance.timeOrigin + timeStamp);
    setStep({ name: 'listening', taps: current.taps.length });
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== ' ' || event.repeat || step.name !== 'listening') return;
    event.preventDefault();
    tap(event.timeStamp);
  };

  const result = step.name === 'done' ? step.result : null;
  return (
    <Dialog open={open} onClose={onClose} onKeyDown={onKeyDown} aria-labelledby="calibrate-title">
      <DialogTitle id="calibrate-title">{t('live.calibrateTitle')}</DialogTitle>
      <DialogContent>
        {!canPlay ? (
          <Typography>{t('live.noWebAudio')}</Typography>
        ) : step.name === 'listening' ? (
          <>
            <Typography sx={{ mb: 2 }}>{t('live.calibrateListening')}</Typography>
            <Button
              variant="contained"
              fullWidth
              // The press, not the release: that is when a finger meets the beat.
              onPointerDown={(event) => tap(event.timeStamp)}
              sx={{ py: 5, fontSize: '1.5rem', touchAction: 'manipulation' }}
            >
              {t('live.tap')}
            </Button>
          </>
        ) : step.name === 'done' ? (
          <Typography role="status">
            {result ? (
              <>
                {result.latencyMs >= 0
                  ? t('live.calibrateAfter', { ms: milliseconds(result.latencyMs) })
                  : t('live.calibrateBefore', { ms: milliseconds(-result.latencyMs) })}{' '}
                {t('live.calibrateSpread', { ms: milliseconds(result.spreadMs) })}
              </>
            ) : (
              t('live.calibrateFailed')
            )}
          </Typography>
        ) : (
          <Typography>{t('live.calibrateIntro')}</Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        {canPlay && step.name === 'ready' && (
          <Button variant="contained" onClick={start}>
            {t('live.calibrateStart')}
          </Button>
        )}
        {step.name === 'done' && (
          <Button onClick={start} variant={result ? 'text' : 'contained'}>
            {t('live.calibrateTryAgain')}
          </Button>
        )}
        {result && (
          <Button variant="contained" onClick={() => onSave(result.latencyMs)}>
            {t('live.save')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
