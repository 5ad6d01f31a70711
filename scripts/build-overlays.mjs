#!/usr/bin/env node
// `npm run build:overlays`: the overlays' Vite build, skipped when overlays/dist is the output of a
// build from the same sources. `npm install` builds them (its `prepare` runs `npm run build`) and
// `npm test` runs `npm run build` again; the second Vite build wrote the same pages anew.
//
// The sources: the overlays' own files, every library's files but its dist/ (Vite compiles the
// aliased ones from source and takes the others' dist/, which `tsc -b` builds from the rest), the
// base tsconfig and the lockfile (Vite, Svelte and their plugins). The stamp, in overlays/.vite/,
// also records the files of dist/ as that build left them, so a dist/ written or emptied since
// (a direct `vite build`, one stopped half-way) is built again. TABLECAST_OVERLAYS_REBUILD=1 always builds.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const overlays = join(root, 'overlays');
const dist = join(overlays, 'dist');
const stampFile = join(overlays, '.vite', 'build-sources.json');

/** Every file under `dir`, sorted, leaving out the folders named in `skip`. */
function filesUnder(dir, skip = new Set()) {
  if (!existsSync(dir)) return [];
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!skip.has(entry.name)) out.push(...filesUnder(path, skip));
    } else if (entry.isFile()) out.push(path);
  }
  return out;
}

/** A hash of the build's sources: their paths and contents. */
function sourcesDigest() {
  const libs = readdirSync(join(root, 'libs')).sort();
  const files = [
    ...filesUnder(overlays, new Set(['dist', 'node_modules', '.vite'])),
    ...libs.flatMap((lib) => filesUnder(join(root, 'libs', lib), new Set(['dist', 'node_modules']))),
    join(root, 'tsconfig.base.json'),
    join(root, 'package-lock.json'),
  ].filter((file) => existsSync(file));
  const hash = createHash('sha256');
  for (const file of files)
    hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  return hash.digest('hex');
}

/** What the build left in dist/: each file's path, size and modification time. */
function distListing() {
  return filesUnder(dist).map((file) => {
    const { size, mtimeMs } = statSync(file);
    return `${relative(dist, file)} ${String(size)} ${String(mtimeMs)}`;
  });
}

function readStamp() {
  try {
    return JSON.parse(readFileSync(stampFile, 'utf8'));
  } catch {
    return null;
  }
}

const sources = sourcesDigest();
const stamp = readStamp();
const listing = distListing();
if (
  process.env.TABLECAST_OVERLAYS_REBUILD !== '1' &&
  stamp !== null &&
  stamp.sources === sources &&
  listing.length > 0 &&
  JSON.stringify(stamp.dist) === JSON.stringify(listing)
) {
  console.log(
    `build:overlays: overlays/dist is built from these sources (${sources.slice(0, 12)}); not built again`,
  );
  process.exit(0);
}

// No stamp while building: a build that fails or is stopped leaves none behind.
rmSync(stampFile, { force: true });
const build = spawnSync('npm', ['run', 'build', '-w', '@tablecast/overlays'], {
  cwd: root,
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(build.status ?? 1);
mkdirSync(dirname(stampFile), { recursive: true });
writeFileSync(stampFile, `${JSON.stringify({ sources, dist: distListing() }, null, 2)}\n`);
