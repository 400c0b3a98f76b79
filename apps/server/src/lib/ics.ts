/**
 * iCalendar (RFC 5545) text for services: a file attached to assignment mails and the personal
 * calendar feed. Only what Segue writes: VCALENDAR with VEVENTs, text escaped and lines folded.
 */

/** One service as a calendar event. */
export interface IcsEvent {
  uid: string;
  /** YYYY-MM-DD */
  date: string;
  /** HH:MM, or null for an all-day event. */
  startTime: string | null;
  /** Minutes from the start to the end (events with a start time). */
  durationMinutes: number;
  summary: string;
  description: string;
  url?: string;
}

const CRLF = '\r\n';

/** A TEXT value escaped (RFC 5545 3.3.11): backslash, semicolon, comma, newline. */
export function escapeIcsText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/**
 * A content line folded (RFC 5545 3.1): no line longer than 75 octets, each continuation
 * starting with a space. A fold never splits a UTF-8 sequence (nor a surrogate pair).
 */
export function foldIcsLine(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    // The first line holds 75 octets; a continuation's leading space counts in its 75.
    const limit = out.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      out.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  out.push(current);
  return out.join(`${CRLF} `);
}

const compactDay = (day: string) => day.replace(/-/g, '');

/** UTC as iCalendar writes it: 20300915T080000Z. */
export function icsUtc(time: Date): string {
  return time
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** The day after a YYYY-MM-DD, in the same form. */
export function nextDay(day: string): string {
  const time = Date.parse(`${day}T00:00:00Z`);
  return new Date(time + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/**
 * A local ("floating") date-time, 20300915T100000: Segue keeps a service's day and start time
 * as the team reads them, with no time zone, so every calendar shows it at that time of day.
 */
function floating(day: string, time: string, plusMinutes = 0): string {
  const start = Date.parse(`${day}T${time}:00Z`);
  return icsUtc(new Date(start + plusMinutes * 60 * 1000)).replace(/Z$/, '');
}

function eventLines(event: IcsEvent, stamp: Date): string[] {
  const lines = ['BEGIN:VEVENT', `UID:${event.uid}`, `DTSTAMP:${icsUtc(stamp)}`];
  if (event.startTime) {
    lines.push(
      `DTSTART:${floating(event.date, event.startTime)}`,
      `DTEND:${floating(event.date, event.startTime, Math.max(1, event.durationMinutes))}`,
    );
  } else {
    lines.push(
      `DTSTART;VALUE=DATE:${compactDay(event.date)}`,
      `DTEND;VALUE=DATE:${compactDay(nextDay(event.date))}`,
    );
  }
  lines.push(
    `SUMMARY:${escapeIcsText(event.summary)}`,
    `DESCRIPTION:${escapeIcsText(event.description)}`,
  );
  if (event.url) lines.push(`URL:${event.url}`);
  lines.push('END:VEVENT');
  return lines;
}

/**
 * A whole calendar. `method`: PUBLISH for a file attached to a mail (an event to add, no reply
 * asked); none for a feed. `name`: the calendar's name shown by subscribing apps.
 */
export function icsCalendar(
  events: readonly IcsEvent[],
  options: { stamp: Date; method?: 'PUBLISH'; name?: string },
): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Segue//Segue//EN',
    'CALSCALE:GREGORIAN',
  ];
  if (options.method) lines.push(`METHOD:${options.method}`);
  if (options.name) lines.push(`X-WR-CALNAME:${escapeIcsText(options.name)}`);
  for (const event of events) lines.push(...eventLines(event, options.stamp));
  lines.push('END:VCALENDAR');
  return lines.map(foldIcsLine).join(CRLF) + CRLF;
}
