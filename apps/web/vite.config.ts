import { defineConfig } from 'vite';
import type { Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from './precompress.ts';

const server = 'http://localhost:3000';

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
    globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
    // Client routes get the app shell; the API and the live channel never do.
    navigateFallback: '/index.html',
    navigateFallbackDenylist: [/^\/api\//, /^\/socket\.io\//],
    cleanupOutdatedCaches: true,
    maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
  },
});

export default defineConfig({
  plugins: [react(), muiWithoutCssVariables(), pwa, precompress()],
  server: {
    // The API and the live channel are served by apps/server; same origin in the browser.
    proxy: {
      '/api': { target: server },
      '/socket.io': { target: server, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    // Every browser Segue supports preloads modules natively.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      treeshake: {
        // emotion imports it only for withTheme, which Segue does not use.
        moduleSideEffects: [
          { test: /[\\/]node_modules[\\/]hoist-non-react-statics[\\/]/, sideEffects: false },
        ],
      },
      output: {
        codeSplitting: {
          // What index.html loads before any page (React, the router, MUI's core, the app
          // bar) in one file rather than a dozen: it compresses better and loads in one go.
          groups: [{ name: 'shell', tags: ['$initial'] }],
        },
      },
    },
  },
});
