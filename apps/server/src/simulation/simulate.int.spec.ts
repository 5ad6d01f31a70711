import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import type { AppEventStore } from '../event-store/event-store.module';
import { MatchCommandService } from '../matches/match-command.service';
import { startTestServer } from '../testing/test-server';
import { simulate } from '@tablecast/simulation';

/**
 * A fresh seed each run besides the fixed one, so the bots play matches no earlier run played. It
 * is in the test's name, so a failure names it; PLAYOUT_SEED=<seed> replays that run.
 */
const RUN_SEED = process.env.PLAYOUT_SEED ?? randomBytes(4).toString('hex');

describe('simulate: bots play real matches through the match service', () => {
  it.for([
    { seed: 'ci', matches: 200 },
    { seed: RUN_SEED, matches: 20 },
  ])(
    'plays $matches matches (seed $seed) with invariant checks after every event; every log folds to the served state',
    { timeout: 600_000 },
    async ({ seed, matches }) => {
      const server = await startTestServer();
      try {
        const report = await simulate(
          server.app.get(MatchCommandService),
          server.app.get<AppEventStore>(EVENT_STORE),
          {
            matches,
            ruleset: 'cga2017',
            format: { kind: 'fixedDeals', deals: 1 },
            seed,
            checkInvariants: true,
          },
        );
        expect(report.problems).toEqual([]);
        expect(report.matches).toBe(matches);
        expect(report.hands).toBeGreaterThanOrEqual(matches);
        expect(report.events).toBeGreaterThan(report.commands);
      } finally {
        await server.stop();
      }
    },
  );
});
