import iconv from 'iconv-lite';

type ByteOrderMark = { bytes: number[]; encoding: string };

const BYTE_ORDER_MARKS: ByteOrderMark[] = [
  { bytes: [0xef, 0xbb, 0xbf], encoding: 'utf-8' },
  { bytes: [0xff, 0xfe], encoding: 'utf-16le' },
  { bytes: [0xfe, 0xff], encoding: 'utf-16be' },
];

// `<?` as UTF-16 without a byte order mark (XML 1.0, appendix F).
const UTF16_XML_STARTS: ByteOrderMark[] = [
  { bytes: [0x3c, 0x00, 0x3f, 0x00], encoding: 'utf-16le' },
  { bytes: [0x00, 0x3c, 0x00, 0x3f], encoding: 'utf-16be' },
];

const XML_DECLARATION = /^\s*<\?xml\s[^>]*?\bencoding\s*=\s*["']([A-Za-z][\w.:-]*)["']/;

// Labels that browsers read as windows-1252 (WHATWG Encoding): files saved as "Latin-1" on
// Windows hold its characters in 0x80–0x9F (curly quotes, dashes).
const WINDOWS_1252_LABELS = ['iso-8859-1', 'iso8859-1', 'latin1', 'us-ascii', 'ascii'];

function startsWith(bytes: Uint8Array, prefix: number[]): boolean {
  return prefix.every((byte, i) => bytes[i] === byte);
}

function markedEncoding(bytes: Uint8Array, marks: ByteOrderMark[]): string | null {
  return marks.find((mark) => startsWith(bytes, mark.bytes))?.encoding ?? null;
}

/** The encoding an XML declaration names, when iconv-lite knows it; null for UTF-8 or none. */
function declaredEncoding(bytes: Uint8Array): string | null {
  const head = String.fromCharCode(...bytes.subarray(0, 256));
  const name = XML_DECLARATION.exec(head)?.[1]?.toLowerCase();
  // UTF-8 is checked like undeclared text; UTF-16 and UTF-32 need their marks, found earlier.
  if (!name || /^utf-?(8|16|32)/.test(name)) return null;
  if (WINDOWS_1252_LABELS.includes(name)) return 'windows-1252';
  return iconv.encodingExists(name) ? name : null;
}

/** Valid UTF-8 is exactly what decodes and encodes back to the same bytes. */
function isUtf8(bytes: Uint8Array): boolean {
  const again = iconv.encode(iconv.decode(bytes, 'utf-8', { stripBOM: false }), 'utf-8');
  return again.length === bytes.length && bytes.every((byte, i) => again[i] === byte);
}

/**
 * The text of a song file: a byte order mark (UTF-8, UTF-16 LE or BE) wins; else the encoding
 * an XML declaration names (`encoding="WINDOWS-1250"`); else UTF-8 when the bytes are valid
 * UTF-8; else windows-1252. Never throws, and the text never starts with a byte order mark.
 */
export function decodeSongBytes(bytes: Uint8Array): string {
  const encoding =
    markedEncoding(bytes, BYTE_ORDER_MARKS) ??
    markedEncoding(bytes, UTF16_XML_STARTS) ??
    declaredEncoding(bytes) ??
    (isUtf8(bytes) ? 'utf-8' : 'windows-1252');
  return iconv.decode(bytes, encoding).replace(/^\uFEFF+/, '');
}
