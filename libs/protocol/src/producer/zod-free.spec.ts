import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The overlays import this folder at run time (`@tablecast/protocol/producer`) and their pages have
 * a JS budget with no room for zod: a module here may import only its neighbours.
 */
describe('the producer contract stays free of zod and of other modules', () => {
  const modules = readdirSync(__dirname).filter((name) => name.endsWith('.ts') && !name.endsWith('.spec.ts'));

  it('holds the modules its barrel exports', () => {
    expect(modules).toContain('index.ts');
    expect(modules).toContain('overlay-cues.ts');
  });

  it.each(modules)('%s imports only modules of this folder', (name) => {
    const source = readFileSync(join(__dirname, name), 'utf8');
    const specifiers = [...source.matchAll(/\b(?:from|import)\s*\(?\s*'([^']+)'/g)].map((match) => match[1]);
    expect(specifiers.filter((specifier) => !specifier?.startsWith('./'))).toEqual([]);
  });
});
