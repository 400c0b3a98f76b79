import { describe, expect, it } from 'vitest';
import {
  formatClockTime,
  formatDate,
  formatDateTime,
  formatDay,
  formatDuration,
  formatList,
  formatNumber,
} from './format.ts';

// 2030-05-04 10:30 UTC, a Saturday. Times are checked for a time zone-free day (`formatDay`)
// or with the clock's digits only, since the test machine's zone is not known.
const instant = Date.UTC(2030, 4, 4, 10, 30);
/** Narrow and no-break spaces, which ICU uses in places, read as spaces. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('dates, times and durations in each language', () => {
  it.each([
    ['en', 'Saturday, May 4, 2030', 'May 4, 2030'],
    ['es', 'sábado, 4 de mayo de 2030', '4 may 2030'],
    ['pt-BR', 'sábado, 4 de maio de 2030', '4 de mai. de 2030'],
    ['de', 'Samstag, 4. Mai 2030', '04.05.2030'],
    ['fr', 'samedi 4 mai 2030', '4 mai 2030'],
    ['ko', '2030년 5월 4일 토요일', '2030. 5. 4.'],
  ])('%s writes a day as the language does', (locale, full, medium) => {
    expect(formatDay('2030-05-04', 'full', locale)).toBe(full);
    expect(formatDay('2030-05-04T00:00:00.000Z', 'medium', locale)).toBe(medium);
  });

  it('keeps a calendar day the same day in every time zone, and leaves a non-day as it is', () => {
    expect(formatDay('2030-01-01', 'medium', 'en')).toBe('Jan 1, 2030');
    expect(formatDay('someday', 'medium', 'en')).toBe('someday');
  });

  it("writes a service's start on the 24-hour clock it was typed in", () => {
    for (const locale of ['en', 'es', 'pt-BR', 'de', 'fr', 'ko']) {
      expect(formatClockTime('10:30', locale)).toBe('10:30');
      expect(formatClockTime('18:05', locale)).toBe('18:05');
    }
    expect(formatClockTime('late', 'en')).toBe('late');
  });

  it('formats instants with the date and the time in the language', () => {
    expect(formatDate(instant, 'long', 'de')).toMatch(/^\d+\. Mai 2030$/);
    expect(formatDateTime(instant, {}, 'en')).toMatch(/^May \d+, 2030, \d+:\d\d [AP]M$/);
    expect(formatDateTime(instant, { seconds: true }, 'fr')).toMatch(
      /^\d+ mai 2030, \d\d:\d\d:\d\d$/,
    );
    expect(formatDateTime(instant, {}, 'ko')).toMatch(/^2030\. 5\. \d+\. .+ \d+:\d\d$/);
  });

  it.each([
    ['en', 3900, '1 hr 5 min'],
    ['en', 45, '45 sec'],
    ['es', 3900, '1 h 5 min'],
    ['de', 3900, '1 Std., 5 Min.'],
    ['fr', 3900, '1 h 5 min'],
    ['ko', 3900, '1시간 5분'],
    ['pt-BR', 0, '0 min'],
  ])('%s writes %i seconds as "%s"', (locale, seconds, text) => {
    expect(plain(formatDuration(seconds, locale))).toBe(text);
  });

  it('joins names and writes numbers as the language does', () => {
    expect(formatList(['Vocal', 'Bass', 'Keys'], 'en')).toBe('Vocal, Bass and Keys');
    expect(formatList(['Voz', 'Bajo', 'Teclado'], 'es')).toBe('Voz, Bajo y Teclado');
    expect(formatList(['Gesang', 'Bass'], 'de')).toBe('Gesang und Bass');
    expect(formatList(['보컬', '베이스'], 'ko')).toBe('보컬 및 베이스');
    expect(formatNumber(1234.5, 'de')).toBe('1.234,5');
    expect(plain(formatNumber(1234.5, 'fr'))).toBe('1 234,5');
    expect(formatNumber(1234.5, 'en')).toBe('1,234.5');
  });
});
