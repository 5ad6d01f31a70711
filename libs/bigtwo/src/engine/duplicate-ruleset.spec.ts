import { seededPrng } from '@tablecast/cards';
import { VENUE, broadcastHoldOf } from '@tablecast/game-kit';
import { describe, expect, it } from 'vitest';
import type { BigTwoEvent } from '../events/catalog';
import { BigTwoRulesetSchema, b2Cga2017, type BigTwoRuleset } from '../events/match-events';
import { SEATS } from '../events/primitives';
import { bigtwoModule } from '../module/bigtwo-module';
import { randomLegalB2Command } from '../sim/random-bot';
import { B2TestTable } from '../testing/test-table';
import { decideBigTwo } from './decide';
import { replayBigTwo } from './replay';
import { replayChecked } from './replay-checked';
import { initialBigTwoState } from './state';

const SEED = 'b2-ruleset-board-seed';
const SALT = 'b2-ruleset-board-salt';

/** Deals board 1 of a set that declares its tables (duplicate, held) under `ruleset`. */
function dealtUnder(ruleset: BigTwoRuleset): B2TestTable {
  const t = new B2TestTable(ruleset);
  t.must({ type: 'DealBoard', board: 1, seed: SEED, salt: SALT, duplicate: true, held: true, now: 1_000 });
  return t;
}

/** Plays the board in progress to its end with random legal moves, nobody showing his hand. */
function playOut(t: B2TestTable, seed: string): void {
  const prng = seededPrng(seed);
  while (t.state.status === 'inBoard') {
    const next = randomLegalB2Command(t.state, prng, { timeoutPerMille: 0, showPerMille: 0 });
    if (next === null) throw new Error('no legal command while the board is in play');
    t.must(next);
  }
}

/** A ruleset as recorded before the duplicate reveal and the broadcast hold were its fields. */
function olderRuleset(ruleset: BigTwoRuleset): BigTwoRuleset {
  const later = new Set(['duplicateReveal', 'broadcastHold']);
  // Typed as today's: the old record lacks what the fold fills in.
  return Object.fromEntries(Object.entries(ruleset).filter(([field]) => !later.has(field))) as BigTwoRuleset;
}

/** The stream as it was recorded before DEC-B2-4/5 were ruleset fields: MatchCreated without them. */
function withoutTheFields(events: readonly BigTwoEvent[]): BigTwoEvent[] {
  return events.map((event) => {
    if (event.type !== 'MatchCreated') return event;
    return { ...event, data: { ...event.data, ruleset: olderRuleset(event.data.ruleset) } };
  });
}

describe('the duplicate reveal and the broadcast hold are ruleset fields (DEC-B2-4, DEC-B2-5)', () => {
  it('DEC-B2-4, DEC-B2-5: cga2017 names the decisions, and a ruleset that leaves them out parses to them', () => {
    expect(b2Cga2017).toMatchObject({ duplicateReveal: 'allTables', broadcastHold: 'lastTableDealt' });
    expect(BigTwoRulesetSchema.parse(olderRuleset(b2Cga2017))).toEqual(b2Cga2017);
  });

  it('DEC-B2-4, DEC-B2-5: a value outside the choices is refused naming the field', () => {
    for (const field of ['duplicateReveal', 'broadcastHold'] as const) {
      const parsed = BigTwoRulesetSchema.safeParse({ ...b2Cga2017, [field]: 'sometimes' });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues.map((issue) => issue.path.join('.'))).toEqual([field]);
      const created = decideBigTwo(
        {
          type: 'CreateMatch',
          table: 'T9',
          ruleset: { ...b2Cga2017, [field]: 'sometimes' },
          players: SEATS.map((seat) => ({ id: `p${seat}`, name: `Player ${seat}`, seat })),
          now: 0,
        },
        initialBigTwoState(),
      );
      expect(created).toMatchObject({ ok: false, rule: 'B2-GEN-1' });
      expect(created.ok ? '' : created.message).toContain(field);
    }
  });

  it('DEC-B2-4: duplicateReveal ownEnd reveals a duplicate board and opens the hands at this table’s own end', () => {
    const t = dealtUnder({ ...b2Cga2017, duplicateReveal: 'ownEnd' });
    expect(t.events[1]).toMatchObject({ type: 'BoardStarted', data: { board: 1 } });
    expect(t.events[1]?.data).not.toHaveProperty('duplicate');
    playOut(t, 'b2-own-end-play');
    expect(t.events.at(-1)).toMatchObject({ type: 'DeckRevealed', data: { board: 1, salt: SALT } });
    expect(bigtwoModule.duplicate?.sealed(t.state, 1)).toBe(false);
    expect(bigtwoModule.view(t.state, VENUE).board?.order).toHaveLength(52);
    expect(t.run({ type: 'RevealBoard', board: 1 })).toMatchObject({ ok: false, rule: 'B2-GEN-1' });
    // The hold is the other field's: still on under lastTableDealt.
    expect(bigtwoModule.duplicate?.holding(t.state, 1)).toBe(true);
    expect(replayChecked(t.events)).toMatchObject({ ok: true, state: t.state });
  });

  it('DEC-B2-5: broadcastHold none opens no hold on a board of a set that declares its tables', () => {
    const t = dealtUnder({ ...b2Cga2017, broadcastHold: 'none' });
    expect(t.events[1]?.data).not.toHaveProperty('held');
    for (const event of t.events) expect(broadcastHoldOf(bigtwoModule, event)).toBeNull();
    expect(bigtwoModule.duplicate?.holding(t.state, 1)).toBe(false);
    expect(t.run({ type: 'LiftBoardHold', board: 1, at: 2_000, reason: 'dealtEverywhere' })).toMatchObject({
      ok: false,
      rule: 'B2-GEN-1',
    });
    // The reveal is the other field's: still sealed under allTables.
    playOut(t, 'b2-no-hold-play');
    expect(bigtwoModule.duplicate?.sealed(t.state, 1)).toBe(true);
    expect(replayChecked(t.events)).toMatchObject({ ok: true, state: t.state });
  });

  it('DEC-B2-4, DEC-B2-5: a stream recorded before the fields reads with the decisions, and re-decides as recorded', () => {
    const t = dealtUnder(b2Cga2017);
    playOut(t, 'b2-old-stream-play');
    const old = withoutTheFields(t.events);
    expect(JSON.stringify(old[0])).not.toContain('duplicateReveal');
    const state = replayBigTwo(old);
    expect(state.ruleset).toEqual(b2Cga2017);
    expect(bigtwoModule.duplicate?.sealed(state, 1)).toBe(true);
    expect(bigtwoModule.duplicate?.holding(state, 1)).toBe(true);
    expect(replayChecked(old)).toMatchObject({ ok: true, state });
  });
});
