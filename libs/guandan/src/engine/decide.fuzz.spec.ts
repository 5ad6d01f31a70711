import { doubleDeck, RANKS, SUITS } from '@tablecast/cards';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GuandanEventSchema } from '../events/catalog';
import { COMBO_TYPES } from '../model/reading';
import { SEATS } from '../model/seats';
import { cga2017, house004 } from '../ruleset/ruleset';
import { playRandomMatch } from '../sim/playout';
import type { GuandanCommand } from './commands';
import { decide } from './decide';
import type { MatchState } from './state';

/** States from every phase of a few random games. */
function sampleStates(): MatchState[] {
  const states: MatchState[] = [];
  let step = 0;
  for (const [i, ruleset] of [cga2017, house004].entries()) {
    playRandomMatch({
      ruleset,
      seed: `fuzz-${i}`,
      maxHands: 4,
      onStep: ({ after }) => {
        step += 1;
        if (step % 5 === 0) states.push(after);
      },
    });
  }
  return states;
}

const seat = fc.constantFrom(...SEATS, 'X' as never);
const card = fc.constantFrom(...doubleDeck(), 'ZZa' as never, 'H10a' as never);
const reading = fc.record({
  type: fc.constantFrom(...COMBO_TYPES, 'rocket' as never),
  rank: fc.option(fc.constantFrom(...RANKS, 'BJ' as const, 'RJ' as const), { nil: undefined }),
  length: fc.integer({ min: -1, max: 12 }),
  suit: fc.option(fc.constantFrom(...SUITS), { nil: undefined }),
});
const command: fc.Arbitrary<GuandanCommand> = fc.oneof(
  fc.record({
    type: fc.constant('PlayCards' as const),
    seat,
    cards: fc.array(card, { maxLength: 12 }),
    as: fc.option(reading, { nil: undefined }),
  }),
  fc.record({ type: fc.constant('Pass' as const), seat }),
  fc.record({ type: fc.constant('GiveTribute' as const), seat, card }),
  fc.record({ type: fc.constant('ReturnTribute' as const), seat, card }),
  fc.record({ type: fc.constant('ResistTribute' as const), seat }),
  fc.record({ type: fc.constant('DesignateLeader' as const), seat }),
  fc.record({ type: fc.constant('PenalizeOutOfTurnPlay' as const), seat, refereeId: fc.string() }),
  fc.record({ type: fc.constant('CallTime' as const), now: fc.integer() }),
  fc.record({
    type: fc.constant('IssuePenalty' as const),
    seat,
    sanction: fc.constantFrom('warning' as const, 'violation' as const, 'foul' as const),
    rule: fc.constantFrom('GD-PEN-12', 'GD-PEN-13', 'GD-PEN-14', 'GD-RPT-2', 'GD-VAR-004-9', 'GD-TIME-3', ''),
    refereeId: fc.string(),
  }),
  fc.record({
    type: fc.constant('ReportThinkingTime' as const),
    seat,
    seconds: fc.oneof(fc.integer({ min: -5, max: 400 }), fc.double()),
    refereeId: fc.string(),
  }),
  fc.record({
    type: fc.constant('DealCards' as const),
    seed: fc.option(fc.string(), { nil: undefined }),
    order: fc.option(fc.array(card, { maxLength: 110 }), { nil: undefined }),
    salt: fc.string(),
    cutIndex: fc.option(fc.oneof(fc.integer({ min: -5, max: 120 }), fc.double()), { nil: undefined }),
    now: fc.integer(),
  }),
  fc.record({
    type: fc.constant('AwardLevels' as const),
    team: fc.constantFrom('NS' as const, 'EW' as const),
    levels: fc.oneof(fc.integer({ min: -3, max: 20 }), fc.double()),
    rule: fc.string(),
    refereeId: fc.string(),
  }),
);

describe('decide never throws (STYLE habit 3: errors are values)', () => {
  const states = sampleStates();

  it('any well-typed command with wrong values, in any phase, yields events or a GD-* violation', () => {
    fc.assert(
      fc.property(fc.nat(), command, (pick, cmd) => {
        const state = states[pick % states.length];
        if (state === undefined) return;
        const decision = decide(cmd, state);
        if (decision.ok) {
          // Whatever is accepted is a well-formed event (GD-PEN-*: a seat, a rule, an arbiter).
          for (const event of decision.events) expect(GuandanEventSchema.safeParse(event).success).toBe(true);
        } else {
          expect(decision.rule).toMatch(/^GD-/);
          expect(decision.message.length).toBeGreaterThan(0);
          expect(decision.messageZh.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 3000 },
    );
  });
});
