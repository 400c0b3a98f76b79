// First-load bytes per route: what a browser downloads before the route's page shows,
// as Segue's own server sends it (the built server, its static files precompressed
// with brotli and gzip), asked with `Accept-Encoding: br, gzip`.
//
// The set for a route is: the route's index.html (the SPA fallback answers the route's
// URL), the scripts, modulepreloads and stylesheets it links and their static imports,
// plus the route's lazy page chunk and its static imports (and their CSS). A page that is
// an entry of its own (the follow page's follow.html) has no page chunk: its HTML and what
// that links are the whole set.
// Vite's manifest (dist/.vite/manifest.json) gives the import graph when the web
// build writes one; otherwise the built chunks' `import … from "./x.js"` are parsed.
// Each file counts with the body bytes the server sent (compressed as sent).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { startSegue } from './servers.mjs';

/**
 * The routes measured, with their budgets (bytes as sent, 1 KB = 1000 bytes) and the URL
 * a browser opens for them. `page`: the route is an HTML entry of its own, not a route of
 * apps/web/src/app-routes.tsx.
 */
export const WEB_ROUTES = [
  { id: 'web.landing', name: 'Landing (/)', route: '', url: '/', budgetKb: 150 },
  { id: 'web.login', name: 'Login (/login)', route: 'login', url: '/login', budgetKb: 150 },
  {
    id: 'web.live',
    name: 'Live view (/setlists/live/:id)',
    route: 'setlists/live/:id',
    url: '/setlists/live/0123456789abcdef01234567',
    budgetKb: 250,
  },
  {
    id: 'web.follow',
    name: 'Follow page (/follow/:token)',
    page: 'follow.html',
    // A link's token is 43 base64url characters; the page is the same for any of them.
    url: `/follow/${'A'.repeat(43)}`,
    budgetKb: 50,
  },
];

/** Same route, whatever the parameter is called. */
const routeKey = (p) => p.replace(/^\/+|\/+$/g, '').replace(/:[^/]+/g, ':param');

/**
 * The page component's source file for each route path of app-routes.tsx.
 * @param {string} source  app-routes.tsx
 * @returns {Map<string, string>}  route key -> import path relative to src/ (e.g. features/x/y.tsx)
 */
export function routeSources(source) {
  /** @type {Map<string, string>} */
  const lazyImports = new Map();
  for (const m of source.matchAll(
    /const\s+(\w+)\s*=\s*lazy\(\s*\(\)\s*=>\s*import\(\s*['"]([^'"]+)['"]\s*\)/g,
  )) {
    lazyImports.set(m[1], path.posix.normalize(m[2]));
  }
  /** @type {Map<string, string>} */
  const routes = new Map();
  for (const m of source.matchAll(/<Route\b([^>]*?)\belement=\{\s*<(\w+)/g)) {
    const attrs = m[1];
    const file = lazyImports.get(m[2]);
    if (!file) continue;
    const routePath = /\bindex\b/.test(attrs) ? '' : /\bpath=["']([^"']*)["']/.exec(attrs)?.[1];
    if (routePath !== undefined) routes.set(routeKey(routePath), file);
  }
  return routes;
}

/**
 * Static imports of a built chunk (`import{…}from"./a.js"`, `import"./a.js"`,
 * `export{…}from"./a.js"`); dynamic `import("./a.js")` is left out on purpose.
 */
function staticImports(code) {
  const found = [];
  for (const m of code.matchAll(
    /\b(?:import|export)\s*(?:[\w$*{},\s]+?\s*from\s*)?["'`](\.{0,2}\/[^"'`]+\.js)["'`]/g,
  )) {
    found.push(m[1]);
  }
  return found;
}

/** The import graph read from the built files. */
function parsedGraph(distDir) {
  const cache = new Map();
  return {
    /** @param {string} file  path relative to dist, e.g. assets/index-x.js */
    importsOf(file) {
      if (!cache.has(file)) {
        const code = readFileSync(path.join(distDir, file), 'utf8');
        cache.set(
          file,
          staticImports(code).map((spec) => path.posix.join(path.posix.dirname(file), spec)),
        );
      }
      return cache.get(file);
    },
    /** CSS a chunk brings (only the manifest knows). */
    cssOf() {
      return [];
    },
    /** The chunk of a lazily imported source file: named after it, `<name>-<hash>.js`. */
    chunkOf(sourceFile) {
      const base = path.posix.basename(sourceFile).replace(/\.[jt]sx?$/, '');
      const escaped = base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const matches = readdirSync(path.join(distDir, 'assets')).filter((f) =>
        new RegExp(`^${escaped}-[\\w-]{6,12}\\.js$`).test(f),
      );
      if (matches.length !== 1)
        throw new Error(
          `${matches.length} built chunks are named after ${base} (${matches.join(', ') || 'none'})`,
        );
      return `assets/${matches[0]}`;
    },
  };
}

/** The import graph from Vite's manifest. */
function manifestGraph(manifest) {
  const byFile = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk]));
  return {
    importsOf(file) {
      return (byFile.get(file)?.imports ?? []).map((key) => manifest[key].file);
    },
    cssOf(file) {
      return byFile.get(file)?.css ?? [];
    },
    chunkOf(sourceFile) {
      const chunk = manifest[`src/${sourceFile}`];
      if (!chunk) throw new Error(`the manifest has no chunk for src/${sourceFile}`);
      return chunk.file;
    },
  };
}

/**
 * GETs a path as a browser that takes brotli and gzip does; the body is kept as sent.
 * @param {string} baseUrl
 * @param {string} urlPath
 * @returns {Promise<{ sent: Buffer, encoding: string }>}
 */
function download(baseUrl, urlPath) {
  return new Promise((resolve, reject) => {
    const req = http.get(
      new URL(urlPath, baseUrl),
      { headers: { 'accept-encoding': 'br, gzip' }, timeout: 10_000 },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          if (res.statusCode !== 200) {
            reject(new Error(`GET ${urlPath} answered ${res.statusCode}`));
            return;
          }
          resolve({
            sent: Buffer.concat(chunks),
            encoding: res.headers['content-encoding'] ?? 'identity',
          });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`GET ${urlPath} timed out`)));
    req.on('error', reject);
  });
}

/** The body as the browser reads it. */
function decoded({ sent, encoding }) {
  if (encoding === 'br') return brotliDecompressSync(sent);
  if (encoding === 'gzip') return gunzipSync(sent);
  if (encoding === 'identity') return sent;
  throw new Error(`unexpected Content-Encoding ${encoding}`);
}

/**
 * Starts the built server (apps/server/dist on the embedded database, in a temp folder)
 * and measures each route's first load through it.
 * @param {string} repoRoot
 */
export async function measureWeb(repoRoot) {
  const distDir = path.join(repoRoot, 'apps/web/dist');
  const manifestFile = path.join(distDir, '.vite/manifest.json');
  const hasManifest = existsSync(manifestFile);
  const graph = hasManifest
    ? manifestGraph(JSON.parse(readFileSync(manifestFile, 'utf8')))
    : parsedGraph(distDir);
  const routes = routeSources(
    readFileSync(path.join(repoRoot, 'apps/web/src/app-routes.tsx'), 'utf8'),
  );

  /** Files plus everything they import statically, and the CSS of each. */
  const closure = (files) => {
    const seen = new Set();
    const stack = [...files];
    while (stack.length && seen.size < 10_000) {
      const file = stack.pop();
      if (seen.has(file)) continue;
      seen.add(file);
      if (file.endsWith('.js') && file.startsWith('assets/')) {
        stack.push(...graph.importsOf(file), ...graph.cssOf(file));
      }
    }
    return seen;
  };

  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'segue-bench-web-'));
  const server = await startSegue({ dataDir, logLevel: 'warn' });
  try {
    /** @type {Map<string, Promise<{ sent: Buffer, encoding: string }>>} */
    const downloads = new Map();
    const get = (urlPath) => {
      if (!downloads.has(urlPath)) downloads.set(urlPath, download(server.url, urlPath));
      return /** @type {Promise<{ sent: Buffer, encoding: string }>} */ (downloads.get(urlPath));
    };
    const local = (url) => new URL(url, server.url).pathname.replace(/^\//, '');

    const values = {};
    const details = {
      manifest: hasManifest
        ? '.vite/manifest.json'
        : 'none: import graph parsed from the built chunks',
      acceptEncoding: 'br, gzip',
      routes: {},
    };
    for (const r of WEB_ROUTES) {
      const sourceFile = r.page ? null : routes.get(routeKey(r.route));
      if (r.page && !existsSync(path.join(distDir, r.page))) {
        values[r.id] = { missing: `no ${r.page} in apps/web/dist` };
        continue;
      }
      if (!r.page && !sourceFile) {
        values[r.id] = { missing: `no route "/${r.route}" in apps/web/src/app-routes.tsx` };
        continue;
      }
      const page = await get(r.url);
      const html = decoded(page).toString('utf8');
      // A server that answered with the app's index.html would be measured as the app.
      if (r.page && html !== readFileSync(path.join(distDir, r.page), 'utf8')) {
        values[r.id] = { missing: `${r.url} is not answered with ${r.page}` };
        continue;
      }
      // Every script index.html runs (the theme script too), every module it preloads
      // and every stylesheet it links.
      const linked = [
        ...[...html.matchAll(/<script\b[^>]*\bsrc=["']([^"']+)["']/g)].map((m) => m[1]),
        ...[
          ...html.matchAll(
            /<link\b[^>]*\brel=["'](?:modulepreload|stylesheet)["'][^>]*\bhref=["']([^"']+)["']/g,
          ),
        ].map((m) => m[1]),
      ].map(local);
      const pageChunk = sourceFile ? graph.chunkOf(sourceFile) : null;
      const files = [...closure(pageChunk ? [...linked, pageChunk] : linked)].sort();
      const sent = { [r.url]: { bytes: page.sent.length, encoding: page.encoding } };
      for (const file of files) {
        const { sent: body, encoding } = await get(`/${file}`);
        sent[file] = { bytes: body.length, encoding };
      }
      const bytes = Object.values(sent).reduce((sum, f) => sum + f.bytes, 0);
      values[r.id] = { segue: bytes / 1000, baseline: r.budgetKb };
      details.routes[r.id] = {
        url: r.url,
        source: sourceFile ? `src/${sourceFile}` : r.page,
        pageChunk,
        sentBytes: bytes,
        files: sent,
      };
    }
    return { values, details };
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
