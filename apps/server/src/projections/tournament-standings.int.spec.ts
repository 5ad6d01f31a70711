import { seededPrng, nextBelow } from '@tablecast/cards';
import { ProjectionDb, TournamentStandingsTable } from '@tablecast/projections';
import { execFileSync, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { TEST_TOKENS_SPEC } from '../testing/staff-tokens';
import { restartTestServer, startTestServer } from '../testing/test-server';
import { RESULTS_PRINCIPAL } from '../tournaments/result-reactor';
import { TournamentService } from '../tournaments/tournament.service';
import { ProjectionRunner } from './projection-runner.service';

const root = join(__dirname, '..', '..', '..', '..');

/** Guandan results as the module reports them (tenths; level points), drawn from a seed. */
const OUTCOMES = [
  [20, 0, 13, 0],
  [0, 20, 0, 9],
  [10, 10, 5, 5],
  [20, 0, 4, 2],
  [0, 20, 1, 6],
] as const;

describe('tournament standings in the projection runner (TRN: standings are identical after a rebuild)', () => {
  beforeAll(() => {
    // The rebuild is the built CLI's, spawned: build it so the spec never runs stale output.
    execFileSync('npx', ['tsc', '-b', 'apps/cli'], { cwd: root, stdio: 'inherit' });
  }, 180_000);

  it('the runner folds each tournament stream into its standings; `tablecast projections rebuild` writes the same rows', async () => {
    let server = await startTestServer({ TABLECAST_TOKENS: TEST_TOKENS_SPEC });
    try {
      const tournaments = server.app.get(TournamentService);
      const prng = seededPrng('standings-rebuild');
      for (const id of ['rb_a', 'rb_b']) {
        await tournaments.run(
          id,
          [
            {
              type: 'CreateTournament',
              tournamentId: id,
              name: id,
              game: 'guandan',
              ruleset: id === 'rb_a' ? 'cga2017' : 'cesa2023',
              stages: [{ format: 'swiss', venue: 'onSite', rounds: 3, unit: { games: 1, bestOf: false } }],
              options: {
                pairingRules: '003',
                firstRound: 'fold',
                whenNoLegalPairing: 'refuse',
                byeScore: null,
              },
            },
            ...Array.from({ length: 8 }, (_, i) => ({
              type: 'RegisterEntrant' as const,
              entrant: `E${String(i + 1)}`,
              name: `Pair ${String(i + 1)}`,
              unit: `U${String(i % 3)}`,
              seed: i + 1,
            })),
          ],
          RESULTS_PRINCIPAL,
        );
        for (let round = 1; round <= 3; round += 1) {
          const { events } = await tournaments.run(
            id,
            [{ type: 'PairRound', seed: null }],
            RESULTS_PRINCIPAL,
          );
          const paired = events[0];
          if (paired?.type !== 'RoundPaired') throw new Error('a round was paired');
          await tournaments.run(id, [{ type: 'PublishRound', round }], RESULTS_PRINCIPAL);
          for (const [i, pair] of paired.data.pairs.entries()) {
            const matchId = `${id}.r${String(round)}.t${String(i + 1)}`;
            const [aTenths, bTenths, aLevels, bLevels] =
              OUTCOMES[nextBelow(prng, OUTCOMES.length)] ?? OUTCOMES[0];
            await tournaments.run(
              id,
              [
                { type: 'AssignMatch', round, match: pair.match, table: i + 1, matchId },
                i === 3 && round === 2
                  ? { type: 'RecordForfeit', round, match: pair.match, forfeitedBy: pair.b }
                  : {
                      type: 'RecordGameResult',
                      matchId,
                      result: {
                        reason: 'dealsPlayed',
                        rule: 'GD-SCORE-3',
                        winner: aTenths > bTenths ? 'NS' : bTenths > aTenths ? 'EW' : null,
                        sides: [
                          { side: 'NS', matchPoints: aTenths, score: aLevels },
                          { side: 'EW', matchPoints: bTenths, score: bLevels },
                        ],
                        boards: [],
                      },
                    },
              ],
              RESULTS_PRINCIPAL,
            );
          }
        }
      }
      const runner = server.app.get(ProjectionRunner);
      for (const id of ['rb_a', 'rb_b']) {
        const { revision, projection } = await tournaments.read(id);
        // The read model reaches the stream's head and holds the standings the write side folds.
        await vi.waitFor(() => {
          expect(runner.tournaments.standings(id)?.revision).toBe(revision);
        });
        expect(runner.tournaments.standings(id)?.rows).toEqual(
          JSON.parse(JSON.stringify(projection.standings())),
        );
        expect(runner.tournaments.standings(id)?.rows.every((r) => r.played === 3)).toBe(true);
      }
      await server.app.close();
      const readRows = () => {
        const db = new ProjectionDb(server.dataDir);
        try {
          return new TournamentStandingsTable(db).list();
        } finally {
          db.close();
        }
      };
      const before = readRows();
      expect(before.map((r) => r.tournamentId)).toEqual(['rb_a', 'rb_b']);
      const rebuilt = spawnSync(
        'node',
        [join(root, 'apps/cli/bin/tablecast.js'), 'projections', 'rebuild', '--data-dir', server.dataDir],
        { encoding: 'utf8', timeout: 60_000 },
      );
      expect(rebuilt.status, rebuilt.stderr).toBe(0);
      expect(rebuilt.stdout).toContain('the standings of 2 tournament(s)');
      expect(readRows()).toEqual(before);
      // A server started on the rebuilt read models serves the same standings, and goes on folding.
      server = await restartTestServer(server, { TABLECAST_TOKENS: TEST_TOKENS_SPEC });
      const again = server.app.get(ProjectionRunner);
      expect(again.tournaments.standings('rb_a')).toEqual({
        revision: before[0]?.revision,
        rows: before[0]?.rows,
      });
      await server.app
        .get(TournamentService)
        .run('rb_a', [{ type: 'WithdrawEntrant', entrant: 'E8', reason: 'illness' }], RESULTS_PRINCIPAL);
      const { revision, projection } = await server.app.get(TournamentService).read('rb_a');
      await vi.waitFor(() => {
        expect(again.tournaments.standings('rb_a')?.revision).toBe(revision);
      });
      expect(again.tournaments.standings('rb_a')?.rows).toEqual(
        JSON.parse(JSON.stringify(projection.standings())),
      );
    } finally {
      await server.stop();
    }
  }, 120_000);
});
