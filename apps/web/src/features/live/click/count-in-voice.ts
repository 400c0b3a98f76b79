import type { Beat } from '@segue/shared';
import { activeLocale, t } from '../../../lib/i18n/i18n.ts';

/** The part of `speechSynthesis` the count-in uses (a test's stub). */
export interface SpeechLike {
  speak(utterance: SpeechSynthesisUtterance): void;
  cancel(): void;
}

/** The device's speech, where it has one. */
function deviceSpeech(): SpeechLike | null {
  return typeof window !== 'undefined' &&
    'speechSynthesis' in window &&
    typeof SpeechSynthesisUtterance === 'function'
    ? window.speechSynthesis
    : null;
}

/** Whether this device can speak the count-in. */
export function speechAvailable(): boolean {
  return deviceSpeech() !== null;
}

/**
 * iOS speaks only after speech was started in a user gesture: an empty utterance then, from the
 * same gesture that unlocks the audio.
 */
export function unlockSpeech(): void {
  const speech = deviceSpeech();
  if (!speech) return;
  const silent = new SpeechSynthesisUtterance('');
  silent.volume = 0;
  speech.speak(silent);
}

export interface CountInVoiceOptions {
  speech?: SpeechLike | null;
  makeUtterance?: (text: string) => SpeechSynthesisUtterance;
  /** The click's volume (0–1), read when a number is spoken. */
  volume?: () => number;
}

/**
 * Speaks the count-in's numbers ("one, two, three, four", each click's place in its bar) as they
 * are heard. Speech starts when the browser gets to it, tens of ms or more after it is asked
 * for, so the words are a help to the ear and the clicks stay the timing: a number not yet said
 * when the next click comes is cut off rather than left to lag behind.
 */
export class CountInVoice {
  private readonly speech: SpeechLike | null;
  private readonly makeUtterance: (text: string) => SpeechSynthesisUtterance;

  constructor(private readonly options: CountInVoiceOptions = {}) {
    this.speech = options.speech === undefined ? deviceSpeech() : options.speech;
    this.makeUtterance = options.makeUtterance ?? ((text) => new SpeechSynthesisUtterance(text));
  }

  /** Says `beat`'s number if it is a count-in click; false when nothing was said. */
  say(beat: Beat): boolean {
    if (!this.speech || !beat.isCountIn) return false;
    const utterance = this.makeUtterance(t('live.countInNumber', { n: beat.beatInBar + 1 }));
    utterance.rate = 1.5;
    utterance.volume = Math.min(1, Math.max(0, this.options.volume?.() ?? 1));
    utterance.lang = activeLocale();
    this.speech.cancel();
    this.speech.speak(utterance);
    return true;
  }

  dispose(): void {
    this.speech?.cancel();
  }
}
