import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import type { Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { linguiCatalogs } from './lingui-catalogs.ts';
import { precompress } from './precompress.ts';

const server = 'http://localhost:3000';

/**
 * The app, and the congregation's follow page: an entry of its own with no React and no MUI
 * (src/follow), so a phone loads it in one small go. The server answers `/follow/<token>`
 * with follow.html.
 */
const entries = {
  index: fileURLToPath(new URL('./index.html', import.meta.url)),
  follow: fileURLToPath(new URL('./follow.html', import.meta.url)),
};

/**
 * What the app's index.html loads before any page (React, the router, MUI's core, the app
 * bar) goes into one `shell` chunk. The set is the app entry's static imports, walked from
 * index.html once the module graph is known: rolldown's own `$initial` tag would also take
 * in the follow page's modules (socket.io-client and the rest), and the follow page would
 * then load the whole shell, React and MUI included.
 */
function appShell() {
  const shell = new Set<string>();
  /** What both entries load first (today the follow page's texts): a small chunk of its own. */
  const shared = new Set<string>();
  const plugin: Plugin = {
    name: 'segue:app-shell',
    apply: 'build',
    buildEnd() {
      const closure = (entry: string) => {
        const seen = new Set<string>();
        const stack = [entry];
        while (stack.length > 0) {
          const id = stack.pop()!;
          if (seen.has(id)) continue;
          const info = this.getModuleInfo(id);
          if (!info) continue;
          seen.add(id);
          stack.push(...info.importedIds);
        }
        return seen;
      };
      const follow = closure(entries.follow);
      shell.clear();
      shared.clear();
      for (const id of closure(entries.index)) (follow.has(id) ? shared : shell).add(id);
    },
  };
  return {
    plugin,
    groups: [
      // First, so the shell does not take them in as its modules' dependencies.
      { name: 'common', test: (id: string) => shared.has(id), priority: 1 },
      { name: 'shell', tags: ['$initial' as const], test: (id: string) => shell.has(id) },
    ],
  };
}
const shell = appShell();

/**
 * `/follow/<token>` is the follow page in development too, not the app's index.html. And
 * the follow page links no web app manifest: installing it would install the band's app.
 */
function followPage(): Plugin {
  return {
    name: 'segue:follow-page',
    // After vite-plugin-pwa, which adds the manifest link to every page.
    enforce: 'post',
    configureServer(devServer) {
      devServer.middlewares.use((request, _response, next) => {
        if (request.url && /^\/follow\/[^/?]+\/?(?:\?|$)/.test(request.url)) {
          request.url = '/follow.html';
        }
        next();
      });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (path.resolve(context.filename) !== entries.follow) return html;
        return html.replace(/<link rel="manifest"[^>]*>/, '');
      },
    },
  };
}

/**
 * Segue's theme does not use MUI's CSS variables (`createTheme` without `cssVariables` or
 * `colorSchemes`), yet `createTheme` and `ThemeProvider` import the CSS-variables machinery
 * (createThemeWithVars, CssVarsProvider, InitColorSchemeScript: about 7 KB gzip) into every
 * page's first load. This swaps those two imports for stubs that throw, so a theme that asks
 * for CSS variables fails loudly instead of silently losing them; themes without them run
 * exactly MUI's code. The build fails if MUI's files no longer look as expected.
 */
function muiWithoutCssVariables(): Plugin {
  const left = JSON.stringify(
    'MUI CSS variables are left out of this build (apps/web/vite.config.ts)',
  );
  const swaps: [file: string, original: string, stub: string][] = [
    [
      '/@mui/material/styles/createTheme.mjs',
      'import createThemeWithVars from "./createThemeWithVars.mjs";',
      `const createThemeWithVars = () => { throw new Error(${left}); };`,
    ],
    [
      '/@mui/material/styles/ThemeProvider.mjs',
      'import { CssVarsProvider } from "./ThemeProviderWithVars.mjs";',
      `const CssVarsProvider = () => { throw new Error(${left}); };`,
    ],
  ];
  return {
    name: 'segue:mui-without-css-variables',
    apply: 'build',
    transform(code, id) {
      const swap = swaps.find(([file]) => id.endsWith(file));
      if (!swap) return null;
      const [file, original, stub] = swap;
      if (!code.includes(original)) {
        this.error(`${file} no longer imports the CSS variables code as expected; update the swap`);
      }
      return { code: code.replace(original, stub), map: null };
    },
  };
}

/**
 * Segue installs as an app (docs/DECISIONS.md, Offline), and its shell and every asset are precached by a Workbox
 * service worker. A new version waits until the page's "Update available" is accepted, so a
 * page never runs a mix of old and new files.
 */
const pwa = VitePWA({
  registerType: 'prompt',
  injectRegister: false,
  manifest: {
    name: 'Segue',
    short_name: 'Segue',
    description:
      'Setlists, a shared song library and live performance for worship teams and bands.',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: '#4a51db',
    background_color: '#121212',
    icons: [
      { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
    ],
  },
  workbox: {
    // `mjs`: the stretch worklet, so practice keeps its tempo and pitch offline with a kept
    // recording (docs/DECISIONS.md, "Recordings kept for practice").
    globPatterns: ['**/*.{js,mjs,css,html,svg,png,woff2}'],
    // The follow page is for phones that never install the app: a band member's installed
    // app neither precaches it nor answers its address with the app's shell.
    // Only the entry's own files (`follow-page-<hash>`): what it shares with the app stays.
    globIgnores: ['follow.html', 'assets/follow-page-*'],
    // Client routes get the app shell; the API, the live channels and the follow page never do.
    navigateFallback: '/index.html',
    navigateFallbackDenylist: [/^\/api\//, /^\/socket\.io\//, /^\/follow\.io\//, /^\/follow\//],
    cleanupOutdatedCaches: true,
    maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
  },
});

export default defineConfig({
  plugins: [
    linguiCatalogs(),
    react(),
    muiWithoutCssVariables(),
    shell.plugin,
    pwa,
    precompress(),
    followPage(),
  ],
  server: {
    // The API and the live channels are served by apps/server; same origin in the browser.
    proxy: {
      '/api': { target: server },
      '/socket.io': { target: server, ws: true },
      '/follow.io': { target: server, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    // Every browser Segue supports preloads modules natively.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      input: entries,
      treeshake: {
        // emotion imports it only for withTheme, which Segue does not use.
        moduleSideEffects: [
          { test: /[\\/]node_modules[\\/]hoist-non-react-statics[\\/]/, sideEffects: false },
        ],
      },
      output: {
        // The follow page's own files are `follow-page-<hash>`, a name no chunk of the app takes:
        // the service worker leaves exactly those out (below). A chunk Rolldown names after
        // shared/follow.ts (`follow-<hash>`) is the app's, and must be precached.
        entryFileNames: (chunk) =>
          chunk.name === 'follow' ? 'assets/follow-page-[hash].js' : 'assets/[name]-[hash].js',
        assetFileNames: (asset) =>
          asset.names.includes('follow.css')
            ? 'assets/follow-page-[hash][extname]'
            : 'assets/[name]-[hash][extname]',
        codeSplitting: {
          // What index.html loads before any page (React, the router, MUI's core, the app
          // bar) in one file rather than a dozen: it compresses better and loads in one go.
          groups: shell.groups,
        },
      },
    },
  },
});
