import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrationsFolder, openDatabase } from '../src/db/client.ts';
import { pgliteScratchDir, PGLITE_TEMPLATE_PREFIX, PGLITE_COPY_PREFIX } from './databases.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, empty PGlite data folder that each test file copies (databases.ts). */
    pgliteTemplate: string;
  }
}

/** Another run's template may be in use for this long; a copy, for as long as one test file. */
const TEMPLATE_KEPT_MS = 24 * 60 * 60 * 1000;
const COPY_KEPT_MS = 60 * 60 * 1000;

/** What the template is made of: the migrations and the PGlite that ran them. */
function templateKey(): string {
  const hash = createHash('sha256');
  const folder = migrationsFolder();
  const files = readdirSync(folder, { recursive: true, encoding: 'utf8' }).sort();
  for (const file of files) {
    const full = path.join(folder, file);
    if (!statSync(full).isFile()) continue;
    hash.update(file).update('\0').update(readFileSync(full)).update('\0');
  }
  // The installed PGlite, by its package.json (which the package does not export).
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  hash.update(readFileSync(path.join(dir, 'package.json')));
  return hash.digest('hex').slice(0, 16);
}

/**
 * Starting PGlite on an empty folder runs initdb and every migration, seconds per test
 * file; a copy of a migrated folder opens in a fraction of that. The template is made
 * once, and kept for later runs while the migrations and PGlite are the same.
 */
export default async function setup(project: TestProject) {
  const base = pgliteScratchDir();
  const template = path.join(base, `${PGLITE_TEMPLATE_PREFIX}${templateKey()}`);
  // Leftovers of earlier runs: other templates and copies a crashed run did not remove.
  for (const entry of readdirSync(base)) {
    const full = path.join(base, entry);
    const keptMs = entry.startsWith(PGLITE_COPY_PREFIX)
      ? COPY_KEPT_MS
      : entry.startsWith(PGLITE_TEMPLATE_PREFIX) && full !== template
        ? TEMPLATE_KEPT_MS
        : null;
    if (keptMs === null) continue;
    try {
      if (Date.now() - statSync(full).mtimeMs > keptMs) {
        rmSync(full, { recursive: true, force: true });
      }
    } catch {
      // Another run's, gone meanwhile.
    }
  }
  if (!existsSync(template)) {
    // Made under another name and renamed, so that no run ever copies a half-made one.
    const making = `${template}.making-${randomBytes(4).toString('hex')}`;
    const database = await openDatabase({ pgliteDir: making });
    await database.close();
    try {
      renameSync(making, template);
    } catch {
      // A run beside this one made it first.
      rmSync(making, { recursive: true, force: true });
    }
  }
  project.provide('pgliteTemplate', template);
}
