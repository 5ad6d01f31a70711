import { describe, expect, it } from 'vitest';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import type { AppEventStore } from '../event-store/event-store.module';
import { MatchCommandService } from '../matches/match-command.service';
import { startTestServer } from '../testing/test-server';
import { simulate } from './simulate';

describe('simulate: bots play real matches through the match service', () => {
  it('plays 200 matches with invariant checks after every event; every log folds to the served state', async () => {
    const server = await startTestServer();
    try {
      const report = await simulate(
        server.app.get(MatchCommandService),
        server.app.get<AppEventStore>(EVENT_STORE),
        {
          matches: 200,
          ruleset: 'cga2017',
          format: { kind: 'fixedDeals', deals: 1 },
          seed: 'ci',
          checkInvariants: true,
        },
      );
      expect(report.problems).toEqual([]);
      expect(report.matches).toBe(200);
      expect(report.hands).toBeGreaterThanOrEqual(200);
      expect(report.events).toBeGreaterThan(report.commands);
    } finally {
      await server.stop();
    }
  }, 600_000);
});
