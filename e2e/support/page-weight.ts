import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { repoRoot } from './repo';

/** The built pages (overlays/dist), one folder each: Vite's entries in overlays/vite.config.ts. */
export const overlaysDist = join(repoRoot, 'overlays', 'dist');

/** The JS files a built page loads: its entry script and every module it preloads. */
export function pageScripts(page: string): string[] {
  const html = readFileSync(join(overlaysDist, page, 'index.html'), 'utf8');
  const scripts = [...html.matchAll(/(?:src|href)="\/overlays\/([^"]+\.js)"/g)].map(
    (match) => match[1] ?? '',
  );
  return [...new Set(scripts)];
}

/** Gzipped bytes (level 9) of the JS a built page loads, as the overlays bench reports them. */
export function pageJsGzipBytes(page: string): number {
  return pageScripts(page).reduce(
    (sum, file) => sum + gzipSync(readFileSync(join(overlaysDist, file)), { level: 9 }).length,
    0,
  );
}
