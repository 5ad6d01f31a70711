import { doubleDeck } from '@tablecast/cards';
import {
  CardIdSchema,
  COMBO_TYPES,
  MatchFormatSchema,
  ReadingSchema,
  RULESET_NAMES,
  SEATS,
  TEAMS,
  type MatchState,
  type PerSeat,
  type Reading,
  type Seat,
  type Team,
  type TrickState,
} from '@tablecast/guandan';
import {
  COMPASS_PAIRS,
  COMPASS_SEATS,
  CompassPairSchema,
  CompassSeatSchema,
  WIRE_COMBO_TYPES,
  WIRE_RULESET_NAMES,
  WireCardIdSchema,
  WireMatchFormatSchema,
  WireReadingSchema,
  type CompassPair,
  type CompassSeat,
  type PerCompassSeat,
  type ReplayMatchResult,
  type ReplayTrick,
  type ReplayView,
  type WireReading,
} from '@tablecast/protocol';
import { describe, expect, expectTypeOf, it } from 'vitest';

/**
 * The protocol owns Guandan's wire vocabulary so that it imports no game; the engine keeps its own.
 * The registry sees both, so it checks here that they say the same thing.
 */
describe('Guandan wire vocabulary (protocol) against the engine', () => {
  it('names the same seats, pairs, combinations and rulesets', () => {
    expect([...COMPASS_SEATS]).toEqual([...SEATS]);
    expect([...COMPASS_PAIRS]).toEqual([...TEAMS]);
    expect([...WIRE_COMBO_TYPES]).toEqual([...COMBO_TYPES]);
    expect([...WIRE_RULESET_NAMES].sort()).toEqual([...RULESET_NAMES].sort());
  });

  it('accepts and refuses the same values as the engine schemas', () => {
    const pairs = [
      [CompassSeatSchema, SEATS[0], 'X'],
      [CompassPairSchema, TEAMS[1], 'SN'],
    ] as const;
    for (const [schema, good, bad] of pairs) {
      expect(schema.safeParse(good).success).toBe(true);
      expect(schema.safeParse(bad).success).toBe(false);
    }
    for (const card of [...doubleDeck(), 'H5c', 'XJa', '']) {
      expect(WireCardIdSchema.safeParse(card).success).toBe(CardIdSchema.safeParse(card).success);
    }
    const readings: unknown[] = [
      { type: 'single', rank: '5', length: 1 },
      { type: 'straightFlush', rank: 'A', length: 5, suit: 'H' },
      { type: 'fourJokers', length: 4 },
      { type: 'pair', rank: 'RJ', length: 2 },
      { type: 'rocket', length: 2 },
      { type: 'single', rank: '1', length: 1 },
      { type: 'bomb', rank: '7', length: 11 },
      { type: 'bomb', rank: '7', length: 4, suit: 'Z' },
    ];
    for (const reading of readings) {
      expect(WireReadingSchema.safeParse(reading).success).toBe(ReadingSchema.safeParse(reading).success);
    }
    const formats: unknown[] = [
      { kind: 'toPastAce' },
      { kind: 'fixedDeals', deals: 8 },
      { kind: 'fixedDeals', deals: 0 },
      { kind: 'timed', minutes: 90 },
      { kind: 'timedOrFixedDeals', deals: 6, minutes: 60 },
      { kind: 'timedOrFixedDeals', deals: 6 },
      { kind: 'sudden' },
    ];
    for (const format of formats) {
      expect(WireMatchFormatSchema.safeParse(format).success).toBe(
        MatchFormatSchema.safeParse(format).success,
      );
    }
  });

  it('has types the engine types fit both ways', () => {
    expectTypeOf<CompassSeat>().toEqualTypeOf<Seat>();
    expectTypeOf<CompassPair>().toEqualTypeOf<Team>();
    expectTypeOf<WireReading>().toEqualTypeOf<Reading>();
    expectTypeOf<PerSeat<string>>().toExtend<PerCompassSeat<string>>();
    expectTypeOf<TrickState>().toExtend<ReplayTrick>();
    expectTypeOf<MatchState['status']>().toEqualTypeOf<ReplayView['status']>();
    expectTypeOf<NonNullable<MatchState['result']>>().toExtend<ReplayMatchResult>();
    expectTypeOf<ReplayMatchResult>().toExtend<NonNullable<MatchState['result']>>();
  });
});
