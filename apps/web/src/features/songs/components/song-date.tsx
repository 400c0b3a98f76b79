import { dateTimeFormat, formatDate } from '../../../lib/i18n/format.ts';
import { useLocale } from '../../../lib/i18n/i18n.ts';

/** A song's created or updated time: the day, with the full time as its title. */
export function SongDate({ iso }: { iso: string }) {
  // Renders again when the language changes.
  useLocale();
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return <>{iso}</>;
  return (
    <time
      dateTime={iso}
      title={dateTimeFormat({ dateStyle: 'full', timeStyle: 'short' }).format(date)}
    >
      {formatDate(date)}
    </time>
  );
}
