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
import { CLICK_TEXTS as T } from './click-texts.ts';
import type { ClockReading } from './clock-sync.ts';
import { speechAvailable } from './count-in-voice.ts';
import { useMidiOutputs } from './midi-outputs.ts';

const SOUNDS = CLICK_SOUNDS.map((sound) => [sound, T.sounds[sound]] as const);

/** "Offset to the server: 12.3 ms · round trip 24 ms", or that it is being measured. */
export function TimingReadout({ timing }: { timing: ClockReading | null }) {
  return (
    <Box>
      <Typography variant="subtitle2" component="h3">
        {T.timing}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {timing ? T.timingReading(timing.offsetMs, timing.roundTripMs) : T.timingMeasuring}
      </Typography>
    </Box>
  );
}

/** "Send MIDI clock" and the output it goes to. */
function MidiClockChoice() {
  const { settings, change } = useClickSettings();
  const status = useMidiOutputs(settings.sendMidiClock);
  const outputs = status.state === 'ready' ? status.outputs : [];
  const chosen = outputs.some((output) => output.id === settings.midiOutputId)
    ? settings.midiOutputId!
    : '';
  let note: string | null = null;
  if (status.state === 'pending') note = T.midiAsking;
  if (status.state === 'unavailable') note = T.midiUnavailable;
  if (status.state === 'ready' && outputs.length === 0) note = T.noMidiOutputs;
  return (
    <>
      <FormControlLabel
        control={
          <Switch
            checked={settings.sendMidiClock}
            onChange={(event) => change({ sendMidiClock: event.target.checked })}
          />
        }
        label={T.sendMidiClock}
      />
      {settings.sendMidiClock && outputs.length > 0 && (
        <NativeChoice
          label={T.midiOutput}
          value={chosen}
          options={[
            ['', T.chooseMidiOutput] as const,
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
  return (
    <Box
      role="group"
      aria-label={T.clickSettings}
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
        label={T.click}
      />
      <NativeChoice
        label={T.sound}
        value={settings.sound}
        options={SOUNDS}
        disabled={off}
        onChange={(sound: ClickSound) => change({ sound })}
      />
      <Box sx={{ minWidth: 140, px: 1 }}>
        <Typography id={volumeLabel} variant="caption" color="text.secondary">
          {T.volume}
        </Typography>
        <Slider
          size="small"
          aria-labelledby={volumeLabel}
          value={Math.round(settings.volume * 100)}
          min={0}
          max={100}
          step={5}
          disabled={off}
          getAriaValueText={(value) => T.volumeValue(value / 100)}
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
        label={T.eighthNotes}
      />
      <FormControlLabel
        control={
          <Switch
            checked={settings.spokenCountIn && speechAvailable()}
            disabled={off || !speechAvailable()}
            onChange={(event) => change({ spokenCountIn: event.target.checked })}
          />
        }
        label={T.spokenCountIn}
        title={speechAvailable() ? undefined : T.noSpeech}
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
          {T.latencyValue(settings.latencyMs)}
        </Typography>
        <Button size="small" disabled={!canPlay} onClick={() => setCalibrating(true)}>
          {T.calibrate}
        </Button>
      </Box>
      <MidiClockChoice />
      <Box sx={{ gridColumn: '1 / -1' }}>
        <TimingReadout timing={timing} />
      </Box>
      {(off || !canPlay) && (
        <Typography variant="body2" color="text.secondary" sx={{ gridColumn: '1 / -1' }}>
          {canPlay ? T.clickOffHint : T.noWebAudio}
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
