// `npm start`: builds the web app and the server only when their sources changed since
// the last build, then runs the server in this process.
// `npm run build` (`--build-only`): builds every time, and records what it built from.
//
// "What it built from" is a SHA-256 of the path and content of every input: apps/web
// (without dist), the server's sources, migrations and build script, packages/shared,
// the lock file and the build configurations. Tests and docs are left out: they are not
// in the build. The hash is taken before building, so a file saved during a build makes
// the next start build again.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const serverMain = path.join(root, 'apps/server/dist/main.js');
const outputs = [serverMain, path.join(root, 'apps/web/dist/index.html')];
/** Kept out of dist (each build empties its own) and out of git. */
const stampFile = path.join(root, 'node_modules/.cache/segue/build-stamp.json');

const INPUTS = [
  'apps/web',
  'apps/server/src',
  'apps/server/drizzle',
  'apps/server/build.mjs',
  'apps/server/package.json',
  'apps/server/tsconfig.json',
  'packages/shared/src',
  'packages/shared/package.json',
  'package.json',
  'package-lock.json',
  'tsconfig.base.json',
  'scripts/start.mjs',
];
const SKIPPED_DIRS = new Set(['node_modules', 'dist']);
const SKIPPED_FILES = /\.test\.[cm]?[jt]sx?$|\.md$/;

/** Every input file, relative to the repository, in a stable order. */
function inputFiles() {
  const found = [];
  const visit = (rel) => {
    for (const entry of readdirSync(path.join(root, rel), { withFileTypes: true })) {
      const child = path.join(rel, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name) && !entry.name.startsWith('.')) visit(child);
      } else if (entry.isFile() && !SKIPPED_FILES.test(entry.name)) {
        found.push(child);
      }
    }
  };
  for (const rel of INPUTS) {
    const full = path.join(root, rel);
    if (!existsSync(full)) continue;
    if (statSync(full).isDirectory()) visit(rel);
    else found.push(rel);
  }
  return found.sort();
}

function fingerprint() {
  const hash = createHash('sha256');
  for (const file of inputFiles()) {
    hash.update(file.split(path.sep).join('/')).update('\0');
    hash.update(readFileSync(path.join(root, file))).update('\0');
  }
  return hash.digest('hex');
}

function readStamp() {
  try {
    return JSON.parse(readFileSync(stampFile, 'utf8'));
  } catch {
    return null;
  }
}

function build(inputs) {
  rmSync(stampFile, { force: true });
  for (const workspace of ['@segue/web', '@segue/server']) {
    const run = spawnSync('npm', ['run', 'build', '-w', workspace], {
      cwd: root,
      stdio: 'inherit',
    });
    if (run.status !== 0) {
      console.error(`segue: the build of ${workspace} failed`);
      process.exit(run.status ?? 1);
    }
  }
  mkdirSync(path.dirname(stampFile), { recursive: true });
  writeFileSync(
    stampFile,
    JSON.stringify({ inputs, node: process.version, builtAt: new Date().toISOString() }) + '\n',
  );
}

const buildOnly = process.argv.includes('--build-only');
const inputs = fingerprint();
const upToDate = readStamp()?.inputs === inputs && outputs.every((file) => existsSync(file));
if (buildOnly || !upToDate) {
  if (!buildOnly)
    console.log('segue: the sources changed since the last build (or none yet): building');
  build(inputs);
} else {
  console.log(
    'segue: the build is up to date with the sources: starting it (npm run build rebuilds)',
  );
}
if (!buildOnly) await import(pathToFileURL(serverMain).href);
