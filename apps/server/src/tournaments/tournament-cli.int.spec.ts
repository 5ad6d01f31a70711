import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TEST_TOKENS } from '../testing/staff-tokens';
import { staffedServerForSuite } from '../testing/staffed-server';

const root = join(__dirname, '..', '..', '..', '..');
const cli = join(root, 'apps/cli/bin/tablecast.js');

/** Runs the built CLI as a child (asynchronously: the server answering it runs in this process). */
function tablecast(args: readonly string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [cli, ...args],
      { encoding: 'utf8', timeout: 60_000, env: { ...process.env, TABLECAST_TOKEN: '' } },
      (error, stdout, stderr) => {
        resolve({
          code: error === null ? 0 : typeof error.code === 'number' ? error.code : 1,
          stdout,
          stderr,
        });
      },
    );
  });
}

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
