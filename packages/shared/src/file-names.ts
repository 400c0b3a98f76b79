/** The longest file name offered, in characters (code points), extension included. */
export const FILE_NAME_MAX_LENGTH = 120;

/**
 * Characters a file name must not hold: control and format characters (among them the bidi
 * overrides and isolates that make `gpj.exe` read as `exe.jpg`), line and paragraph separators,
 * and lone surrogates.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}\u202A-\u202E\u2066-\u2069]/gu;

/** Path separators and the characters Windows refuses in a name. */
const SEPARATORS = /[/\\:*?"<>|]/g;

/** Names Windows keeps for devices, with or without an extension (`NUL.txt` too). */
const RESERVED = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\.|$)/i;

const EXTENSION = /\.[\p{L}\p{N}]{1,10}$/u;

/**
 * A file name safe to offer for download on any system, from any text (a song title, a team
 * name): one name with no path in it, nothing invisible or reordering, not hidden (no leading
 * dot), not a device name, at most `FILE_NAME_MAX_LENGTH` characters with its extension kept.
 * `fallback` stands for a name with nothing left.
 */
export function safeFileName(name: string, fallback = 'file'): string {
  const cleaned = name
    .normalize('NFKC')
    // Line breaks and tabs part words: a space, where the other invisible characters go.
    .replace(/[\t\n\v\f\r\u0085\u2028\u2029]/g, ' ')
    .replace(INVISIBLE, '')
    .replace(SEPARATORS, ' ')
    .replace(/\s+/g, ' ');
  const extension = EXTENSION.exec(cleaned)?.[0] ?? '';
  const trim = (stem: string) => stem.replace(/^[\s.]+|[\s.]+$/g, '');
  const room = FILE_NAME_MAX_LENGTH - extension.length;
  let stem = trim(cleaned.slice(0, cleaned.length - extension.length)) || fallback;
  if (RESERVED.test(stem)) stem = `_${stem}`;
  // By code points, so that a cut never leaves half of a surrogate pair.
  stem = trim(Array.from(stem).slice(0, room).join('')) || fallback;
  return `${stem}${extension}`;
}
