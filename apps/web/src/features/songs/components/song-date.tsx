const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, {
  dateStyle: 'full',
  timeStyle: 'short',
});

/** A song's created or updated time: the day, with the full time as its title. */
export function SongDate({ iso }: { iso: string }) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return <>{iso}</>;
  return (
    <time dateTime={iso} title={dateTimeFormat.format(date)}>
      {dateFormat.format(date)}
    </time>
  );
}
