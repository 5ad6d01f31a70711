import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { overlaysDist, pageJsGzipBytes, pageScripts } from './support/page-weight';

/**
 * Every built page (on-air overlays, spectator site and staff pages) stays within the overlays'
 * budget of 60 KB of gzipped JS. zod is the usual way over it: the rules engine's
 * schemas come in with any import from `@tablecast/guandan` unless the bundler may drop the
 * modules a page does not use — `"sideEffects": false` in libs/guandan and libs/cards. The
 * server validates every command and frame; no page validates with zod.
 */
const BUDGET_BYTES = 60 * 1024;

/** A string only zod 4's core carries (its error class and schema internals). */
const ZOD_MARKER = /\$ZodError|_zod\b/;

const pages = readdirSync(overlaysDist, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'assets')
  .map((entry) => entry.name);

describe('page weight of the built overlays', () => {
  it('finds the built pages, the operator console among them', () => {
    expect(pages).toEqual(expect.arrayContaining(['console', 'table', 'watch', 'producer', 'replay']));
  });

  it.each(pages)('%s loads under 60 KB of gzipped JS', (page) => {
    // Measured over the scripts found: none found would weigh nothing and pass.
    expect(pageScripts(page).length).toBeGreaterThan(0);
    expect(pageJsGzipBytes(page)).toBeLessThan(BUDGET_BYTES);
  });

  it.each(pages)('%s bundles no zod', (page) => {
    const scripts = pageScripts(page);
    expect(scripts.length).toBeGreaterThan(0);
    const withZod = scripts.filter((file) => ZOD_MARKER.test(readFileSync(join(overlaysDist, file), 'utf8')));
    expect(withZod).toEqual([]);
  });
});
