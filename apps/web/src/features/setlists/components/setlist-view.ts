import {
  DEFAULT_CHORD_VIEW,
  formatDuration,
  orderOfService,
  runningTimes,
  timeOfDay,
} from '@segue/shared';
import type { ChordView, ServiceEntry, SetlistDetails } from '@segue/shared';
import { songFacts } from '../../../components/chart/chart-facts.ts';
import { keyCaption } from '../../../components/my-view/my-view.ts';
import { formatClockTime } from '../../../lib/i18n/format.ts';
import { t } from '../../../lib/i18n/i18n.ts';

/**
 * The key an entry is played in, with the song's own when it differs, then this musician's capo
 * and shapes: "Key A (song in G) · Capo 2 · G shapes". Null when neither has a key.
 */
export function entryKeyCaption(
  key: string | null,
  songKey: string | null,
  view: ChordView,
): string | null {
  const caption = keyCaption(key, view);
  const plain = keyCaption(key, DEFAULT_CHORD_VIEW);
  if (key === null || caption === null || plain === null) return caption;
  const performance =
    songKey && songKey !== key
      ? t('setlists.view.performanceKeySong', { key, songKey })
      : t('setlists.view.performanceKey', { key });
  return `${performance}${caption.slice(plain.length)}`;
}

/**
 * The facts line of a song of the setlist: the key caption (`entryKeyCaption`), then the song's
 * capo, tempo and time, the entry's tempo in place of the song's when it has one, as the click
 * counts it (docs/DECISIONS.md, "The click").
 */
export function entryFacts(
  entry: Pick<SetlistDetails['songs'][number], 'song' | 'tempo'>,
  key: string | null,
  view: ChordView,
): (string | null)[] {
  const { song } = entry;
  return [
    entryKeyCaption(key, song.key, view),
    ...songFacts({ ...song, tempo: entry.tempo ?? song.tempo }, key, view),
  ];
}

/** One entry of the order of service with its times. */
export interface TimedEntry {
  entry: ServiceEntry;
  /** How long it takes, in seconds; null when the planner gave no duration. */
  duration: number | null;
  /** Its time of day (`HH:MM`); null when the setlist has no start time. */
  startsAt: string | null;
  /** An entry before it has no duration: it starts at `startsAt` or later. */
  orLater: boolean;
}

/** The order of service with each entry's start, the total length and the end. */
export interface ServiceTimes {
  entries: TimedEntry[];
  /** The sum of the durations given, in seconds. */
  total: number;
  /** How many entries have no duration: the total and the end are then a lower bound. */
  missing: number;
  /** The time of day the service ends (at the earliest, with `missing`); null without a start. */
  endsAt: string | null;
}

/** The setlist's songs and items in one order, timed from its start time. */
export function serviceTimes(
  setlist: Pick<SetlistDetails, 'songs' | 'items' | 'startTime'>,
): ServiceTimes {
  const order = orderOfService(setlist);
  const durations = order.map(
    (entry) =>
      (entry.kind === 'song'
        ? setlist.songs[entry.index]?.duration
        : setlist.items[entry.index]?.duration) ?? null,
  );
  const { starts, total } = runningTimes(durations);
  let unknownBefore = false;
  const entries = order.map((entry, i) => {
    const timed = {
      entry,
      duration: durations[i] ?? null,
      startsAt: timeOfDay(setlist.startTime, starts[i] ?? 0),
      orLater: unknownBefore,
    };
    if (timed.duration === null) unknownBefore = true;
    return timed;
  });
  return {
    entries,
    total,
    missing: durations.filter((duration) => duration === null).length,
    endsAt: timeOfDay(setlist.startTime, total),
  };
}

/** "Starts 10:02 · Duration 4:30" under an entry; null when it has neither. */
export function entryTiming({ duration, startsAt, orLater }: TimedEntry): string | null {
  const time = startsAt && formatClockTime(startsAt);
  const starts = time
    ? t(orLater ? 'setlists.view.startsOrLater' : 'setlists.view.starts', { time })
    : null;
  const length =
    duration === null ? null : t('setlists.view.duration', { length: formatDuration(duration) });
  if (starts && length) return t('setlists.view.startsAndDuration', { starts, duration: length });
  return starts ?? length;
}

/**
 * The service's times above the order: "Starts at 10:00, ends at 11:05" and "Total length:
 * 1:05:00", each a lower bound said as one when some entry has no duration. Nothing to say
 * when no entry has a duration (and no start time is set).
 */
export function serviceSummary({ entries, total, missing, endsAt }: ServiceTimes): string[] {
  const timed = entries.length > missing;
  const lines: string[] = [];
  const startsAt = entries[0]?.startsAt;
  if (startsAt && endsAt) {
    const start = formatClockTime(startsAt);
    const end = formatClockTime(endsAt);
    lines.push(
      !timed
        ? t('setlists.view.serviceStarts', { start })
        : missing > 0
          ? t('setlists.view.serviceStartsEndsOrLater', { start, end })
          : t('setlists.view.serviceStartsEnds', { start, end }),
    );
  }
  if (timed) {
    const length = formatDuration(total);
    lines.push(
      missing > 0
        ? t('setlists.view.totalLengthAtLeast', { length, count: missing })
        : t('setlists.view.totalLength', { length }),
    );
  }
  return lines;
}

/**
 * Where the printed set turns to a new sheet: at each song, and at the first of the items
 * before a song, so a sermon prints on the sheet of the song after it. Items after the last
 * song stay on its sheet.
 */
export function startsSheet(order: readonly ServiceEntry[]): boolean[] {
  return order.map((entry, i) => {
    const before = order[i - 1];
    if (!before) return true;
    if (entry.kind === 'song') return before.kind === 'song';
    return before.kind === 'song' && order.slice(i + 1).some((after) => after.kind === 'song');
  });
}
