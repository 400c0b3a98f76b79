// A small JSON client for Segue's API and a bounded-concurrency map for seeding.

/**
 * Calls Segue's API and returns the parsed answer; throws on any non-2xx status.
 * @param {string} baseUrl
 * @param {string} method
 * @param {string} path
 * @param {{ token?: string, teamId?: string, body?: unknown, ip?: string, timeoutMs?: number }} [options]
 */
export async function api(
  baseUrl,
  method,
  path,
  { token, teamId, body, ip, timeoutMs = 60_000 } = {},
) {
  /** @type {Record<string, string>} */
  const headers = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  if (teamId) headers['x-team-id'] = teamId;
  // With TRUST_PROXY=1 the bench plays the one proxy: the address it names here is the caller's.
  if (ip) headers['x-forwarded-for'] = ip;
  const res = await fetch(baseUrl + path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
}

/**
 * Maps over items with at most `limit` calls in flight; the first failure rejects
 * (the rest stop being started).
 * @template T, R
 * @param {T[]} items
 * @param {number} limit
 * @param {(item: T, index: number) => Promise<R>} fn
 * @returns {Promise<R[]>}
 */
export async function mapLimit(items, limit, fn) {
  const results = new Array(items.length);
  let next = 0;
  let failed = false;
  const lane = async () => {
    while (!failed && next < items.length) {
      const index = next++;
      try {
        results[index] = await fn(items[index], index);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}

/** A benchmark-range address (198.18.0.0/15, RFC 2544) of its own for the n-th caller. */
export function benchAddress(n) {
  return `198.18.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;
}
