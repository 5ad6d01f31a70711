import { nextBelow, seededPrng, type Face } from '@tablecast/cards';
import { checkRandomMatch, type RandomMatchReplays } from '@tablecast/game-kit/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DoudizhuEventSchema, type DoudizhuEvent } from '../events/catalog';
import { replayDoudizhu } from '../engine/replay';
import { replayChecked } from '../engine/replay-checked';
import type { DoudizhuState } from '../engine/state';
import { cardsInOnePlace, checkLegality } from './invariants';
import { playRandomBoards } from './playout';

/**
 * Random boards played by random legal bots, every step checked. The budget is a number of boards
 * (DDZ_PROPERTY_BOARDS, 10,000 by default); fast-check draws the match seeds and prints a failing
 * one. The legal-play list is checked against the decider on a sample of turns (one lead in
 * LEAD_SAMPLE: listing every lead of a 20-card hand is the costly part; one follow in
 * FOLLOW_SAMPLE), still hundreds of thousands of plays per run; the schemas and the re-deciding
 * replay on one match in 10.
 */
const BOARDS = Number(process.env.DDZ_PROPERTY_BOARDS ?? 10_000);
const BOARDS_PER_MATCH = 10;
const RUNS = Math.max(1, Math.ceil(BOARDS / BOARDS_PER_MATCH));
const LEAD_SAMPLE = 8;
const FOLLOW_SAMPLE = 2;

const REPLAYS: RandomMatchReplays<DoudizhuState, DoudizhuEvent> = {
  replay: replayDoudizhu,
  replayChecked,
  eventSchema: DoudizhuEventSchema,
};

describe('random boards (DDZ property)', () => {
  it(
    `${String(RUNS * BOARDS_PER_MATCH)} random boards: cards in one place, scores sum to 0, legal list = accepted plays, replay = state`,
    { timeout: 600_000 },
    () => {
      let boards = 0;
      let matches = 0;
      let legalityChecks = 0;
      fc.assert(
        fc.property(fc.string({ minLength: 1, maxLength: 12 }), (seed) => {
          const prng = seededPrng(`checks:${seed}`);
          const log: DoudizhuEvent[] = [];
          // The cards played in the current deal (a redeal starts afresh).
          const played: Face[] = [];
          const problems: string[] = [];
          const result = playRandomBoards({
            seed,
            boards: BOARDS_PER_MATCH,
            onStep: ({ before, events, after }) => {
              const leading = before.board?.trick?.last == null;
              if (
                before.board?.phase === 'play' &&
                nextBelow(prng, leading ? LEAD_SAMPLE : FOLLOW_SAMPLE) === 0
              ) {
                const legality = checkLegality(before, prng, 2, 2);
                legalityChecks += legality.checked;
                problems.push(...legality.listedRefused.map((p) => `listed but refused: ${p}`));
                problems.push(...legality.acceptedUnlisted.map((p) => `accepted but not listed: ${p}`));
              }
              log.push(...events);
              for (const event of events) {
                if (event.type === 'CardsDealt') played.length = 0;
                if (event.type === 'CardsPlayed') played.push(...event.data.cards);
              }
              if (after.status === 'inBoard' && !cardsInOnePlace(after, played)) {
                problems.push(`cards out of place after ${events.map((e) => e.type).join(',')}`);
              }
              for (const event of events) {
                if (event.type !== 'BoardEnded') continue;
                boards += 1;
                const [a, b, c] = event.data.scores;
                if (a + b + c !== 0)
                  problems.push(`board ${String(event.data.board)} scores ${String([a, b, c])}`);
              }
            },
          });
          matches += 1;
          checkRandomMatch(result, log, problems, matches, REPLAYS);
        }),
        { numRuns: RUNS },
      );
      expect(boards).toBe(RUNS * BOARDS_PER_MATCH);
      expect(legalityChecks).toBeGreaterThan(boards);
    },
  );
});
