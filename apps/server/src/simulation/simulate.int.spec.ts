import { randomBytes } from 'node:crypto';
import { matchStream } from '@tablecast/events';
import { describe, expect, it } from 'vitest';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import type { AppEventStore } from '../event-store/event-store.module';
import { MatchCommandService } from '../matches/match-command.service';
import { startTestServer } from '../testing/test-server';
import { guandanSimulation } from '@tablecast/bots';
import { simulatedGame } from '@tablecast/games';
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
            game: guandanSimulation,
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

describe('simulate: Dou Dizhu bots play real matches through the same match service', () => {
  it.for([
    { seed: 'ci', matches: 20 },
    { seed: RUN_SEED, matches: 5 },
  ])(
    'plays $matches matches of 2 boards (seed $seed): every card in one place, scores sum to 0, every log folds to the served state',
    { timeout: 600_000 },
    async ({ seed, matches }) => {
      const server = await startTestServer();
      try {
        const game = simulatedGame('doudizhu');
        const report = await simulate(
          server.app.get(MatchCommandService),
          server.app.get<AppEventStore>(EVENT_STORE),
          {
            game,
            matches,
            ruleset: 'cga2017',
            format: game.parseFormat('fixedDeals:2'),
            seed,
            checkInvariants: true,
          },
        );
        expect(report.problems).toEqual([]);
        expect(report.matches).toBe(matches);
        expect(report.hands).toBe(matches * 2);
        expect(report.events).toBeGreaterThan(report.commands);
        // Each match ended by the referee's command, in the log under its game's name.
        const log = await server.app.get<AppEventStore>(EVENT_STORE).readStream(matchStream(`sim_${seed}_1`));
        expect(log.at(-1)?.type).toBe('doudizhu.MatchEnded');
      } finally {
        await server.stop();
      }
    },
  );
});
