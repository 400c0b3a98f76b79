/**
 * A follow link as a person types it from the screen: without the scheme (every browser adds
 * it) and without a trailing slash. The QR code carries the whole URL.
 */
export function shortAddress(url: string): string {
  return url.replace(/^https?:\/\//i, '').replace(/\/+$/, '');
}
