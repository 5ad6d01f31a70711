import { decisionsNamedIn, idsNamedIn, specFiles, testTitles } from '@tablecast/game-kit/testing';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogIds, BIGTWO_RULE_CATALOG } from './rule-catalog';

/**
 * Every rule ID of the Big Two catalog (src/rule-catalog, the project's own copy of the digest) is
 * named by a test title in libs/bigtwo, and at least one of those tests names it alone. Decision
 * IDs (DEC-B2-…) may stand beside a rule ID. Same check as Dou Dizhu's rules-coverage spec.
 */
const catalog = BIGTWO_RULE_CATALOG;
const moduleRoot = resolve(__dirname, '..');

/**
 * Rules the engine implements (deal, show, double, the play flow, board end, penalties, the
 * record, tie-breaks and appeals) whose tests have not landed yet. The list only shrinks: an ID
 * leaves it when a test names it, and the check below fails while a named ID is still listed.
 */
const PENDING_ENGINE: readonly string[] = [];

const titles = specFiles(moduleRoot, __filename).flatMap((file) => testTitles(readFileSync(file, 'utf8')));
const pending = new Set(PENDING_ENGINE);

describe('rule coverage of bigtwo', () => {
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

  it('holds every B2 rule of the digest (46) and its 6 decisions', () => {
    expect(catalog.rules).toHaveLength(46);
    expect(catalog.decisions.map((d) => d.id)).toEqual([
      'DEC-B2-1',
      'DEC-B2-2',
      'DEC-B2-3',
      'DEC-B2-4',
      'DEC-B2-5',
      'DEC-B2-6',
    ]);
  });

  it('every rule ID not pending on the engine is named by a test title of the module', () => {
    const named = new Set(titles.flatMap(idsNamedIn));
    expect(catalog.rules.map((r) => r.id).filter((id) => !named.has(id) && !pending.has(id))).toEqual([]);
  });

  it('every rule ID not pending on the engine has a test that names it alone', () => {
    const alone = new Set(titles.map(idsNamedIn).flatMap((ids) => (ids.length === 1 ? ids : [])));
    expect(catalog.rules.map((r) => r.id).filter((id) => !alone.has(id) && !pending.has(id))).toEqual([]);
  });

  it('the pending list only holds catalog IDs that no test names alone yet (a covered ID leaves it)', () => {
    const known = new Set(catalogIds(catalog));
    const alone = new Set(titles.map(idsNamedIn).flatMap((ids) => (ids.length === 1 ? ids : [])));
    expect(PENDING_ENGINE.filter((id) => !known.has(id) || alone.has(id))).toEqual([]);
  });

  it('every decision is named by a test title of the module, except DEC-B2-3 while B2-PLAY-7 is pending', () => {
    const named = new Set(titles.flatMap(decisionsNamedIn));
    const waiting = pending.has('B2-PLAY-7') ? ['DEC-B2-3'] : [];
    expect(
      catalog.decisions.map((d) => d.id).filter((id) => !named.has(id) && !waiting.includes(id)),
    ).toEqual([]);
  });

  it('every rule ID a test title names is in the catalog', () => {
    const known = new Set(catalogIds(catalog));
    const family = titles.flatMap(idsNamedIn).filter((id) => id.startsWith(catalog.rulePrefix));
    expect([...new Set(family)].filter((id) => !known.has(id))).toEqual([]);
  });

  it('the title parser reads what the check relies on', () => {
    expect(testTitles(`it('B2-PLAY-2: x', () => {}); test("B2-A-1 y", f); describe('B2-B-1', f)`)).toEqual([
      'B2-PLAY-2: x',
      'B2-A-1 y',
    ]);
    expect(idsNamedIn('B2-CMP-4/5 and B2-COMBO-8').sort()).toEqual(['B2-CMP-4', 'B2-CMP-5', 'B2-COMBO-8']);
    expect(idsNamedIn('B2-COMBO-4 with DEC-B2-1')).toEqual(['B2-COMBO-4']);
    expect(decisionsNamedIn('B2-SCORE-1, DEC-B2-1/2')).toEqual(['DEC-B2-1', 'DEC-B2-2']);
  });
});
