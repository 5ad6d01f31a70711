import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * The build id the overlay pages announce to the producer: a hash of every source file
 * the bundle is built from (tests excluded), so it changes exactly when the bundle can change,
 * with or without git, and two builds of the same sources agree.
 */
export function sourceBuildId(roots: readonly string[]): string {
  const hash = createHash('sha256');
  for (const root of roots) {
    for (const file of listFiles(root)) {
      hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
    }
  }
  return hash.digest('hex').slice(0, 12);
}

function listFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
    a.name.localeCompare(b.name),
  )) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listFiles(path));
    else if (!entry.name.endsWith('.spec.ts')) out.push(path);
  }
  return out;
}
