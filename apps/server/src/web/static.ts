import path from 'node:path';
import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { NotFoundError } from '../lib/errors.ts';

/** Vite's folder of content-hashed files: a file there never changes under its name. */
const HASHED_DIR = 'assets';
/** The congregation's page, an entry of its own beside index.html (apps/web/follow.html). */
const FOLLOW_PAGE = 'follow.html';

/**
 * Serves the built web app (apps/web/dist). A file goes out as the `.br` or `.gz` the
 * build wrote beside it when the browser accepts that encoding (`Vary: Accept-Encoding`).
 * Hashed assets are cached for a year; everything else (index.html, the favicon,
 * theme-init.js) is revalidated on every use, so a new build shows at once. `/follow/<token>`
 * gets follow.html, the congregation's small page without the app; any other GET that is not
 * an API call gets index.html (app.ts), so client routes survive a reload.
 */
export async function serveWebApp(app: FastifyInstance, distDir: string) {
  if (!existsSync(path.join(distDir, 'index.html'))) {
    app.log.warn({ distDir }, 'the web app is not built; serving the API only');
    return false;
  }
  await app.register(fastifyStatic, {
    root: distDir,
    // One route per file found at start; the compressed siblings are sent through
    // their file's route, not routes of their own.
    wildcard: false,
    globIgnore: ['**/*.br', '**/*.gz'],
    index: false,
    preCompressed: true,
    setHeaders(reply, sentPath) {
      // sentPath is the file on disk, e.g. <dist>/assets/app-abc123.js.br
      const hashed = path.relative(distDir, sentPath).startsWith(HASHED_DIR + path.sep);
      reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  // A hashed file that is not there (an old tab asking for a chunk of the previous build)
  // gets a 404, not index.html: HTML under a script's name only hides the real error.
  app.get(`/${HASHED_DIR}/*`, async () => {
    throw new NotFoundError();
  });
  if (existsSync(path.join(distDir, FOLLOW_PAGE))) {
    // The token is read by the page's script; the HTML is the same for every link.
    app.get('/follow/*', (_request, reply) => reply.sendFile(FOLLOW_PAGE));
  }
  return true;
}
