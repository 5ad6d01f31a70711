import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TEST_TOKENS, TEST_TOKENS_SPEC } from '../testing/staff-tokens';
import { staffedServerForSuite } from '../testing/staffed-server';
import { runTablecastCli, type CliRun } from '../testing/tablecast-cli';
import { startTestServer } from '../testing/test-server';
import { apiCall } from './testing/api-call';
import { playDuplicateRound, startDuplicateRound } from './testing/played-duplicate-round';

const call = apiCall('/api/tournaments');

/** Runs the built CLI as a child (asynchronously: the server answering it runs in this process). */
const tablecast = (args: readonly string[]): Promise<CliRun> => runTablecastCli(args, process.env);

describe('npx tablecast tournament create|import|pair|publish|standings|export against the server', () => {
  const suite = staffedServerForSuite();

  it('runs an event from the command line; a refusal exits 3 with the rule on stderr', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tablecast-trn-cli-'));
    const event = join(dir, 'event.json');
    const sheet = join(dir, 'pairs.csv');
    writeFileSync(
      event,
      JSON.stringify({
        tournamentId: 'cli_open',
        name: 'CLI Open',
        ruleset: 'cesa2023',
        stages: [{ format: 'swiss', venue: 'onSite', rounds: 2, unit: { games: 1, bestOf: false } }],
        options: { pairingRules: '003' },
      }),
    );
    writeFileSync(sheet, 'entrant,name,unit,seed\nA,Pair A,North,1\nB,Pair B,South,2\nC,Pair C,North,3\n');
    const http = ['--url', suite.server.url, '--token', TEST_TOKENS.arbiter];
    expect((await tablecast(['tournament', 'create', '--file', event, ...http])).code).toBe(0);
    expect((await tablecast(['tournament', 'import', 'cli_open', sheet, ...http])).code).toBe(0);
    const paired = await tablecast(['tournament', 'pair', 'cli_open', ...http]);
    expect(paired.code).toBe(0);
    expect(JSON.parse(paired.stdout)).toMatchObject({
      events: [{ type: 'RoundPaired', data: { bye: 'C' } }, { type: 'ResultRecorded' }],
    });
    const refused = await tablecast(['tournament', 'pair', 'cli_open', ...http]);
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain('TRN-SWISS-1');
    expect((await tablecast(['tournament', 'publish', 'cli_open', '1', ...http])).code).toBe(0);
    const standings = await tablecast(['tournament', 'standings', 'cli_open', '--csv', ...http]);
    expect(standings.stdout.split('\r\n')[1]).toMatch(/^1,3,C,Pair C,North,1\.5,17,1,/);
    const exported = await tablecast(['tournament', 'export', 'cli_open', 'entrants', ...http]);
    expect(exported.stdout).toBe(
      'entrant,name,unit,seed\r\nA,Pair A,North,1\r\nB,Pair B,South,2\r\nC,Pair C,North,3\r\n',
    );
    const noToken = await tablecast(['tournament', 'standings', 'cli_open', '--url', suite.server.url]);
    expect(noToken.code).toBe(1);
    expect(noToken.stderr).toContain('--token');
  }, 300_000);
});

describe('npx tablecast tournament board-time against the server (DEC-T-3)', () => {
  it('DEC-T-3: the arbiter corrects a board time from the command line; a bad field, a wrong player or a referee is refused (exit 3, the field or status on stderr)', async () => {
    const server = await startTestServer({ TABLECAST_TOKENS: TEST_TOKENS_SPEC });
    try {
      const tables = await startDuplicateRound(server, 'cli_times');
      await playDuplicateRound(server, 'cli_times', tables);
      const event = (await call(server, 'GET', '/cli_times')).json as {
        rounds: { tables: { match: string; result: { boards: { board: string }[] } | null }[] }[];
      };
      const table = event.rounds[0]?.tables.find((t) => t.match === 'r1.t1');
      const board = table?.result?.boards[0]?.board ?? '';
      const player = tables.find((t) => t.match === 'r1.t1')?.seats[0] ?? '';
      const correction = (
        token: string,
        fields: Record<string, string> = {},
      ): Promise<{ code: number; stdout: string; stderr: string }> => {
        const flags = {
          round: '1',
          match: 'r1.t1',
          board,
          entrant: player,
          seconds: '77',
          reason: 'clock left running during an appeal',
          ...fields,
        };
        return tablecast([
          'tournament',
          'board-time',
          'cli_times',
          ...Object.entries(flags).flatMap(([flag, value]) => [`--${flag}`, value]),
          '--url',
          server.url,
          '--token',
          token,
        ]);
      };

      const help = await tablecast(['tournament', 'board-time', '--help']);
      expect(help.code).toBe(0);
      expect(help.stdout).toContain('DEC-T-3');
      expect(help.stdout).toContain('--seconds <s>');

      const notWhole = await correction(TEST_TOKENS.arbiter, { seconds: '1.5' });
      expect([notWhole.code, notWhole.stderr]).toEqual([1, expect.stringContaining('--seconds') as string]);
      const tooLong = await correction(TEST_TOKENS.arbiter, { seconds: '90000' });
      expect(tooLong.code).toBe(3);
      expect(tooLong.stderr).toContain('400');
      expect(tooLong.stderr).toContain('seconds');
      const stranger = await correction(TEST_TOKENS.arbiter, { entrant: 'P99' });
      expect(stranger.code).toBe(3);
      expect(stranger.stderr).toContain('404');
      const referee = await correction(TEST_TOKENS.referee);
      expect(referee.code).toBe(3);
      expect(referee.stderr).toContain('403');

      const done = await correction(TEST_TOKENS.arbiter);
      expect(done.stderr).toBe('');
      expect(done.code).toBe(0);
      expect(JSON.parse(done.stdout)).toMatchObject({
        events: [
          {
            type: 'BoardTimeCorrected',
            data: { round: 1, match: 'r1.t1', board, entrant: player, seconds: 77, arbiter: 'arbiter' },
          },
        ],
      });
      const standings = (await call(server, 'GET', '/cli_times/standings')).json as {
        rows: { player: string; seconds: number }[];
      };
      expect(standings.rows.find((r) => r.player === player)?.seconds).toBe(77);
    } finally {
      await server.stop();
    }
  }, 300_000);
});

describe('npx tablecast tournament export standings after a session against the server (TRN-MOVE-6)', () => {
  it('TRN-MOVE-6: exports the standings after a round’s session; a session not paired exits 3 with the 404, a lone --round or --session exits 1 naming the other', async () => {
    const server = await startTestServer({ TABLECAST_TOKENS: TEST_TOKENS_SPEC });
    try {
      const tables = await startDuplicateRound(server, 'cli_sessions', 1, { sessionsPerRound: 2 });
      await playDuplicateRound(server, 'cli_sessions', tables);
      const http = ['--url', server.url, '--token', TEST_TOKENS.referee];
      const exported = (round: string, session: string): Promise<CliRun> =>
        tablecast([
          'tournament',
          'export',
          'cli_sessions',
          'standings',
          '--round',
          round,
          '--session',
          session,
          ...http,
        ]);

      const afterFirst = await exported('1', '1');
      expect([afterFirst.code, afterFirst.stderr]).toEqual([0, '']);
      const direct = await fetch(
        `${server.url}/api/tournaments/cli_sessions/rounds/1/sessions/1/standings.csv`,
        {
          headers: { authorization: `Bearer ${TEST_TOKENS.referee}` },
        },
      );
      expect(afterFirst.stdout).toBe(await direct.text());
      expect(afterFirst.stdout.trim().split('\r\n')).toHaveLength(7);

      const unpaired = await exported('1', '2');
      expect(unpaired.code).toBe(3);
      expect(unpaired.stderr).toContain('404');
      expect(unpaired.stderr).toContain('round 1, session 2');

      const lone = await tablecast([
        'tournament',
        'export',
        'cli_sessions',
        'standings',
        '--round',
        '1',
        ...http,
      ]);
      expect([lone.code, lone.stderr]).toEqual([1, expect.stringContaining('--session') as string]);
      const sheet = await tablecast([
        'tournament',
        'export',
        'cli_sessions',
        'score-sheet',
        '--round',
        '1',
        '--session',
        '1',
        ...http,
      ]);
      expect([sheet.code, sheet.stderr]).toEqual([1, expect.stringContaining('--round/--session') as string]);
    } finally {
      await server.stop();
    }
  }, 300_000);
});
