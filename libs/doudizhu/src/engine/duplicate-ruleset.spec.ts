import { seededPrng } from '@tablecast/cards';
import { broadcastHoldOf } from '@tablecast/game-kit';
import { describe, expect, it } from 'vitest';
import type { DoudizhuEvent } from '../events/catalog';
import { DoudizhuRulesetSchema, ddzCga2017, type DoudizhuRuleset } from '../events/match-events';
import { doudizhuModule } from '../module/doudizhu-module';
import { randomLegalCommand } from '../sim/random-bot';
import { decideDoudizhu } from './decide';
import { replayDoudizhu } from './replay';
import { replayChecked } from './replay-checked';
import { initialDoudizhuState } from './state';
import { TestTable } from './test-table';

const SEED = 'ruleset-board-seed';
const SALT = 'ruleset-board-salt';

/** Deals board 1 of a set that declares its tables (duplicate, held) under `ruleset`. */
function dealtUnder(ruleset: DoudizhuRuleset): TestTable {
  const t = new TestTable(ruleset);
  t.must({ type: 'DealBoard', board: 1, seed: SEED, salt: SALT, duplicate: true, held: true, now: 1_000 });
  return t;
}

function playOut(t: TestTable, seed: string): void {
  const prng = seededPrng(seed);
  while (t.state.status === 'inBoard') {
    const next = randomLegalCommand(t.state, prng, { timeoutPerMille: 0 });
    if (next === null) throw new Error('no legal command while the board is in play');
    t.must(next);
  }
}

/** A ruleset as recorded before the duplicate reveal and the broadcast hold were its fields. */
function olderRuleset(ruleset: DoudizhuRuleset): DoudizhuRuleset {
  const later = new Set(['duplicateReveal', 'broadcastHold']);
  // Typed as today's: the old record lacks what the fold fills in.
  return Object.fromEntries(
    Object.entries(ruleset).filter(([field]) => !later.has(field)),
  ) as DoudizhuRuleset;
}

/** The stream as it was recorded before DEC-DDZ-4/5 were ruleset fields: MatchCreated without them. */
function withoutTheFields(events: readonly DoudizhuEvent[]): DoudizhuEvent[] {
  return events.map((event) => {
    if (event.type !== 'MatchCreated') return event;
    return { ...event, data: { ...event.data, ruleset: olderRuleset(event.data.ruleset) } };
  });
}

describe('the duplicate reveal and the broadcast hold are ruleset fields (DEC-DDZ-4, DEC-DDZ-5)', () => {
  it('DEC-DDZ-4, DEC-DDZ-5: cga2017 names the decisions, and a ruleset that leaves them out parses to them', () => {
    expect(ddzCga2017).toMatchObject({ duplicateReveal: 'allTables', broadcastHold: 'lastTableDealt' });
    expect(DoudizhuRulesetSchema.parse(olderRuleset(ddzCga2017))).toEqual(ddzCga2017);
  });

  it('DEC-DDZ-4, DEC-DDZ-5: a value outside the choices is refused naming the field', () => {
    for (const field of ['duplicateReveal', 'broadcastHold'] as const) {
      const parsed = DoudizhuRulesetSchema.safeParse({ ...ddzCga2017, [field]: 'sometimes' });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues.map((issue) => issue.path.join('.'))).toEqual([field]);
      const created = decideDoudizhu(
        {
          type: 'CreateMatch',
          table: 'T9',
          ruleset: { ...ddzCga2017, [field]: 'sometimes' },
          players: [
            { id: 'a', name: 'Ann', seat: 0 },
            { id: 'b', name: 'Bo', seat: 1 },
            { id: 'c', name: 'Cai', seat: 2 },
          ],
          now: 0,
        },
        initialDoudizhuState(),
      );
      expect(created).toMatchObject({ ok: false, rule: 'DDZ-GEN-1' });
      expect(created.ok ? '' : created.message).toContain(field);
    }
  });

  it('DEC-DDZ-4: duplicateReveal ownEnd reveals a duplicate board at this table’s own end; nothing stays sealed', () => {
    const t = dealtUnder({ ...ddzCga2017, duplicateReveal: 'ownEnd' });
    expect(t.events[1]).toMatchObject({ type: 'BoardStarted', data: { board: 1 } });
    expect(t.events[1]?.data).not.toHaveProperty('duplicate');
    playOut(t, 'own-end-play');
    expect(t.events.at(-1)).toMatchObject({ type: 'DeckRevealed', data: { board: 1, salt: SALT } });
    expect(doudizhuModule.duplicate?.sealed(t.state, 1)).toBe(false);
    expect(doudizhuModule.secrets(t.state)).toEqual([]);
    expect(t.run({ type: 'RevealBoard', board: 1 })).toMatchObject({ ok: false, rule: 'DDZ-GEN-1' });
    // The hold is the other field's: still on under lastTableDealt.
    expect(doudizhuModule.duplicate?.holding(t.state, 1)).toBe(true);
    expect(replayChecked(t.events)).toMatchObject({ ok: true, state: t.state });
  });

  it('DEC-DDZ-5: broadcastHold none opens no hold on a board of a set that declares its tables', () => {
    const t = dealtUnder({ ...ddzCga2017, broadcastHold: 'none' });
    expect(t.events[1]?.data).not.toHaveProperty('held');
    for (const event of t.events) expect(broadcastHoldOf(doudizhuModule, event)).toBeNull();
    expect(doudizhuModule.duplicate?.holding(t.state, 1)).toBe(false);
    expect(t.run({ type: 'LiftBoardHold', board: 1, at: 2_000, reason: 'dealtEverywhere' })).toMatchObject({
      ok: false,
      rule: 'DDZ-GEN-1',
    });
    // The reveal is the other field's: still sealed under allTables.
    playOut(t, 'no-hold-play');
    expect(doudizhuModule.duplicate?.sealed(t.state, 1)).toBe(true);
    expect(replayChecked(t.events)).toMatchObject({ ok: true, state: t.state });
  });

  it('DEC-DDZ-4, DEC-DDZ-5: a stream recorded before the fields reads with the decisions, and re-decides as recorded', () => {
    const t = dealtUnder(ddzCga2017);
    playOut(t, 'old-stream-play');
    const old = withoutTheFields(t.events);
    expect(JSON.stringify(old[0])).not.toContain('duplicateReveal');
    const state = replayDoudizhu(old);
    expect(state.ruleset).toEqual(ddzCga2017);
    expect(doudizhuModule.duplicate?.sealed(state, 1)).toBe(true);
    expect(doudizhuModule.duplicate?.holding(state, 1)).toBe(true);
    expect(replayChecked(old)).toMatchObject({ ok: true, state });
  });
});
