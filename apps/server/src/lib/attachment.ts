import { safeFileName } from '@segue/shared';

/** Percent-encoding for RFC 8187's `filename*`, which also escapes what encodeURIComponent keeps. */
const extValue = (name: string) =>
  encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );

/**
 * The `Content-Disposition` of every file Segue offers for download: the name cleaned by
 * `safeFileName` (a title can hold path separators and bidi overrides), in plain ASCII and
 * in full (RFC 6266).
 */
export function attachment(filename: string): string {
  const name = safeFileName(filename);
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${extValue(name)}`;
}
