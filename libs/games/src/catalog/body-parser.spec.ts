import { bodyParser, issuesFrom, type Validated } from '@tablecast/events';
import { playRandomMatch, RULESETS } from '@tablecast/guandan';
import { describe, expect, it } from 'vitest';
import { tablecastCatalog } from './tablecast-catalog';

/** The reference: the whole event schema parsed, as the catalog did before body-parser.ts. */
function parseWhole(type: string, data: unknown): Validated<unknown> {
  const definition = tablecastCatalog.definition(type);
  if (definition === undefined) throw new Error(`no ${type}`);
  const parsed = definition.schema.safeParse({ type, data });
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, issues: issuesFrom(parsed.error) };
}

/** Real events of every kind a match produces (deals, tributes, plays, hand ends, …). */
function playedEvents(): { type: string; data: unknown }[] {
  const events: { type: string; data: unknown }[] = [];
  for (const [index, ruleset] of Object.values(RULESETS).entries()) {
    const result = playRandomMatch({ ruleset, seed: `body-parser-${index}`, maxHands: 3 });
    if (!result.ok) throw new Error(`playout broke a rule: ${result.violation.rule}`);
    events.push(...result.events);
  }
  return events;
}

/** Each top-level field of `data` dropped, nulled and replaced by a wrong type, plus extra keys. */
function mutations(data: unknown): unknown[] {
  if (typeof data !== 'object' || data === null) return [];
  const record = data as Record<string, unknown>;
  const out: unknown[] = [{ ...record, unexpected: 'dropped by both' }];
  for (const key of Object.keys(record)) {
    const rest = Object.fromEntries(Object.entries(record).filter(([name]) => name !== key));
    out.push(rest, { ...record, [key]: null }, { ...record, [key]: 'x' }, { ...record, [key]: -1.5 });
  }
  return out;
}

describe('bodyParser', () => {
  it('gives what parsing the whole event schema gives, for every catalog type', () => {
    const events = playedEvents();
    const seen = new Set(events.map((event) => event.type));
    expect(seen.size).toBeGreaterThan(10);
    const odd = [undefined, null, 0, 'x', [], {}, { seat: 'Z' }];
    let compared = 0;
    for (const definition of tablecastCatalog.definitions) {
      const parse = bodyParser(definition);
      const samples = events.filter((event) => event.type === definition.type).slice(0, 20);
      const inputs = [...odd, ...samples.flatMap((event) => [event.data, ...mutations(event.data)])];
      for (const data of inputs) {
        expect(parse(definition.type, data)).toStrictEqual(parseWhole(definition.type, data));
        compared += 1;
      }
    }
    expect(compared).toBeGreaterThan(1000);
  });

  it('keeps the refinements inside data, with their paths', () => {
    const definition = tablecastCatalog.definition('RulingIssued');
    if (definition === undefined) throw new Error('no RulingIssued');
    const data = {
      appealId: 'A1',
      rulingId: 'R1',
      votes: [
        { memberId: 'm1', vote: 'uphold' },
        { memberId: 'm2', vote: 'uphold' },
      ],
      outcome: 'appeal-dismissed',
      reasoning: 'x',
    };
    const result = bodyParser(definition)('RulingIssued', data);
    expect(result).toStrictEqual(parseWhole('RulingIssued', data));
    expect(result.ok ? [] : result.issues.map((issue) => issue.path)).toEqual(
      expect.arrayContaining(['data.votes', 'data.outcome']),
    );
  });
});
