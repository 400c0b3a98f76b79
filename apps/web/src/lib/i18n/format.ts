import { activeLocale } from './i18n.ts';

/**
 * Dates, times, durations, numbers and lists in the active language, through `Intl`. A
 * formatter is made once per language and options.
 */

const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat | Intl.ListFormat>();

function cached<F extends Intl.DateTimeFormat | Intl.NumberFormat | Intl.ListFormat>(
  kind: string,
  options: object,
  make: (locale: string) => F,
  locale: string,
): F {
  const key = `${kind}|${locale}|${JSON.stringify(options)}`;
  let formatter = cache.get(key) as F | undefined;
  if (!formatter) {
    formatter = make(locale);
    cache.set(key, formatter);
  }
  return formatter;
}

export function dateTimeFormat(
  options: Intl.DateTimeFormatOptions,
  locale: string = activeLocale(),
): Intl.DateTimeFormat {
  return cached('dt', options, (l) => new Intl.DateTimeFormat(l, options), locale);
}

export function numberFormat(
  options: Intl.NumberFormatOptions = {},
  locale: string = activeLocale(),
): Intl.NumberFormat {
  return cached('n', options, (l) => new Intl.NumberFormat(l, options), locale);
}

function listFormat(options: Intl.ListFormatOptions, locale: string): Intl.ListFormat {
  return cached('l', options, (l) => new Intl.ListFormat(l, options), locale);
}

type DateInput = Date | number | string;
const toDate = (value: DateInput) => (value instanceof Date ? value : new Date(value));

/** A day, e.g. "May 4, 2030" / "4 mai 2030" / "2030. 5. 4.". */
export function formatDate(
  value: DateInput,
  style: 'medium' | 'long' | 'full' = 'medium',
  locale?: string,
): string {
  return dateTimeFormat({ dateStyle: style }, locale).format(toDate(value));
}

/** A day and time of day, e.g. "May 4, 2030, 10:30 AM" / "4 mai 2030, 10:30". */
export function formatDateTime(
  value: DateInput,
  { seconds = false }: { seconds?: boolean } = {},
  locale?: string,
): string {
  return dateTimeFormat(
    { dateStyle: 'medium', timeStyle: seconds ? 'medium' : 'short' },
    locale,
  ).format(toDate(value));
}

/** A time of day, e.g. "10:30 AM" / "10:30" / "오전 10:30". */
export function formatTime(value: DateInput, locale?: string): string {
  return dateTimeFormat({ timeStyle: 'short' }, locale).format(toDate(value));
}

/**
 * A calendar day given as YYYY-MM-DD (a setlist's day, a day away), shown as that day in
 * every time zone.
 */
export function formatDay(
  day: string,
  style: 'medium' | 'long' | 'full' = 'medium',
  locale?: string,
): string {
  const time = Date.parse(`${day.split('T')[0]}T00:00:00Z`);
  if (Number.isNaN(time)) return day;
  return dateTimeFormat({ dateStyle: style, timeZone: 'UTC' }, locale).format(time);
}

/**
 * A time of day given as HH:MM (a service's start) on the 24-hour clock the leader typed it
 * in, written as the language writes it ("10:30", "10 h 30" where that is the usage).
 */
export function formatClockTime(hhmm: string, locale?: string): string {
  const match = /^(\d{1,2}):(\d{2})$/.exec(hhmm);
  if (!match) return hhmm;
  const time = Date.UTC(2000, 0, 1, Number(match[1]), Number(match[2]));
  return dateTimeFormat(
    { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' },
    locale,
  ).format(time);
}

/**
 * A length of time from seconds, in hours, minutes and seconds as the language writes them:
 * "1 hr, 5 min" / "1 Std., 5 Min." / "1시간 5분". Zero parts are left out; under a minute shows seconds.
 */
export function formatDuration(totalSeconds: number, locale: string = activeLocale()): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  const unit = (unit: string, value: number) =>
    numberFormat({ style: 'unit', unit, unitDisplay: 'short' }, locale).format(value);
  const parts: string[] = [];
  if (hours > 0) parts.push(unit('hour', hours));
  if (minutes > 0) parts.push(unit('minute', minutes));
  if (rest > 0 && hours === 0) parts.push(unit('second', rest));
  if (parts.length === 0) parts.push(unit('minute', 0));
  return listFormat({ style: 'narrow', type: 'unit' }, locale).format(parts);
}

/** A number with the language's separators. */
export function formatNumber(value: number, locale?: string): string {
  return numberFormat({}, locale).format(value);
}

/**
 * Names joined as the language joins them: "Ann, Bob and Cy" / "Ann, Bob y Cy". English joins
 * them as `listOfNames` in @segue/shared does, without a comma before "and".
 */
export function formatList(items: readonly string[], locale: string = activeLocale()): string {
  const tag = locale === 'en' ? 'en-GB' : locale;
  return listFormat({ style: 'long', type: 'conjunction' }, tag).format(items);
}
