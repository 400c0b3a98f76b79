/// <reference types="node" />
// Node's types for this file only, to read the fixtures.
import { readFileSync, readdirSync } from 'node:fs';
import fc from 'fast-check';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { decodeSongBytes } from './decode.ts';

const FIXTURES = new URL('../../test/fixtures/openlyrics/', import.meta.url);
const bytesOf = (file: string) => new Uint8Array(readFileSync(new URL(file, FIXTURES)));
const ascii = (text: string) => Uint8Array.from(text, (char) => char.charCodeAt(0));
const concat = (...parts: ArrayLike<number>[]) =>
  Uint8Array.from(parts.flatMap((p) => [...Array.from(p)]));

describe('decodeSongBytes', () => {
  it('follows a byte order mark, and leaves the mark out', () => {
    const text = '<song>Graça – “Ježíš”</song>';
    expect(decodeSongBytes(concat([0xef, 0xbb, 0xbf], iconv.encode(text, 'utf-8')))).toBe(text);
    expect(decodeSongBytes(iconv.encode(text, 'utf-16le', { addBOM: true }))).toBe(text);
    expect(decodeSongBytes(iconv.encode(text, 'utf-16be', { addBOM: true }))).toBe(text);
  });

  it('lets a byte order mark win over the XML declaration', () => {
    const text = '<?xml version="1.0" encoding="WINDOWS-1250"?><song>přítele</song>';
    expect(decodeSongBytes(concat([0xef, 0xbb, 0xbf], iconv.encode(text, 'utf-8')))).toBe(text);
  });

  it('reads UTF-16 XML without a byte order mark by its first characters', () => {
    const text = '<?xml version="1.0" encoding="UTF-16"?><song>Graça</song>';
    expect(decodeSongBytes(iconv.encode(text, 'utf-16le'))).toBe(text);
    expect(decodeSongBytes(iconv.encode(text, 'utf-16be'))).toBe(text);
  });

  it("decodes by the XML declaration's encoding: the Czech WINDOWS-1250 fixture", () => {
    const text = decodeSongBytes(bytesOf('cp1250-encoding_mam-zde-pritele.xml'));
    expect(text).toContain('<title>Mám zde přítele</title>');
    expect(text).toContain('Čeho bych se bál');
    expect(text).not.toContain('\uFFFD');
  });

  it('reads ISO-8859-1 as browsers do, as windows-1252 (curly quotes in 0x80–0x9F)', () => {
    const bytes = concat(
      ascii("<?xml version='1.0' encoding='ISO-8859-1'?><t>"),
      [0x93, 0xe9, 0x94],
      ascii('</t>'),
    );
    expect(decodeSongBytes(bytes)).toBe("<?xml version='1.0' encoding='ISO-8859-1'?><t>“é”</t>");
  });

  it('reads valid UTF-8 as UTF-8, and anything else as windows-1252', () => {
    expect(decodeSongBytes(iconv.encode('Graça [D]sweet', 'utf-8'))).toBe('Graça [D]sweet');
    expect(decodeSongBytes(concat(ascii('caf'), [0xe9, 0x20, 0x93], ascii('x'), [0x94]))).toBe(
      'café “x”',
    );
  });

  it('does not trust a UTF-8 declaration over bytes that are not UTF-8', () => {
    const bytes = concat(
      ascii('<?xml version="1.0" encoding="utf-8"?><t>caf'),
      [0xe9],
      ascii('</t>'),
    );
    expect(decodeSongBytes(bytes)).toBe('<?xml version="1.0" encoding="utf-8"?><t>café</t>');
  });

  it('ignores an encoding iconv-lite does not know', () => {
    const text = '<?xml version="1.0" encoding="x-klingon"?><t>Graça</t>';
    expect(decodeSongBytes(iconv.encode(text, 'utf-8'))).toBe(text);
  });

  it('reads every UTF-8 OpenLyrics fixture exactly as UTF-8', () => {
    const files = readdirSync(FIXTURES).filter((file) => !file.startsWith('cp1250'));
    expect(files.length).toBeGreaterThanOrEqual(4);
    for (const file of files) {
      expect(decodeSongBytes(bytesOf(file))).toBe(readFileSync(new URL(file, FIXTURES), 'utf8'));
    }
  });

  it('never throws, whatever the bytes, and never answers a byte order mark', () => {
    const prefixes = [[], [0xef, 0xbb, 0xbf], [0xff, 0xfe], [0xfe, 0xff], [0x3c, 0x00, 0x3f, 0x00]];
    const declaration = fc.constantFrom(
      '',
      '<?xml version="1.0" encoding="WINDOWS-1250"?>',
      '<?xml encoding="utf-16"?>',
      '<?xml encoding="shift_jis"?>',
    );
    fc.assert(
      fc.property(
        fc.constantFrom(...prefixes),
        declaration,
        fc.uint8Array({ maxLength: 300 }),
        (prefix, head, body) => {
          const text = decodeSongBytes(concat(prefix, ascii(head), body));
          expect(typeof text).toBe('string');
          expect(text.startsWith('\uFEFF')).toBe(false);
        },
      ),
      { numRuns: 500 },
    );
  });
});
