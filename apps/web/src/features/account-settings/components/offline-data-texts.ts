import type { KeptSummary } from '../../../lib/offline/kept-data.ts';
import { SETTINGS_TEXTS } from './account-settings-texts.ts';

const KB = 1024;
const MB = 1024 * KB;

/** "312 bytes", "45 KB" (whole, at least 1), "1.3 MB". */
export function keptSize(bytes: number): string {
  if (bytes < KB) return bytes === 1 ? '1 byte' : `${bytes} bytes`;
  const kb = Math.max(1, Math.round(bytes / KB));
  // Just under 1 MB rounds to 1024 KB: say 1.0 MB instead.
  if (bytes < MB && kb < 1024) return `${kb} KB`;
  return `${(bytes / MB).toFixed(1)} MB`;
}

function count(n: number, one: string): string {
  return `${n} ${one}${n === 1 ? '' : 's'}`;
}

/**
 * The Offline data section's line of what this device keeps, e.g. "Kept on this device:
 * 3 setlists, 45 songs, 312 KB (updated Sat 14:05)."; `updated` formats when it was kept.
 */
export function keptLine(
  summary: Pick<KeptSummary, 'setlists' | 'songs' | 'bytes' | 'keptAt'>,
  updated: (keptAt: number) => string,
): string {
  if (summary.bytes === 0) return SETTINGS_TEXTS.nothingKept;
  const what = [
    count(summary.setlists, 'setlist'),
    count(summary.songs, 'song'),
    keptSize(summary.bytes),
  ].join(', ');
  const when = summary.keptAt === null ? '' : ` (updated ${updated(summary.keptAt)})`;
  return `Kept on this device: ${what}${when}.`;
}

/**
 * The line of the recordings kept for practice, e.g. "Recordings kept: 3 (12.4 MB)."; null
 * when none are and keeping them is off (then the switch says it all).
 */
export function recordingsLine(
  summary: Pick<KeptSummary, 'recordings' | 'recordingBytes'>,
  keeping: boolean,
): string | null {
  if (summary.recordings === 0) return keeping ? SETTINGS_TEXTS.noRecordingsKept : null;
  return `Recordings kept: ${summary.recordings} (${keptSize(summary.recordingBytes)}).`;
}
