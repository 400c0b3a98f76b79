import { describe, expect, it } from 'vitest';
import { readIcs } from '../../test/ics-reader.ts';
import { escapeIcsText, foldIcsLine, icsCalendar } from './ics.ts';

const stamp = new Date('2030-09-01T12:34:56.789Z');

describe('iCalendar text', () => {
  it('escapes backslashes, semicolons, commas and line breaks', () => {
    expect(escapeIcsText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
  });

  it('folds lines at 75 octets without splitting a character', () => {
    const line = `DESCRIPTION:${'é'.repeat(100)}`;
    const folded = foldIcsLine(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(2);
    for (const part of parts) expect(Buffer.byteLength(part, 'utf8')).toBeLessThanOrEqual(75);
    for (const part of parts.slice(1)) expect(part.startsWith(' ')).toBe(true);
    // Unfolded, it is the line again, and no 'é' was cut in two.
    expect(parts.map((p, i) => (i === 0 ? p : p.slice(1))).join('')).toBe(line);
    expect(folded).not.toContain('\uFFFD');
    expect(foldIcsLine('SUMMARY:short')).toBe('SUMMARY:short');
  });

  it('writes a timed event with floating start and end, and reads back', () => {
    const text = icsCalendar(
      [
        {
          uid: 'setlist-1@example.org',
          date: '2030-09-15',
          startTime: '23:30',
          durationMinutes: 90,
          summary: 'Team; One: Harvest, Service',
          description: 'Your positions: Bass\nSongs:\n1. Amazing Grace (key G)',
          url: 'https://example.org/setlists/view/1',
        },
      ],
      { stamp, method: 'PUBLISH' },
    );
    expect(text.endsWith('\r\n')).toBe(true);
    const calendar = readIcs(text);
    expect(calendar.name).toBe('VCALENDAR');
    expect(calendar.get('VERSION')).toBe('2.0');
    expect(calendar.get('METHOD')).toBe('PUBLISH');
    const [event] = calendar.children;
    expect(event?.name).toBe('VEVENT');
    expect(event?.get('UID')).toBe('setlist-1@example.org');
    expect(event?.get('DTSTAMP')).toBe('20300901T123456Z');
    expect(event?.get('DTSTART')).toBe('20300915T233000');
    // Past midnight: the end is on the next day.
    expect(event?.get('DTEND')).toBe('20300916T010000');
    expect(event?.get('SUMMARY')).toBe('Team; One: Harvest, Service');
    expect(event?.get('DESCRIPTION')).toBe(
      'Your positions: Bass\nSongs:\n1. Amazing Grace (key G)',
    );
    expect(event?.get('URL')).toBe('https://example.org/setlists/view/1');
  });

  it('writes an all-day event when the service has no start time', () => {
    const calendar = readIcs(
      icsCalendar(
        [
          {
            uid: 'u',
            date: '2030-12-31',
            startTime: null,
            durationMinutes: 60,
            summary: 's',
            description: 'd',
          },
        ],
        { stamp, name: 'Segue: Ada' },
      ),
    );
    expect(calendar.get('METHOD')).toBeUndefined();
    expect(calendar.get('X-WR-CALNAME')).toBe('Segue: Ada');
    const [event] = calendar.children;
    expect(event?.get('DTSTART')).toBe('20301231');
    expect(event?.param('DTSTART', 'VALUE')).toBe('DATE');
    expect(event?.get('DTEND')).toBe('20310101');
    expect(event?.param('DTEND', 'VALUE')).toBe('DATE');
  });
});
