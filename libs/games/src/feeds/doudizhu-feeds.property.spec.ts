import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DDZ_BOARDS_PER_MATCH,
  checkDoudizhuMatch,
  emptyDdzTally,
} from '../testing/feeds-property/ddz-check-match';
import { doudizhuFeed } from './feed-games';

/**
 * The feeds' property over random Dou Dizhu boards (see ../testing/feeds-property/ddz-check-match.ts
 * for what it checks). Sized by boards and by time, whichever runs out first: 100 boards locally,
 * 400 in CI (CI=true), DDZ_FEED_PROPERTY_BOARDS to choose; at most DDZ_FEED_PROPERTY_SECONDS
 * (45 by default) of checking, so the CI run stays under a minute on a loaded machine (about
 * 0.1 s of one core per board on a quiet one). Whatever the load, at least MIN_BOARDS are checked.
 */
const TOTAL_BOARDS = Number(
  process.env.DDZ_FEED_PROPERTY_BOARDS ?? (process.env.CI === 'true' ? '400' : '100'),
);
const TIME_BUDGET_MS = Number(process.env.DDZ_FEED_PROPERTY_SECONDS ?? '45') * 1000;
const RUNS = Math.max(1, Math.ceil(TOTAL_BOARDS / DDZ_BOARDS_PER_MATCH));
const MIN_BOARDS = Math.min(TOTAL_BOARDS, 20);

describe('feeds over random Dou Dizhu boards (property)', () => {
  it(
    `venue never names a hidden card, no feed but staff shows a sealed double (DDZ-DBL-1), broadcast is never early (${String(TOTAL_BOARDS)} boards or ${String(TIME_BUDGET_MS / 1000)} s)`,
    () => {
      const tally = emptyDdzTally();
      const started = performance.now();
      fc.assert(
        fc.property(
          fc.string({ minLength: 1, maxLength: 12 }),
          fc.integer({ min: 1_000, max: 300_000 }),
          (seed, delayMs) => {
            checkDoudizhuMatch(seed, delayMs, tally, doudizhuFeed);
          },
        ),
        { numRuns: RUNS, interruptAfterTimeLimit: TIME_BUDGET_MS, markInterruptAsFailure: false },
      );
      const seconds = (performance.now() - started) / 1000;
      console.info(
        `dou dizhu feeds property: ${String(tally.boards)} boards, ${String(tally.events)} events, ` +
          `${String(tally.venueFrames)} venue and ${String(tally.delayedFrames)} delayed frames in ${seconds.toFixed(1)} s; ` +
          `${String(tally.sealedDoubles)} boards with a double sealed alone, ${String(tally.penalties)} warnings naming held cards`,
      );
      expect(tally.boards).toBeGreaterThanOrEqual(MIN_BOARDS);
      // What the property is about must happen: a double sealed alone, a note naming held cards.
      expect(tally.sealedDoubles).toBeGreaterThanOrEqual(Math.ceil(tally.boards / 2));
      expect(tally.penalties).toBeGreaterThan(0);
    },
    TIME_BUDGET_MS + 120_000,
  );
});
