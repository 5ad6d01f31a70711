import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from './support/repo';
import { startServerProcess, type ServerProcess } from './support/server-process';

function tablecast(
  args: readonly string[],
  env: Record<string, string> = {},
): { status: number | null; stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, ['apps/cli/bin/tablecast.js', ...args], {
    cwd: repoRoot,
    encoding: 'utf8',
    env: { ...process.env, ...env },
    timeout: 120_000,
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe('CLI commands that write a data dir refuse one a running server holds', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tablecast-cli-held-'));
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('`projections rebuild` and `simulate` exit 75 naming the dir; the server serves on; once it stops, the rebuild runs', async () => {
    server = await startServerProcess({ TABLECAST_DATA_DIR: dataDir });
    const lockFile = join(dataDir, 'tablecast.lock');
    const holder = String(server.child.pid);

    const byOption = tablecast(['projections', 'rebuild', '--data-dir', dataDir]);
    expect(byOption.status, byOption.stderr).toBe(75);
    expect(byOption.stderr).toContain(
      `tablecast projections rebuild: refused, the data dir ${dataDir} is in use by a running Tablecast server (pid ${holder}`,
    );
    expect(byOption.stderr).toContain('stop the server first');
    expect(byOption.stdout).toBe('');

    // TABLECAST_DATA_DIR is honoured when --data-dir is not given.
    const byEnv = tablecast(['projections', 'rebuild'], { TABLECAST_DATA_DIR: dataDir });
    expect(byEnv.status, byEnv.stderr).toBe(75);
    expect(byEnv.stderr).toContain(`the data dir ${dataDir} is in use`);

    const simulated = tablecast(['simulate', '--matches', '1', '--data-dir', dataDir]);
    expect(simulated.status, simulated.stderr).toBe(75);
    expect(simulated.stderr).toContain(`TABLECAST_DATA_DIR ${dataDir} is in use by another Tablecast server`);

    // The lock still names the server: its pid first, then its boot id and start time.
    expect(readFileSync(lockFile, 'utf8').trim().split(' ')[0]).toBe(holder);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);

    await server.stop();
    server = undefined;
    const rebuilt = tablecast(['projections', 'rebuild', '--data-dir', dataDir]);
    expect(rebuilt.status, rebuilt.stderr).toBe(0);
    expect(rebuilt.stdout).toMatch(/rebuilt projections from \d+ events/);
  }, 120_000);
});

describe("every command's --help", () => {
  const commands = [
    [],
    ['version'],
    ['rules', 'guandan'],
    ['verify'],
    ['export'],
    ['verify-export'],
    ['projections', 'rebuild'],
    ['simulate'],
    ['demo'],
    ['obs', 'setup'],
  ];

  it.each(commands.map((command) => [command.join(' ') || 'tablecast', command]))(
    '%s: shows examples and its exit codes',
    (_name, command) => {
      const run = tablecast([...command, '--help']);
      expect(run.status).toBe(0);
      expect(run.stdout).toMatch(/\nExamples:\n {2}\$ .*tablecast /);
      expect(run.stdout).toMatch(/\nExit codes:\n {2}0 {3}\S/);
    },
  );

  it('says the data dir defaults to TABLECAST_DATA_DIR before ./data', () => {
    for (const command of [['verify'], ['export'], ['projections', 'rebuild']]) {
      const run = tablecast([...command, '--help'], { TABLECAST_DATA_DIR: '/somewhere/else' });
      expect(run.stdout.replace(/\s+/g, ' ')).toContain(
        '--data-dir <dir> data directory of the embedded store (default: TABLECAST_DATA_DIR if set, else ./data)',
      );
    }
    expect(tablecast(['projections', 'rebuild', '--help']).stdout).toMatch(/ 75 +refused: a running server/);
  });
});
