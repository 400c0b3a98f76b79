import { describe, expect, it } from 'vitest';
import { FILE_NAME_MAX_LENGTH, safeFileName } from './file-names.ts';

describe('safeFileName', () => {
  it('keeps an ordinary name as it is', () => {
    expect(safeFileName('Amazing Grace.cho')).toBe('Amazing Grace.cho');
    expect(safeFileName('Ñandú – Canción (2).xml')).toBe('Ñandú – Canción (2).xml');
    expect(safeFileName('ccli-report-2030-04-01-to-2030-06-30.csv')).toBe(
      'ccli-report-2030-04-01-to-2030-06-30.csv',
    );
  });

  it('leaves no path in the name', () => {
    expect(safeFileName('../../etc/passwd.json')).toBe('etc passwd.json');
    expect(safeFileName('..\\..\\Windows\\win.ini')).toBe('Windows win.ini');
    expect(safeFileName('C:/x:y*z?"<a>|b.txt')).toBe('C x y z a b.txt');
    // Full-width look-alikes are path separators once normalised.
    expect(safeFileName('．．／etc／passwd')).toBe('etc passwd');
    for (const name of ['..', '.', '/', '\\', ' . . ']) expect(safeFileName(name)).toBe('file');
  });

  it('removes control, format and bidi characters', () => {
    expect(safeFileName('evil\u202Egpj.exe')).toBe('evilgpj.exe');
    expect(safeFileName('a\u2066b\u2067c\u2068d\u2069e\u202Af\u202Bg\u202Ch\u202Di.txt')).toBe(
      'abcdefghi.txt',
    );
    expect(safeFileName('line\nbreak\r\tand\u0000nul\u0007.txt')).toBe('line break andnul.txt');
    expect(safeFileName('zero\u200Bwidth\uFEFF.txt')).toBe('zerowidth.txt');
    expect(safeFileName('one\u2028two\u2029three.txt')).toBe('one two three.txt');
    expect(safeFileName('lone\uD800surrogate.txt')).toBe('lonesurrogate.txt');
    expect(safeFileName('\u202E\u202E.json')).toBe('file.json');
  });

  it('hides nothing behind a leading dot and ends on no dot or space', () => {
    expect(safeFileName('.bashrc')).toBe('file.bashrc');
    expect(safeFileName('...hidden song.cho')).toBe('hidden song.cho');
    expect(safeFileName('trailing. . .')).toBe('trailing');
    expect(safeFileName('.json')).toBe('file.json');
    expect(safeFileName('', 'song')).toBe('song');
  });

  it('never names a Windows device', () => {
    for (const name of ['CON', 'nul.txt', 'Aux.cho', 'com1.xml', 'LPT9', 'prn.tar.gz']) {
      expect(safeFileName(name)).toBe(`_${name}`);
    }
    expect(safeFileName('Console.txt')).toBe('Console.txt');
  });

  it('cuts a long name to the limit and keeps its extension, never inside a character', () => {
    const long = safeFileName(`${'a'.repeat(300)}.openlyrics`);
    expect(long).toHaveLength(FILE_NAME_MAX_LENGTH);
    expect(long.endsWith('a.openlyrics')).toBe(true);
    const emoji = safeFileName(`${'😀'.repeat(200)}.cho`);
    expect(Array.from(emoji)).toHaveLength(FILE_NAME_MAX_LENGTH);
    expect(emoji.endsWith('😀.cho')).toBe(true);
    expect(emoji).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });
});
