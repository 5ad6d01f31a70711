import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The title parser of a game's rules-coverage spec: which rule and decision IDs its test titles
 * name, so the spec can check that every rule of the game's catalog is named by a test (and by one
 * test alone). Each game's spec keeps its own catalog, counts and examples.
 */

/** Any rule ID: "DDZ-BID-2", "B2-PLAY-2", "GD-VAR-003-14"; never "DEC-…". */
const RULE_ID = /(?<![\w-])(?!DEC-)[A-Z][A-Z0-9]*-[A-Z]+-\d+(?:-\d+)?\b/g;

/** The spec files below `dir` (not node_modules or dist), less `except` (the coverage spec itself). */
export function specFiles(dir: string, except: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === 'node_modules' || entry.name === 'dist' ? [] : specFiles(path, except);
    // The coverage spec's own titles are examples for the parser, not claims of coverage.
    return entry.name.endsWith('.spec.ts') && path !== except ? [path] : [];
  });
}

/** The titles of every `it(…)` / `test(…)` (string literals only). */
export function testTitles(source: string): string[] {
  const titles: string[] = [];
  for (const m of source.matchAll(/\b(?:it|test)(?:\.each\([^)]*\))?\(\s*(['"`])((?:\\.|(?!\1)[^\\])*)\1/g)) {
    titles.push(m[2] ?? '');
  }
  return titles;
}

/** The rule IDs a title names, each once; "DDZ-CMP-4/5" names DDZ-CMP-4 and DDZ-CMP-5. */
export function idsNamedIn(title: string): string[] {
  const ids = [...title.matchAll(RULE_ID)].map((m) => m[0]);
  for (const m of title.matchAll(/(?<![\w-])(?!DEC-)([A-Z][A-Z0-9]*-[A-Z]+(?:-\d+)?-)(\d+)((?:\/\d+)+)/g)) {
    const [, prefix = '', , rest = ''] = m;
    for (const n of rest.split('/').filter((s) => s !== '')) ids.push(`${prefix}${n}`);
  }
  return [...new Set(ids)];
}

/** The decision IDs a title names: "DEC-DDZ-3", "DEC-B2-1/2". */
export function decisionsNamedIn(title: string): string[] {
  return [...title.matchAll(/\bDEC-[A-Z0-9]+-\d+(?:\/\d+)*/g)].flatMap((m) => {
    const [first = '', ...rest] = m[0].split('/');
    const prefix = first.replace(/\d+$/, '');
    return [first, ...rest.map((n) => `${prefix}${n}`)];
  });
}
