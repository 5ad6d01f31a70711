import { decisionsNamedIn, idsNamedIn, specFiles, testTitles } from '@tablecast/game-kit/testing';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogIds, GUANDAN_RULE_CATALOG, RULE_CATALOGS, type RuleCatalog } from './rule-catalog';

/**
 * Every rule ID of the project's rule catalog (src/rule-catalog) is named by a test title of the
 * module that implements it, and at least one of those tests names that rule alone, so each rule
 * has a test that exercises it by itself. Decision IDs (DEC-…) may stand beside a rule ID.
 */
const repoRoot = resolve(__dirname, '../../..');

function moduleTitles(catalog: RuleCatalog): string[] {
  return specFiles(resolve(repoRoot, catalog.moduleDir), __filename).flatMap((file) =>
    testTitles(readFileSync(file, 'utf8')),
  );
}

describe.each(RULE_CATALOGS.map((catalog) => [catalog.game, catalog] as const))(
  'rule coverage of %s',
  (_game, catalog) => {
    const titles = moduleTitles(catalog);

    it('the catalog holds each ID once, in its family, with a title and a citation', () => {
      const ids = catalogIds(catalog);
      expect(ids.length - new Set(ids).size).toBe(0);
      for (const entry of catalog.rules) {
        expect(entry.id.startsWith(catalog.rulePrefix), entry.id).toBe(true);
        expect(idsNamedIn(entry.id), entry.id).toEqual([entry.id]);
      }
      for (const entry of catalog.decisions)
        expect(entry.id.startsWith(catalog.decisionPrefix), entry.id).toBe(true);
      for (const entry of [...catalog.rules, ...catalog.decisions]) {
        expect(entry.title.trim(), entry.id).not.toBe('');
        expect(entry.source.trim(), entry.id).not.toBe('');
        expect(entry.section.trim(), entry.id).not.toBe('');
      }
    });

    it('every rule ID is named by a test title of its module', () => {
      const named = new Set(titles.flatMap(idsNamedIn));
      expect(catalog.rules.map((r) => r.id).filter((id) => !named.has(id))).toEqual([]);
    });

    it('every rule ID has a test that names it alone', () => {
      const alone = new Set(titles.map(idsNamedIn).flatMap((ids) => (ids.length === 1 ? ids : [])));
      expect(catalog.rules.map((r) => r.id).filter((id) => !alone.has(id))).toEqual([]);
    });

    it('every decision is named by a test title of its module', () => {
      const named = new Set(titles.flatMap(decisionsNamedIn));
      expect(catalog.decisions.map((d) => d.id).filter((id) => !named.has(id))).toEqual([]);
    });

    it('every rule ID a test title names is in the catalog', () => {
      const known = new Set(catalogIds(catalog));
      const family = titles.flatMap(idsNamedIn).filter((id) => id.startsWith(catalog.rulePrefix));
      expect([...new Set(family)].filter((id) => !known.has(id))).toEqual([]);
    });
  },
);

describe('the rule catalogs', () => {
  it('Guandan is registered with every GD rule of the digest (144) and its 15 decisions', () => {
    expect(RULE_CATALOGS).toContain(GUANDAN_RULE_CATALOG);
    expect(GUANDAN_RULE_CATALOG.rules).toHaveLength(144);
    expect(GUANDAN_RULE_CATALOG.decisions.map((d) => d.id)).toEqual(
      Array.from({ length: 15 }, (_, i) => `DEC-GD-${i + 1}`),
    );
  });

  it('every catalog names a module folder that exists in the repository', () => {
    for (const catalog of RULE_CATALOGS) {
      expect(
        specFiles(resolve(repoRoot, catalog.moduleDir), __filename).length,
        catalog.game,
      ).toBeGreaterThan(0);
    }
  });

  it('the title parser reads what the check relies on', () => {
    expect(testTitles(`it('GD-RPT-2: x', () => {}); test("GD-A-1 \\" y", f); describe('GD-B-1', f)`)).toEqual(
      ['GD-RPT-2: x', 'GD-A-1 \\" y'],
    );
    expect(idsNamedIn('GD-PEN-4/5, GD-VAR-004-3/9 and GD-CMP-12').sort()).toEqual(
      ['GD-CMP-12', 'GD-PEN-4', 'GD-PEN-5', 'GD-VAR-004-3', 'GD-VAR-004-9'].sort(),
    );
    expect(idsNamedIn('GD-TRIB-3 with DEC-GD-8 and DDZ-BID-2')).toEqual(['GD-TRIB-3', 'DDZ-BID-2']);
    expect(idsNamedIn('GD-TRIB-3, DEC-GD-8/12')).toEqual(['GD-TRIB-3']);
    expect(decisionsNamedIn('GD-TRIB-3, DEC-GD-8/12 and DEC-GD-1')).toEqual([
      'DEC-GD-8',
      'DEC-GD-12',
      'DEC-GD-1',
    ]);
  });
});
