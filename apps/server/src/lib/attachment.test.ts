import { describe, expect, it } from 'vitest';
import { attachment } from './attachment.ts';

/** The two names a browser may read: the quoted ASCII one and the UTF-8 `filename*`. */
function names(header: string) {
  const ascii = /filename="([^"]*)"/.exec(header)?.[1];
  const full = /filename\*=UTF-8''([^;]+)/.exec(header)?.[1];
  return { ascii, full: full === undefined ? undefined : decodeURIComponent(full) };
}

describe('attachment', () => {
  it('keeps an ordinary name', () => {
    expect(attachment('Amazing Grace.cho')).toBe(
      `attachment; filename="Amazing Grace.cho"; filename*=UTF-8''Amazing%20Grace.cho`,
    );
  });

  it('offers no path, whatever name it is given', () => {
    expect(names(attachment('../../etc/passwd.json'))).toEqual({
      ascii: 'etc passwd.json',
      full: 'etc passwd.json',
    });
    expect(names(attachment('..\\..\\boot.ini'))).toEqual({ ascii: 'boot.ini', full: 'boot.ini' });
  });

  it('drops bidi overrides and control characters', () => {
    const header = attachment('Amen\u202Egpj.exe\r\nSet-Cookie: x=1');
    expect(header).not.toMatch(/[\r\n\u202E]/);
    expect(names(header)).toEqual({
      ascii: 'Amengpj.exe Set-Cookie x=1',
      full: 'Amengpj.exe Set-Cookie x=1',
    });
  });

  it('writes other letters in full and as ASCII, and escapes what RFC 8187 reserves', () => {
    const header = attachment("Cancion d'amor (version 2) — Ñandú.txt");
    expect(names(header)).toEqual({
      ascii: "Cancion d'amor (version 2) _ _and_.txt",
      full: "Cancion d'amor (version 2) — Ñandú.txt",
    });
    expect(header).toContain("filename*=UTF-8''Cancion%20d%27amor%20%28version%202%29");
  });
});
