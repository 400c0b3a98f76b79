import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/databases.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';

/** A built web app in miniature: what apps/web's build writes, precompressed files included. */
function fakeDist() {
  // A folder called assets above dist must not make index.html look like a hashed asset.
  const dir = path.join(mkdtempSync(path.join(tmpdir(), 'segue-static-')), 'assets', 'dist');
  const html = `<!doctype html><html><head><title>Segue</title></head><body>${'<p>page</p>'.repeat(120)}<div id="root"></div><script type="module" src="/assets/app-abc123.js"></script></body></html>`;
  const js = `export const app = ${JSON.stringify('segue '.repeat(600))};\n`;
  const followHtml = `<!doctype html><html lang="en"><head><title>Segue</title><script type="module" src="/assets/follow-def456.js"></script></head><body></body></html>`;
  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  const files: Record<string, string> = {
    'index.html': html,
    'follow.html': followHtml,
    'assets/app-abc123.js': js,
    'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  };
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(path.join(dir, name), text);
    if (text.length < 1000) continue; // the build leaves small files uncompressed
    writeFileSync(path.join(dir, `${name}.br`), brotliCompressSync(text));
    writeFileSync(path.join(dir, `${name}.gz`), gzipSync(text));
  }
  return { root: path.dirname(path.dirname(dir)), dir, html, js, followHtml };
}

const BOTH = { 'accept-encoding': 'br, gzip' };
const YEAR = 'public, max-age=31536000, immutable';

/** The body as the browser would read it, after undoing the Content-Encoding. */
function decoded(res: LightMyRequestResponse) {
  const raw = res.rawPayload;
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(raw).toString();
  if (encoding === 'gzip') return gunzipSync(raw).toString();
  return raw.toString();
}

describe('the built web app', () => {
  const dist = fakeDist();
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    const config = loadConfig(
      {},
      {
        authSecret: 'test-secret-test-secret-test-secret-0123',
        dataDir: '/tmp/segue-test-unused',
        webDistDir: dist.dir,
      },
    );
    app = await buildApp({ config, database, logger: false });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.destroy();
    rmSync(dist.root, { recursive: true, force: true });
  });

  it('sends a hashed asset as its brotli file, cached for a year', async () => {
    const res = await app.inject({ url: '/assets/app-abc123.js', headers: BOTH });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers['cache-control']).toBe(YEAR);
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(res.rawPayload.length).toBeLessThan(dist.js.length / 4);
    expect(decoded(res)).toBe(dist.js);
  });

  it('sends the gzip file to a browser without brotli, and the file itself to one without either', async () => {
    const gz = await app.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['cache-control']).toBe(YEAR);
    expect(decoded(gz)).toBe(dist.js);

    const plain = await app.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    // A shared cache must not hand this copy to a browser that accepts brotli.
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(dist.js);
  });

  it('prefers brotli in the order Chromium asks', async () => {
    const res = await app.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(res.headers['content-encoding']).toBe('br');
  });

  it.each(['/', '/dashboard', '/setlists/live/42?from=menu'])(
    'answers %s with index.html in brotli, revalidated on every visit',
    async (url) => {
      const res = await app.inject({ url, headers: BOTH });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(decoded(res)).toBe(dist.html);
    },
  );

  it.each(['/follow/Abc_-123', '/follow/Abc_-123?utm_source=qr', `/follow/${'x'.repeat(43)}/`])(
    'answers %s with the follow page, not the app, revalidated on every visit',
    async (url) => {
      const res = await app.inject({ url, headers: BOTH });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      // The page sets no cookie: it is for people with no account.
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(decoded(res)).toBe(dist.followHtml);
    },
  );

  it('leaves addresses that only look like the follow page to the app', async () => {
    for (const url of ['/follow', '/following/abc', '/setlists/follow/abc']) {
      const res = await app.inject({ url, headers: BOTH });
      expect(res.statusCode, url).toBe(200);
      expect(decoded(res), url).toBe(dist.html);
    }
  });

  it('revalidates unhashed files such as the favicon, sent as they are when small', async () => {
    const res = await app.inject({ url: '/favicon.svg', headers: BOTH });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<svg');
  });

  it('answers a hashed asset that is not there with 404, not index.html', async () => {
    const res = await app.inject({ url: '/assets/app-old999.js', headers: BOTH });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).not.toBe(YEAR);
  });

  it('leaves the API its own 404', async () => {
    const res = await app.inject({ url: '/api/no-such-thing', headers: BOTH });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found' });
  });
});
