import { faceOfCard, seededPrng } from '@tablecast/cards';
import { describe, expect, it } from 'vitest';
import { legalPlays } from '../combos/legal-plays';
import { RULESETS } from '../ruleset/ruleset';
import { playRandomMatch } from './playout';
import { randomLegalCommand } from './random-bot';

describe('randomLegalCommand with the legal plays given (GD-PLAY-*)', () => {
  it('chooses what it chooses when it derives them itself, draw for draw, at every state of whole matches', () => {
    let compared = 0;
    for (const seed of ['given-1', 'given-2']) {
      // Two generators in lock step: any extra or missing draw shows in every later choice.
      const derived = seededPrng(`given:${seed}`);
      const given = seededPrng(`given:${seed}`);
      const result = playRandomMatch({
        ruleset: RULESETS.cga2017,
        format: { kind: 'fixedDeals', deals: 2 },
        seed,
        onStep: ({ after }) => {
          const hand = after.hand;
          const seat = hand?.phase === 'play' ? hand.turn : null;
          if (hand === null || seat === null) return;
          const plays = legalPlays(
            hand.hands[seat].map(faceOfCard),
            hand.trick?.last?.as ?? null,
            hand.level,
            after.ruleset,
          );
          for (const passBias of [0, 0.3]) {
            expect(randomLegalCommand(after, given, passBias, plays)).toEqual(
              randomLegalCommand(after, derived, passBias),
            );
            compared += 1;
          }
        },
      });
      expect(result.ok).toBe(true);
    }
    expect(compared).toBeGreaterThan(200);
  });
});
