import { t } from '../../../lib/i18n/i18n.ts';
import { durationText } from '../components/recordings-texts.ts';

// The texts of practice mode (docs/DECISIONS.md, "Practice mode") are the catalogs'
// `practice.*`; these put together the ones holding times and signs.

/** The time readout, "0:04 / 3:07". */
export const timeText = (atMs: number, lengthMs: number) =>
  t('practice.time', { at: durationText(atMs), length: durationText(lengthMs) });

/** The position slider's spoken value, "0:04 of 3:07". */
export const positionValueText = (atMs: number, lengthMs: number) =>
  t('practice.positionValue', { at: durationText(atMs), length: durationText(lengthMs) });

/** "85%": the tempo against the recording's. */
export const tempoValueText = (rate: number) =>
  t('practice.tempoValue', { percent: Math.round(rate * 100) });

/** "+2", "0", "−3": semitones from the recording. */
export function pitchValue(semitones: number): string {
  return semitones > 0 ? `+${semitones}` : semitones < 0 ? `−${-semitones}` : '0';
}

/** "+2 (key A)": the pitch, and the key it makes when the song has one. */
export function pitchStateText(semitones: number, key: string | null): string {
  const moved = pitchValue(semitones);
  return key === null ? moved : t('practice.pitchState', { moved, key });
}

/**
 * Why a recording cannot be played offline: it is not kept on this device, with what would keep
 * it (`keeping`: whether this device keeps recordings for practice).
 */
export const notKeptText = (keeping: boolean) =>
  keeping ? t('practice.notKeptKeeping') : t('practice.notKeptOff');
