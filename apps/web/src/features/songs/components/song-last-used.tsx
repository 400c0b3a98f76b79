import { songColumnTexts } from './song-texts.ts';

// The day as SongDate shows a time (medium date style), but in UTC: a setlist's day is a
// calendar day, and the local time zone would move midnight UTC to the evening before west
// of Greenwich.
const dayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });

/** The day (YYYY-MM-DD) of the latest setlist holding a song, or "Never"; a dash when unknown. */
export function SongLastUsed({ day }: { day: string | null | undefined }) {
  if (day === undefined) return <>{songColumnTexts.none}</>;
  if (day === null) return <>{songColumnTexts.never}</>;
  const time = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(time)) return <>{day}</>;
  return <time dateTime={day}>{dayFormat.format(time)}</time>;
}
