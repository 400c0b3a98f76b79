import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text formats worth compressing; images other than SVG and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt)$/;
/** Below this, the compressed file saves less than a network packet. */
const MIN_BYTES = 1024;

/** Every file under dir, as absolute paths; dot folders (Vite's `.vite/`) are not served. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map(async (entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return entry.name.startsWith('.') ? [] : filesUnder(full);
      return entry.isFile() ? [full] : [];
    }),
  );
  return nested.flat();
}

/**
 * Writes `<file>.br` (brotli, best quality) and `<file>.gz` (gzip level 9) beside every
 * compressible file of the build, once, so the server sends them as they are
 * (@fastify/static `preCompressed`) instead of compressing on every request. A file is
 * skipped when it is small or when an encoding does not make it smaller.
 */
export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'segue:precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    // closeBundle: after Vite has written the bundle and copied public/.
    async closeBundle() {
      if (config.build.write === false || config.build.ssr) return;
      const outDir = path.resolve(config.root, config.build.outDir);
      if (!existsSync(outDir)) return; // the build failed; its own error says why
      const files = (await filesUnder(outDir)).filter((f) => COMPRESSIBLE.test(f));
      const totals = { files: 0, raw: 0, br: 0, gz: 0 };
      await Promise.all(
        files.map(async (file) => {
          const raw = await readFile(file);
          if (raw.length < MIN_BYTES) return;
          const [br, gzipped] = await Promise.all([
            brotli(raw, {
              params: {
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
              },
            }),
            gz(raw, { level: 9 }),
          ]);
          let written = false;
          if (br.length < raw.length) {
            await writeFile(`${file}.br`, br);
            totals.br += br.length;
            written = true;
          }
          if (gzipped.length < raw.length) {
            await writeFile(`${file}.gz`, gzipped);
            totals.gz += gzipped.length;
            written = true;
          }
          if (written) {
            totals.files += 1;
            totals.raw += raw.length;
          }
        }),
      );
      const kb = (n: number) => `${(n / 1000).toFixed(1)} kB`;
      config.logger.info(
        `precompressed ${totals.files} files: ${kb(totals.raw)} -> brotli ${kb(totals.br)}, gzip ${kb(totals.gz)}`,
      );
    },
  };
}
