// First-load JavaScript per route: what the browser fetches before the route's page
// shows, gzip level 9, each file compressed on its own (as it is served).
//
// The set for a route is: the scripts and modulepreloads of index.html and their
// static imports, plus the route's lazy page chunk and its static imports.
// Vite's manifest (dist/.vite/manifest.json) gives the import graph when the web
// build writes one; otherwise the built chunks' `import … from "./x.js"` are parsed.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** The routes measured, with their budgets (gzip, 1 KB = 1000 bytes). */
export const WEB_ROUTES = [
  { id: 'web.landing', name: 'Landing (/)', route: '', budgetKb: 150 },
  { id: 'web.login', name: 'Login (/login)', route: 'login', budgetKb: 150 },
  {
    id: 'web.live',
    name: 'Live view (/setlists/live/:id)',
    route: 'setlists/live/:id',
    budgetKb: 250,
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
    chunkOf(sourceFile) {
      const chunk = manifest[`src/${sourceFile}`];
      if (!chunk) throw new Error(`the manifest has no chunk for src/${sourceFile}`);
      return chunk.file;
    },
  };
}

/**
 * @param {string} repoRoot
 */
export function measureWeb(repoRoot) {
  const distDir = path.join(repoRoot, 'apps/web/dist');
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const manifestFile = path.join(distDir, '.vite/manifest.json');
  const hasManifest = existsSync(manifestFile);
  const graph = hasManifest
    ? manifestGraph(JSON.parse(readFileSync(manifestFile, 'utf8')))
    : parsedGraph(distDir);
  const routes = routeSources(
    readFileSync(path.join(repoRoot, 'apps/web/src/app-routes.tsx'), 'utf8'),
  );

  const local = (url) => url.replace(/^\//, '');
  // Every script index.html runs (the theme script too) and every module it preloads.
  const firstFiles = [
    ...[...html.matchAll(/<script\b[^>]*\bsrc=["']([^"']+)["']/g)].map((m) => local(m[1])),
    ...[
      ...html.matchAll(/<link\b[^>]*\brel=["']modulepreload["'][^>]*\bhref=["']([^"']+)["']/g),
    ].map((m) => local(m[1])),
  ];

  /** Files plus everything they import statically. */
  const closure = (files) => {
    const seen = new Set();
    const stack = [...files];
    while (stack.length && seen.size < 10_000) {
      const file = stack.pop();
      if (seen.has(file)) continue;
      seen.add(file);
      if (file.endsWith('.js') && file.startsWith('assets/')) stack.push(...graph.importsOf(file));
    }
    return seen;
  };
  const gzipSize = (file) => gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length;

  const values = {};
  const details = {
    manifest: hasManifest
      ? '.vite/manifest.json'
      : 'none: import graph parsed from the built chunks',
    routes: {},
  };
  for (const r of WEB_ROUTES) {
    const sourceFile = routes.get(routeKey(r.route));
    if (!sourceFile) {
      values[r.id] = { missing: `no route "/${r.route}" in apps/web/src/app-routes.tsx` };
      continue;
    }
    const pageChunk = graph.chunkOf(sourceFile);
    const files = [...closure([...firstFiles, pageChunk])].sort();
    const sizes = Object.fromEntries(files.map((f) => [f, gzipSize(f)]));
    const bytes = Object.values(sizes).reduce((a, b) => a + b, 0);
    values[r.id] = { segue: bytes / 1000, baseline: r.budgetKb };
    details.routes[r.id] = {
      source: `src/${sourceFile}`,
      pageChunk,
      gzipBytes: bytes,
      files: sizes,
    };
  }
  return { values, details };
}
