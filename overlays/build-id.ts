import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * The build id the overlay pages announce to the producer: a hash of every source file
 * the bundle is built from (tests excluded), so it changes exactly when the bundle can change,
 * with or without git, and two builds of the same sources agree.
 */
export function sourceBuildId(roots: readonly string[]): string {
  const hash = createHash('sha256');
  for (const root of roots) {
    for (const file of listSources(root)) {
      hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
    }
  }
  return hash.digest('hex').slice(0, 12);
}

/**
 * The folders the bundle is compiled from: the overlays' own `src`, then the `src` of every
 * library reached by a `@tablecast/<name>` import, followed through the libraries' own imports.
 * Derived, not listed, so a page that starts showing another game's view moves the build id too.
 */
export function bundleSourceRoots(overlaysDir: string): string[] {
  const libsDir = join(overlaysDir, '..', 'libs');
  const roots = [join(overlaysDir, 'src')];
  const reached = new Set<string>();
  // Roots pushed inside the loop are visited too: an array's iterator reads its length each step.
  for (const dir of roots) {
    for (const file of listSources(dir)) {
      for (const name of tablecastImports(readFileSync(file, 'utf8'))) {
        const root = join(libsDir, name, 'src');
        if (reached.has(name) || !existsSync(root)) continue;
        reached.add(name);
        roots.push(root);
      }
    }
  }
  return roots;
}

const TABLECAST_SPECIFIER = /['"]@tablecast\/([a-z][a-z0-9-]*)(?:\/[^'"]*)?['"]/g;

function tablecastImports(source: string): string[] {
  return [...source.matchAll(TABLECAST_SPECIFIER)].flatMap((match) => match[1] ?? []);
}

/** A folder's files in a stable order, without specs and test helpers, which no page bundles. */
function listSources(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
    a.name.localeCompare(b.name),
  )) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'testing') out.push(...listSources(path));
    } else if (!entry.name.endsWith('.spec.ts')) out.push(path);
  }
  return out;
}
