import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Slider from '@mui/material/Slider';
import Switch from '@mui/material/Switch';
import { NativeChoice } from '../../../components/native-choice.tsx';
import Typography from '@mui/material/Typography';
import { clickAudioContext, unlockAudio, webAudioAvailable } from './audio-unlock.ts';
import { CalibrateDialog } from './calibrate-dialog.tsx';
import { CLICK_SOUNDS, useClickSettings } from './click-settings.ts';
import type { ClickSound } from './click-settings.ts';
import { numberFormat } from '../../../lib/i18n/format.ts';
import { useT, type MessageId } from '../../../lib/i18n/i18n.ts';
import { milliseconds } from './milliseconds.ts';
import type { ClockReading } from './clock-sync.ts';
import { speechAvailable } from './count-in-voice.ts';
import { useMidiOutputs } from './midi-outputs.ts';

const SOUND_NAMES: Record<ClickSound, MessageId> = {
  wood: 'live.soundWood',
  beep: 'live.soundBeep',
  hihat: 'live.soundHihat',
};

/** "Offset to the server: 12.3 ms · round trip 24 ms", or that it is being measured. */
export function TimingReadout({ timing }: { timing: ClockReading | null }) {
  const t = useT();
  return (
    <Box>
      <Typography variant="subtitle2" component="h3">
        {t('live.timing')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {timing
          ? t('live.timingReading', {
              offset: milliseconds(timing.offsetMs, 1),
              roundTrip: milliseconds(timing.roundTripMs),
            })
          : t('live.timingMeasuring')}
      </Typography>
    </Box>
  );
}

/** "Send MIDI clock" and the output it goes to. */
function MidiClockChoice() {
  const { settings, change } = useClickSettings();
  const status = useMidiOutputs(settings.sendMidiClock);
  const t = useT();
  const outputs = status.state === 'ready' ? status.outputs : [];
  const chosen = outputs.some((output) => output.id === settings.midiOutputId)
    ? settings.midiOutputId!
    : '';
  let note: string | null = null;
  if (status.state === 'pending') note = t('live.midiAsking');
  if (status.state === 'unavailable') note = t('live.midiCannotSend');
  if (status.state === 'ready' && outputs.length === 0) note = t('live.noMidiOutputs');
  return (
    <>
      <FormControlLabel
        control={
          <Switch
            checked={settings.sendMidiClock}
            onChange={(event) => change({ sendMidiClock: event.target.checked })}
          />
        }
        label={t('live.sendMidiClock')}
      />
      {settings.sendMidiClock && outputs.length > 0 && (
        <NativeChoice
          label={t('live.midiOutput')}
          value={chosen}
          options={[
            ['', t('live.chooseMidiOutput')] as const,
            ...outputs.map((output) => [output.id, output.name] as const),
          ]}
          onChange={(id) => change({ midiOutputId: id === '' ? null : id })}
        />
      )}
      {settings.sendMidiClock && note && (
        <Typography variant="body2" color="text.secondary" role="status">
          {note}
        </Typography>
      )}
    </>
  );
}

/**
 * This device's click, for My view: on or off (off until turned on here), its sound, volume,
 * eighths, spoken count-in, the latency "Calibrate" measures, MIDI clock out, and the "Timing"
 * readout of the device's offset to the server (`timing`: null while not measured).
 */
export function ClickSettingsPanel({ timing }: { timing: ClockReading | null }) {
  const { settings, change } = useClickSettings();
  const [calibrating, setCalibrating] = useState(false);
  const volumeLabel = useId();
  const canPlay = webAudioAvailable();
  const off = !settings.enabled;
  const t = useT();
  return (
    <Box
      role="group"
      aria-label={t('live.clickSettings')}
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, auto)' },
        gap: 1.5,
        alignItems: 'center',
        justifyContent: 'start',
      }}
    >
      <FormControlLabel
        control={
          <Switch
            checked={settings.enabled}
            disabled={!canPlay}
            onChange={(event) => {
              const context = event.target.checked ? clickAudioContext() : null;
              // Within the tap on the switch: iOS lets the click sound only from a gesture.
              if (context) unlockAudio(context);
              change({ enabled: event.target.checked });
            }}
          />
        }
        label={t('live.click')}
      />
      <NativeChoice
        label={t('live.sound')}
        value={settings.sound}
        options={CLICK_SOUNDS.map((sound) => [sound, t(SOUND_NAMES[sound])] as const)}
        disabled={off}
        onChange={(sound: ClickSound) => change({ sound })}
      />
      <Box sx={{ minWidth: 140, px: 1 }}>
        <Typography id={volumeLabel} variant="caption" color="text.secondary">
          {t('live.volume')}
        </Typography>
        <Slider
          size="small"
          aria-labelledby={volumeLabel}
          value={Math.round(settings.volume * 100)}
          min={0}
          max={100}
          step={5}
          disabled={off}
          getAriaValueText={(value) => numberFormat({ style: 'percent' }).format(value / 100)}
          onChange={(_event, value) => change({ volume: (value as number) / 100 })}
        />
      </Box>
      <FormControlLabel
        control={
          <Switch
            checked={settings.subdivision}
            disabled={off}
            onChange={(event) => change({ subdivision: event.target.checked })}
          />
        }
        label={t('live.eighthNotes')}
      />
      <FormControlLabel
        control={
          <Switch
            checked={settings.spokenCountIn && speechAvailable()}
            disabled={off || !speechAvailable()}
            onChange={(event) => change({ spokenCountIn: event.target.checked })}
          />
        }
        label={t('live.spokenCountIn')}
        title={speechAvailable() ? undefined : t('live.noSpeech')}
      />
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          gridColumn: { xs: '1 / -1', sm: 'auto' },
        }}
      >
        <Typography variant="body2" color="text.secondary">
          {t('live.latencyValue', { ms: milliseconds(settings.latencyMs) })}
        </Typography>
        <Button size="small" disabled={!canPlay} onClick={() => setCalibrating(true)}>
          {t('live.calibrate')}
        </Button>
      </Box>
      <MidiClockChoice />
      <Box sx={{ gridColumn: '1 / -1' }}>
        <TimingReadout timing={timing} />
      </Box>
      {(off || !canPlay) && (
        <Typography variant="body2" color="text.secondary" sx={{ gridColumn: '1 / -1' }}>
          {canPlay ? t('live.clickOffHint') : t('live.noWebAudio')}
        </Typography>
      )}
      <CalibrateDialog
        open={calibrating}
        settings={settings}
        onClose={() => setCalibrating(false)}
        onSave={(latencyMs) => {
          change({ latencyMs });
          setCalibrating(false);
        }}
      />
    </Box>
  );
}
