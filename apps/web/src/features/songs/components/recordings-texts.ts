import { MEDIA_LIMITS } from '@segue/shared';
import { numberFormat } from '../../../lib/i18n/format.ts';
import { t } from '../../../lib/i18n/i18n.ts';

// Helpers of a song's Recordings section, whose texts are the catalogs' `songs.recordings.*`.

/** A recording's length as a player shows it: "3:07", "1:02:05", or "—" when unknown. */
export function durationText(durationMs: number | null): string {
  if (durationMs === null || !Number.isFinite(durationMs) || durationMs < 0) return '—';
  const total = Math.round(durationMs / 1000);
  const seconds = total % 60;
  const minutes = Math.floor(total / 60) % 60;
  const hours = Math.floor(total / 3600);
  const ss = String(seconds).padStart(2, '0');
  if (hours === 0) return `${minutes}:${ss}`;
  return `${hours}:${String(minutes).padStart(2, '0')}:${ss}`;
}

const MB = 1024 * 1024;

/**
 * Bytes in MB as the usage line says them: whole from 10 MB, one decimal below, and never
 * "0 MB" for something stored (a short clip counts as 0.1 MB).
 */
export function megabytesText(bytes: number): string {
  // The language's decimal sign ("3,2 MB"); no grouping, as the quota reads "2048 MB".
  const number = numberFormat({ useGrouping: false, maximumFractionDigits: 1 });
  if (bytes <= 0) return `${number.format(0)} MB`;
  const mb = bytes / MB;
  if (mb < 0.1) return `${number.format(0.1)} MB`;
  if (mb < 10) return `${number.format(Math.round(mb * 10) / 10)} MB`;
  return `${number.format(Math.round(mb))} MB`;
}

/** "3.2 MB of 2048 MB used": the team's recordings against its quota. */
export function usageText(usedBytes: number, quotaBytes: number): string {
  return t('songs.recordings.usage', {
    used: megabytesText(usedBytes),
    quota: megabytesText(quotaBytes),
  });
}

/**
 * The name a recording is offered under: its file's name without the extension ("Take 2.mp3"
 * is "Take 2"), within the length the server takes. A name that is all extension stays whole.
 */
export function recordingNameOf(fileName: string): string {
  const trimmed = fileName.trim();
  const dot = trimmed.lastIndexOf('.');
  const base = dot > 0 ? trimmed.slice(0, dot).trim() : trimmed;
  return (base || trimmed).slice(0, MEDIA_LIMITS.nameMax);
}
