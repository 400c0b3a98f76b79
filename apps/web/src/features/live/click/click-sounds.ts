import type { ClickSound } from './click-settings.ts';

/**
 * The part of an AudioContext the click uses: an AudioContext, or a test's fake. The latencies
 * and `getOutputTimestamp` are missing in some browsers.
 */
export type ClickAudioContext = Pick<
  BaseAudioContext,
  | 'currentTime'
  | 'sampleRate'
  | 'state'
  | 'destination'
  | 'createGain'
  | 'createOscillator'
  | 'createBufferSource'
  | 'createBuffer'
  | 'createBiquadFilter'
> & {
  getOutputTimestamp?: () => AudioTimestamp;
  outputLatency?: number;
  baseLatency?: number;
};

/** A bar's first click (and every count-in click), the others, and the eighths between them. */
export type ClickKind = 'accent' | 'beat' | 'offbeat';

/** How loud each kind peaks, before the volume. */
const PEAK: Record<ClickKind, number> = { accent: 1, beat: 0.6, offbeat: 0.3 };

/** A queued click: `stop()` silences it, or keeps it from sounding when it has not begun. */
export interface ClickVoice {
  stop(): void;
}

const noiseBuffers = new WeakMap<object, AudioBuffer>();

/** A tenth of a second of white noise, made once per context (the hi-hat filters it). */
function noise(context: ClickAudioContext): AudioBuffer {
  let buffer = noiseBuffers.get(context);
  if (!buffer) {
    buffer = context.createBuffer(1, Math.round(context.sampleRate / 10), context.sampleRate);
    const samples = buffer.getChannelData(0);
    for (let i = 0; i < samples.length; i += 1) samples[i] = Math.random() * 2 - 1;
    noiseBuffers.set(context, buffer);
  }
  return buffer;
}

/** A percussive envelope: up to `peak` in `attack` s, then an exponential fall over `decay` s. */
function envelope(gain: AudioParam, when: number, peak: number, attack: number, decay: number) {
  gain.setValueAtTime(0, when);
  gain.linearRampToValueAtTime(peak, when + attack);
  // An exponential ramp cannot reach 0; 0.0001 is 80 dB down.
  gain.exponentialRampToValueAtTime(0.0001, when + attack + decay);
}

/**
 * Queues one click of `sound` at `when` (the context's time, in s) into `output`. Each click is
 * a few fresh nodes, which the browser lets go once they have played.
 */
export function playClick(
  context: ClickAudioContext,
  output: AudioNode,
  sound: ClickSound,
  kind: ClickKind,
  when: number,
): ClickVoice {
  const gain = context.createGain();
  gain.connect(output);
  const peak = PEAK[kind];
  let source: AudioScheduledSourceNode;
  let length: number;
  if (sound === 'hihat') {
    const hiss = context.createBufferSource();
    hiss.buffer = noise(context);
    const filter = context.createBiquadFilter();
    filter.type = 'highpass';
    filter.frequency.setValueAtTime(kind === 'accent' ? 5000 : 8000, when);
    hiss.connect(filter);
    filter.connect(gain);
    length = kind === 'accent' ? 0.09 : 0.04;
    envelope(gain.gain, when, peak, 0.001, length);
    source = hiss;
  } else {
    const tone = context.createOscillator();
    // Accents a fifth higher (A6 over D6), the way metronomes mark the bar.
    const pitch = kind === 'accent' ? 1760 : 1175;
    if (sound === 'wood') {
      // A wood block's knock: a pure tone whose pitch falls into place within 8 ms.
      tone.type = 'sine';
      tone.frequency.setValueAtTime(pitch * 1.6, when);
      tone.frequency.exponentialRampToValueAtTime(pitch, when + 0.008);
      length = 0.045;
    } else {
      tone.type = 'triangle';
      tone.frequency.setValueAtTime(pitch, when);
      length = 0.07;
    }
    tone.connect(gain);
    envelope(gain.gain, when, peak, 0.001, length);
    source = tone;
  }
  source.onended = () => gain.disconnect();
  source.start(when);
  source.stop(when + length + 0.01);
  return {
    stop: () => {
      try {
        // Before `when`, the click never sounds; during it, it ends at once.
        source.stop();
      } catch {
        // Already stopped: nothing to silence.
      }
      gain.disconnect();
    },
  };
}
