import { localDay } from '../../../lib/local-day.ts';

/** The calendar day of a setlist date: the part before T ('2030-05-04T00:00:00.000Z' -> '2030-05-04'). */
export function setlistDay(date: string): string {
  return date.split('T')[0] ?? date;
}

// A setlist's day is stored as midnight UTC: formatting it in UTC shows that day everywhere,
// where the local time zone would move it to the evening before west of Greenwich.
const formats = {
  medium: new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' }),
  full: new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeZone: 'UTC' }),
};

/** The setlist's day in the reader's language, never shifted by the time zone. */
export function formatSetlistDate(date: string, style: keyof typeof formats = 'medium'): string {
  const day = setlistDay(date);
  const time = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(time) ? day : formats[style].format(time);
}

/** Today in the reader's time zone as YYYY-MM-DD, comparable with `setlistDay`. */
export function localToday(now: Date = new Date()): string {
  return localDay(now);
}
