import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const server = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  server: {
    // The API and the live channel are served by apps/server; same origin in the browser.
    proxy: {
      '/api': { target: server },
      '/socket.io': { target: server, ws: true },
    },
  },
  build: {
    outDir: 'dist',
  },
});
