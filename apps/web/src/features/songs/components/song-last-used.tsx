import { dateTimeFormat } from '../../../lib/i18n/format.ts';
import { useT } from '../../../lib/i18n/i18n.ts';

/** The day (YYYY-MM-DD) of the latest setlist holding a song, or "Never"; a dash when unknown. */
export function SongLastUsed({ day }: { day: string | null | undefined }) {
  const t = useT();
  if (day === undefined) return <>{t('songs.none')}</>;
  if (day === null) return <>{t('songs.never')}</>;
  const time = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(time)) return <>{day}</>;
  // The day as SongDate shows a time (medium date style), but in UTC: a setlist's day is a
  // calendar day, and the local time zone would move midnight UTC to the evening before west
  // of Greenwich.
  return (
    <time dateTime={day}>
      {dateTimeFormat({ dateStyle: 'medium', timeZone: 'UTC' }).format(time)}
    </time>
  );
}
