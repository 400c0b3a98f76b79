const NUMBERS = [
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
];

/** Milliseconds as the readouts show them: a real minus sign, `digits` decimals. */
function ms(value: number, digits = 0): string {
  const text = Math.abs(value).toFixed(digits);
  return `${value < 0 && Number(text) !== 0 ? '−' : ''}${text} ms`;
}

/** Texts of this device's click: its settings, calibration, pulse and timing readout. */
export const CLICK_TEXTS = {
  click: 'Click',
  clickSettings: 'Click on this device',
  clickOffHint: 'Off on this device until you turn it on. Nobody else hears your settings.',
  noWebAudio: 'This browser cannot play the click.',
  sound: 'Sound',
  sounds: { wood: 'Wood block', beep: 'Beep', hihat: 'Hi-hat' },
  volume: 'Volume',
  volumeValue: (volume: number) => `${Math.round(volume * 100)}%`,
  eighthNotes: 'Eighth notes',
  spokenCountIn: 'Spoken count-in',
  noSpeech: 'This device cannot speak the count-in.',
  latency: 'Latency',
  latencyValue: (latencyMs: number) => `Click moved ${ms(latencyMs)} earlier`,
  calibrate: 'Calibrate',
  sendMidiClock: 'Send MIDI clock',
  midiOutput: 'MIDI output',
  noMidiOutputs: 'No MIDI output is connected.',
  midiUnavailable: 'This browser cannot send MIDI.',
  midiAsking: 'Asking for MIDI…',
  chooseMidiOutput: 'Choose an output',
  timing: 'Timing',
  timingReading: (offsetMs: number, roundTripMs: number) =>
    `Offset to the server: ${ms(offsetMs, 1)} · round trip ${ms(roundTripMs)}`,
  timingMeasuring: 'Measuring the offset to the server…',

  calibrateTitle: 'Calibrate the click',
  calibrateIntro:
    'Put on what you hear the click through (earbuds, in-ear monitors), then tap along with 8 clicks on the Tap button or the space bar.',
  calibrateStart: 'Start',
  tap: 'Tap',
  calibrateListening: 'Tap along with 8 clicks',
  calibrateResult: (latencyMs: number) =>
    latencyMs >= 0
      ? `Your taps came ${ms(latencyMs)} after the clicks.`
      : `Your taps came ${ms(-latencyMs)} before the clicks.`,
  calibrateSpread: (spreadMs: number) =>
    `They were ${ms(spreadMs)} apart at most. If that is a lot, try again.`,
  calibrateFailed: 'Too few taps matched the clicks. Try again, tapping with each click.',
  calibrateTryAgain: 'Try again',
  save: 'Save',
  cancel: 'Cancel',

  beatPulse: 'Beat',
  countIn: 'Count-in',
  countInNumber: (n: number) => NUMBERS[n - 1] ?? String(n),
} as const;
