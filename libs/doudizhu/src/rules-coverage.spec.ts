import { decisionsNamedIn, idsNamedIn, specFiles, testTitles } from '@tablecast/game-kit/testing';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogIds, DOUDIZHU_RULE_CATALOG } from './rule-catalog';

/**
 * Every rule ID of the Dou Dizhu catalog (src/rule-catalog, the project's own copy of the digest)
 * is named by a test title in libs/doudizhu, and at least one of those tests names it alone.
 * Decision IDs (DEC-DDZ-…) may stand beside a rule ID. Same check as Guandan's rules-coverage spec.
 */
const catalog = DOUDIZHU_RULE_CATALOG;
const moduleRoot = resolve(__dirname, '..');

const titles = specFiles(moduleRoot, __filename).flatMap((file) => testTitles(readFileSync(file, 'utf8')));

describe('rule coverage of doudizhu', () => {
  it('the catalog holds each ID once, in its family, with a title, a section and a citation', () => {
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

  it('holds every DDZ rule of the digest (57) and its 6 decisions', () => {
    expect(catalog.rules).toHaveLength(57);
    expect(catalog.decisions.map((d) => d.id)).toEqual([
      'DEC-DDZ-1',
      'DEC-DDZ-2',
      'DEC-DDZ-3',
      'DEC-DDZ-4',
      'DEC-DDZ-5',
      'DEC-DDZ-6',
    ]);
  });

  it('every rule ID is named by a test title of the module', () => {
    const named = new Set(titles.flatMap(idsNamedIn));
    expect(catalog.rules.map((r) => r.id).filter((id) => !named.has(id))).toEqual([]);
  });

  it('every rule ID has a test that names it alone', () => {
    const alone = new Set(titles.map(idsNamedIn).flatMap((ids) => (ids.length === 1 ? ids : [])));
    expect(catalog.rules.map((r) => r.id).filter((id) => !alone.has(id))).toEqual([]);
  });

  it('every decision is named by a test title of the module', () => {
    const named = new Set(titles.flatMap(decisionsNamedIn));
    expect(catalog.decisions.map((d) => d.id).filter((id) => !named.has(id))).toEqual([]);
  });

  it('every rule ID a test title names is in the catalog', () => {
    const known = new Set(catalogIds(catalog));
    const family = titles.flatMap(idsNamedIn).filter((id) => id.startsWith(catalog.rulePrefix));
    expect([...new Set(family)].filter((id) => !known.has(id))).toEqual([]);
  });

  it('the title parser reads what the check relies on', () => {
    expect(testTitles(`it('DDZ-BID-2: x', () => {}); test("DDZ-A-1 y", f); describe('DDZ-B-1', f)`)).toEqual([
      'DDZ-BID-2: x',
      'DDZ-A-1 y',
    ]);
    expect(idsNamedIn('DDZ-CMP-4/5 and DDZ-COMBO-10').sort()).toEqual([
      'DDZ-CMP-4',
      'DDZ-CMP-5',
      'DDZ-COMBO-10',
    ]);
    expect(idsNamedIn('DDZ-COMBO-10 with DEC-DDZ-3')).toEqual(['DDZ-COMBO-10']);
    expect(decisionsNamedIn('DDZ-BID-4, DEC-DDZ-1/2')).toEqual(['DEC-DDZ-1', 'DEC-DDZ-2']);
  });
});
