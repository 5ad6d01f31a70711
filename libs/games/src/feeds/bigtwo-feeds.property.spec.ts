import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  B2_BOARDS_PER_MATCH,
  checkBigTwoMatch,
  emptyB2Tally,
} from '../testing/feeds-property/b2-check-match';
import { bigtwoFeed } from './bigtwo-feed';

/**
 * The feeds' property over random Big Two boards (see ../testing/feeds-property/b2-check-match.ts
 * for what it checks). Sized by boards and by time, whichever runs out first: 100 boards locally,
 * 400 in CI (CI=true), B2_FEED_PROPERTY_BOARDS to choose; at most B2_FEED_PROPERTY_SECONDS (45 by
 * default) of checking. Whatever the load, at least MIN_BOARDS are checked.
 */
const TOTAL_BOARDS = Number(
  process.env.B2_FEED_PROPERTY_BOARDS ?? (process.env.CI === 'true' ? '400' : '100'),
);
const TIME_BUDGET_MS = Number(process.env.B2_FEED_PROPERTY_SECONDS ?? '45') * 1000;
const RUNS = Math.max(1, Math.ceil(TOTAL_BOARDS / B2_BOARDS_PER_MATCH));
const MIN_BOARDS = Math.min(TOTAL_BOARDS, 20);

describe('feeds over random Big Two boards (property)', () => {
  it(
    `B2-SHOW-1: a card reaches the venue only once played or once its holder's show came before it; broadcast is never early (${String(TOTAL_BOARDS)} boards or ${String(TIME_BUDGET_MS / 1000)} s)`,
    () => {
      const tally = emptyB2Tally();
      const started = performance.now();
      fc.assert(
        fc.property(
          fc.string({ minLength: 1, maxLength: 12 }),
          fc.integer({ min: 1_000, max: 300_000 }),
          (seed, delayMs) => {
            checkBigTwoMatch(seed, delayMs, tally, bigtwoFeed);
          },
        ),
        { numRuns: RUNS, interruptAfterTimeLimit: TIME_BUDGET_MS, markInterruptAsFailure: false },
      );
      const seconds = (performance.now() - started) / 1000;
      console.info(
        `big two feeds property: ${String(tally.boards)} boards, ${String(tally.events)} events, ` +
          `${String(tally.venueFrames)} venue and ${String(tally.delayedFrames)} delayed frames in ${seconds.toFixed(1)} s; ` +
          `${String(tally.shownHands)} hands shown, ${String(tally.shownCardsOnVenue)} venue frames naming a shown card still held`,
      );
      expect(tally.boards).toBeGreaterThanOrEqual(MIN_BOARDS);
      // What the property is about must happen: hands shown, and their cards on the venue feed.
      expect(tally.shownHands).toBeGreaterThan(0);
      expect(tally.shownCardsOnVenue).toBeGreaterThan(0);
    },
    TIME_BUDGET_MS + 120_000,
  );
});
