import { formatDay } from '../../../lib/i18n/format.ts';
import { localDay } from '../../../lib/local-day.ts';

/** The calendar day of a setlist date: the part before T ('2030-05-04T00:00:00.000Z' -> '2030-05-04'). */
export function setlistDay(date: string): string {
  return date.split('T')[0] ?? date;
}

/**
 * The setlist's day in the interface's language, never shifted by the time zone: it is stored
 * as midnight UTC, and formatted in UTC (the local time zone would move it to the evening
 * before west of Greenwich).
 */
export function formatSetlistDate(date: string, style: 'medium' | 'full' = 'medium'): string {
  return formatDay(setlistDay(date), style);
}

/** Today in the reader's time zone as YYYY-MM-DD, comparable with `setlistDay`. */
export function localToday(now: Date = new Date()): string {
  return localDay(now);
}
