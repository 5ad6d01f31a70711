import { doubleDeck, RANKS, SUITS } from '@tablecast/cards';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GuandanEventSchema } from '../events/catalog';
import { COMBO_TYPES } from '../model/reading';
import { SEATS } from '../model/seats';
import { RULESETS, RULESET_NAMES } from '../ruleset/ruleset';
import { playRandomMatch } from '../sim/playout';
import type { GuandanCommand } from './commands';
import { decide } from './decide';
import type { MatchState } from './state';

/**
 * A fresh seed each run: fast-check's (it prints it on a failure, with the path to the failing
 * case) and the random games the states come from, so every run fuzzes states no earlier run saw.
 * FUZZ_SEED=<seed> replays a run.
 */
const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 0x7fffffff));
const GAMES = 12;

/** Every state of the `game`-th random game of this run (played once, on first use). */
const games = new Map<number, readonly MatchState[]>();
function statesOfGame(game: number): readonly MatchState[] {
  const known = games.get(game);
  if (known !== undefined) return known;
  const states: MatchState[] = [];
  playRandomMatch({
    ruleset: RULESETS[RULESET_NAMES[game % RULESET_NAMES.length] ?? 'cga2017'],
    seed: `fuzz-${String(FUZZ_SEED)}-${String(game)}`,
    maxHands: 2,
    onStep: ({ after }) => states.push(after),
  });
  games.set(game, states);
  return states;
}

/** A state from any step of one of this run's random games. */
const playedState: fc.Arbitrary<MatchState> = fc
  .tuple(fc.integer({ min: 0, max: GAMES - 1 }), fc.nat())
  .map(([game, step]) => {
    const states = statesOfGame(game);
    const state = states[step % states.length];
    if (state === undefined) throw new Error(`random game ${String(game)} recorded no state`);
    return state;
  });

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
  it(
    `any well-typed command with wrong values, in any phase of random games, yields events or a GD-* violation (seed ${String(FUZZ_SEED)})`,
    { timeout: 60_000 },
    () => {
      const phases = new Set<string>();
      fc.assert(
        fc.property(playedState, command, (state, cmd) => {
          phases.add(state.hand?.phase ?? state.status);
          const decision = decide(cmd, state);
          if (decision.ok) {
            // Whatever is accepted is a well-formed event (GD-PEN-*: a seat, a rule, an arbiter).
            for (const event of decision.events)
              expect(GuandanEventSchema.safeParse(event).success).toBe(true);
          } else {
            expect(decision.rule).toMatch(/^GD-/);
            expect(decision.message.length).toBeGreaterThan(0);
            expect(decision.messageZh.length).toBeGreaterThan(0);
          }
        }),
        { numRuns: 3000, seed: FUZZ_SEED },
      );
      // The random games reached the phases whose commands differ: play, tribute and between deals.
      expect([...phases]).toEqual(expect.arrayContaining(['play', 'tribute', 'betweenHands']));
    },
  );
});
