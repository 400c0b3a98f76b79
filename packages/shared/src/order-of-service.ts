/**
 * A setlist's order of service. The API keeps the spec's `songs` array as it was and
 * lists the other entries (welcome, prayer, sermon) as `items`, each placed by `at`: the number
 * of songs before it. These helpers turn the two into the one order a person sees, and back.
 */

/** One entry of the order: a song by its index in `songs`, or an item by its index in `items`. */
export type ServiceEntry = { kind: 'song'; index: number } | { kind: 'item'; index: number };

interface Placed {
  at: number;
}

/**
 * The whole order: the items whose `at` is k, in their order, then song k, for each k; items
 * placed past the last song come last.
 */
export function orderOfService(set: {
  songs: readonly unknown[];
  items?: readonly Placed[] | undefined;
}): ServiceEntry[] {
  const items = set.items ?? [];
  const placed = items
    .map((item, index) => ({ at: Math.min(Math.max(item.at, 0), set.songs.length), index }))
    .sort((a, b) => a.at - b.at || a.index - b.index);
  const order: ServiceEntry[] = [];
  let next = 0;
  for (let song = 0; song <= set.songs.length; song += 1) {
    while (next < placed.length && placed[next]!.at === song) {
      order.push({ kind: 'item', index: placed[next]!.index });
      next += 1;
    }
    if (song < set.songs.length) order.push({ kind: 'song', index: song });
  }
  return order;
}

/**
 * Splits one ordered list (as the setlist form holds it) into the API's songs and items: each
 * item gets the number of songs before it as its `at`.
 */
export function splitOrder<S, I>(
  entries: readonly ({ kind: 'song'; value: S } | { kind: 'item'; value: I })[],
): { songs: S[]; items: (I & Placed)[] } {
  const songs: S[] = [];
  const items: (I & Placed)[] = [];
  for (const entry of entries) {
    if (entry.kind === 'song') songs.push(entry.value);
    else items.push({ ...entry.value, at: songs.length });
  }
  return { songs, items };
}

/** Where each entry of the order starts, in seconds after the service's start, and the total. */
export function runningTimes(durations: readonly (number | null)[]): {
  starts: number[];
  total: number;
  /** Whether any entry has no duration: its start times and the total are then a lower bound. */
  incomplete: boolean;
} {
  const starts: number[] = [];
  let total = 0;
  let incomplete = false;
  for (const duration of durations) {
    starts.push(total);
    if (duration === null) incomplete = true;
    else total += duration;
  }
  return { starts, total, incomplete };
}

/** `4:05`, or `1:02:00` from an hour on. */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}

/**
 * A duration typed by a person: minutes (`4`, `4.5`), `m:ss` or `h:mm:ss`. Empty: null
 * (no duration). Anything else: undefined (not a duration).
 */
export function parseDuration(text: string): number | null | undefined {
  const value = text.trim();
  if (value === '') return null;
  if (/^\d+(\.\d+)?$/.test(value)) return Math.round(Number(value) * 60);
  const parts = /^(?:(\d+):)?(\d+):([0-5]\d)$/.exec(value);
  if (!parts) return undefined;
  const [, h, m, s] = parts;
  if (h !== undefined && Number(m) > 59) return undefined;
  return Number(h ?? 0) * 3600 + Number(m) * 60 + Number(s);
}

/** The time of day `offset` seconds after `start` (`HH:MM`), as `HH:MM`, or null without a start. */
export function timeOfDay(start: string | null, offset: number): string | null {
  if (!start) return null;
  const [h, m] = start.split(':').map(Number) as [number, number];
  const minutes = (h * 60 + m + Math.floor(offset / 60)) % (24 * 60);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(Math.floor(minutes / 60))}:${two(minutes % 60)}`;
}
