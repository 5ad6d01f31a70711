import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Issue #3: every rule ID of the digest has a test whose title names it. The digest lives outside
 * the repository, at ../shared/rules/guandan.md from the repository root (where CI has it too).
 */
const repoRoot = resolve(__dirname, '../../..');
const digestPath = resolve(repoRoot, '../shared/rules/guandan.md');
const decisionsPath = resolve(repoRoot, '../shared/rules/DECISIONS.md');
const libRoot = resolve(__dirname, '..');

const RULE_ID = /\bGD-[A-Z]+-\d+(?:-\d+)?\b/g;

/** Rule IDs defined by the digest: each rule's bold heading, and each row of the variant tables. */
export function definedRuleIds(digest: string): string[] {
  const ids = new Set<string>();
  for (const m of digest.matchAll(/^\*\*(GD-[A-Z]+-\d+)\b/gm)) ids.add(m[1] ?? '');
  for (const m of digest.matchAll(/^\| (GD-[A-Z]+-\d+(?:-\d+)?) \|/gm)) ids.add(m[1] ?? '');
  ids.delete('');
  return [...ids].sort();
}

function specFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === 'node_modules' || entry.name === 'dist' ? [] : specFiles(path);
    return entry.name.endsWith('.spec.ts') ? [path] : [];
  });
}

/**
 * The titles of every `it(…)` / `test(…)` in the library's specs (string literals only). A title
 * may abbreviate a run of IDs of one area with slashes: "GD-PEN-4/5" names GD-PEN-4 and GD-PEN-5.
 */
export function testTitles(source: string): string[] {
  const titles: string[] = [];
  for (const m of source.matchAll(/\b(?:it|test)(?:\.each\([^)]*\))?\(\s*(['"`])((?:\\.|(?!\1)[^\\])*)\1/g)) {
    titles.push(m[2] ?? '');
  }
  return titles;
}

export function idsNamedIn(title: string): string[] {
  const ids = [...title.matchAll(RULE_ID)].map((m) => m[0]);
  for (const m of title.matchAll(/\b(GD-[A-Z]+(?:-\d+)?-)(\d+)((?:\/\d+)+)/g)) {
    const [, prefix = '', , rest = ''] = m;
    for (const n of rest.split('/').filter((s) => s !== '')) ids.push(`${prefix}${n}`);
  }
  return ids;
}

describe('rule coverage (issue #3)', () => {
  it('the digest is where CI expects it', () => {
    expect(existsSync(digestPath), digestPath).toBe(true);
  });

  it('every rule ID in the digest is named by a test title in libs/guandan', () => {
    const defined = definedRuleIds(readFileSync(digestPath, 'utf8'));
    expect(defined.length).toBeGreaterThan(100);
    const named = new Set(
      specFiles(libRoot).flatMap((file) => testTitles(readFileSync(file, 'utf8')).flatMap(idsNamedIn)),
    );
    expect(defined.filter((id) => !named.has(id))).toEqual([]);
  });

  it('every DEC-GD decision is named by a test title in libs/guandan', () => {
    const decisions = [...readFileSync(decisionsPath, 'utf8').matchAll(/\*\*(DEC-GD-\d+)\b/g)].map(
      (m) => m[1] ?? '',
    );
    expect(decisions.length).toBeGreaterThan(10);
    const titles = specFiles(libRoot).flatMap((file) => testTitles(readFileSync(file, 'utf8')));
    const named = new Set(
      titles.flatMap((t) => [...t.matchAll(/\bDEC-GD-\d+(?:\/\d+)*/g)].flatMap((m) => expand(m[0]))),
    );
    expect(decisions.filter((id) => !named.has(id))).toEqual([]);
  });

  it('the title parser reads what the check relies on', () => {
    expect(definedRuleIds('**GD-PEN-4. Foul.**\n| GD-VAR-003-14 | Lateness |\nsee GD-LVL-9')).toEqual([
      'GD-PEN-4',
      'GD-VAR-003-14',
    ]);
    expect(testTitles(`it('GD-RPT-2: x', () => {}); test("GD-A-1 \\" y", f); describe('GD-B-1', f)`)).toEqual(
      ['GD-RPT-2: x', 'GD-A-1 \\" y'],
    );
    expect(idsNamedIn('GD-PEN-4/5, GD-VAR-004-3/9 and GD-CMP-12').sort()).toEqual(
      ['GD-CMP-12', 'GD-PEN-4', 'GD-PEN-5', 'GD-VAR-004-3', 'GD-VAR-004-9'].sort(),
    );
  });
});

function expand(ids: string): string[] {
  const [first = '', ...rest] = ids.split('/');
  const prefix = first.replace(/\d+$/, '');
  return [first, ...rest.map((n) => `${prefix}${n}`)];
}
