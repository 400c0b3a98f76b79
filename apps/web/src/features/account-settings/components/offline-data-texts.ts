import type { KeptSummary } from '../../../lib/offline/kept-data.ts';
import { t } from '../../../lib/i18n/i18n.ts';
import { formatNumber, numberFormat } from '../../../lib/i18n/format.ts';

const KB = 1024;
const MB = 1024 * KB;

/** "312 bytes", "45 KB" (whole, at least 1), "1.3 MB", with the language's separators. */
export function keptSize(bytes: number): string {
  if (bytes < KB) return t('settings.bytes', { count: bytes });
  const kb = Math.max(1, Math.round(bytes / KB));
  // Just under 1 MB rounds to 1024 KB: say 1.0 MB instead.
  if (bytes < MB && kb < 1024) return t('settings.kilobytes', { size: formatNumber(kb) });
  const mb = numberFormat({ minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(
    bytes / MB,
  );
  return t('settings.megabytes', { size: mb });
}

/**
 * The Offline data section's line of what this device keeps, e.g. "Kept on this device:
 * 3 setlists, 45 songs, 312 KB (updated Sat 14:05)."; `updated` formats when it was kept.
 */
export function keptLine(
  summary: Pick<KeptSummary, 'setlists' | 'songs' | 'bytes' | 'keptAt'>,
  updated: (keptAt: number) => string,
): string {
  if (summary.bytes === 0) return t('settings.nothingKept');
  const what = [
    t('settings.setlists', { count: summary.setlists }),
    t('settings.songs', { count: summary.songs }),
    keptSize(summary.bytes),
  ].join(', ');
  return summary.keptAt === null
    ? t('settings.keptOnDevice', { what })
    : t('settings.keptOnDeviceUpdated', { what, when: updated(summary.keptAt) });
}

/**
 * The line of the recordings kept for practice, e.g. "Recordings kept: 3 (12.4 MB)."; null
 * when none are and keeping them is off (then the switch says it all).
 */
export function recordingsLine(
  summary: Pick<KeptSummary, 'recordings' | 'recordingBytes'>,
  keeping: boolean,
): string | null {
  if (summary.recordings === 0) return keeping ? t('settings.noRecordingsKept') : null;
  return t('settings.recordingsKept', {
    count: formatNumber(summary.recordings),
    size: keptSize(summary.recordingBytes),
  });
}
