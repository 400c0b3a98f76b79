import { useCallback, useEffect, useRef, useState } from 'react';
import type { ClickState } from '@segue/shared';
import { clickAudioContext, keepAudioUnlocked } from './audio-unlock.ts';
import { ClickScheduler } from './click-scheduler.ts';
import { useClickSettings } from './click-settings.ts';
import { CountInVoice, speechAvailable } from './count-in-voice.ts';
import { MidiClockSender } from './midi-clock.ts';
import { midiOutput } from './midi-outputs.ts';

/**
 * Plays the band's `click` on this device while its musician has turned the click on, with
 * the count-in spoken where chosen and the device can; sends MIDI clock where chosen, whether or
 * not the click sounds here. `offsetMs` is the clock offset (`ClockSync.offsetMs`). Answers the
 * scheduler while the click is on, for the visual pulse.
 */
export function useClickPlayer(
  click: ClickState | null,
  offsetMs: () => number | null,
): ClickScheduler | null {
  const { settings } = useClickSettings();
  // The players read the offset on each pass: the latest function given, without remaking them.
  const offset = useRef(offsetMs);
  useEffect(() => {
    offset.current = offsetMs;
  });
  const readOffset = useCallback(() => offset.current(), []);

  const [scheduler, setScheduler] = useState<ClickScheduler | null>(null);
  useEffect(() => {
    if (!settings.enabled) return;
    const context = clickAudioContext();
    if (!context) return;
    const stopUnlocking = keepAudioUnlocked(context);
    const made = new ClickScheduler({ context, offsetMs: readOffset });
    setScheduler(made);
    return () => {
      stopUnlocking();
      made.dispose();
      setScheduler(null);
    };
  }, [settings.enabled, readOffset]);

  const { sound, volume, subdivision, latencyMs } = settings;
  useEffect(() => {
    scheduler?.setSettings({ sound, volume, subdivision, latencyMs });
  }, [scheduler, sound, volume, subdivision, latencyMs]);
  useEffect(() => {
    scheduler?.setState(click);
  }, [scheduler, click]);

  const volumeNow = useRef(volume);
  useEffect(() => {
    volumeNow.current = volume;
  });
  useEffect(() => {
    if (!scheduler || !settings.spokenCountIn || !speechAvailable()) return;
    const voice = new CountInVoice({ volume: () => volumeNow.current });
    const unsubscribe = scheduler.onBeat((event) => {
      if (event) voice.say(event.beat);
    });
    return () => {
      unsubscribe();
      voice.dispose();
    };
  }, [scheduler, settings.spokenCountIn]);

  useMidiClock(click, settings.sendMidiClock ? settings.midiOutputId : null, readOffset);
  return scheduler;
}

/** Sends `click` as MIDI clock to the output `outputId` (null: none). */
function useMidiClock(
  click: ClickState | null,
  outputId: string | null,
  offsetMs: () => number | null,
): void {
  const [sender, setSender] = useState<MidiClockSender | null>(null);
  useEffect(() => {
    if (outputId === null) return;
    let cancelled = false;
    let made: MidiClockSender | null = null;
    void midiOutput(outputId).then((output) => {
      if (cancelled || !output) return;
      made = new MidiClockSender({ output, offsetMs });
      setSender(made);
    });
    return () => {
      cancelled = true;
      made?.dispose();
      setSender(null);
    };
  }, [outputId, offsetMs]);
  useEffect(() => {
    sender?.setState(click);
  }, [sender, click]);
}
