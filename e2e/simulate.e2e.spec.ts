import Database from 'better-sqlite3';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from './support/repo';

const dataDir = mkdtempSync(join(tmpdir(), 'tablecast-sim-'));

function tablecast(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, ['apps/cli/bin/tablecast.js', ...args], {
    cwd: repoRoot,
    encoding: 'utf8',
    timeout: 300_000,
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** Every read-model row, for comparing a live-built projection file with a rebuilt one. */
function dumpReadModels(): unknown[] {
  const db = new Database(join(dataDir, 'projections.sqlite'), { readonly: true });
  try {
    return [
      db.prepare('SELECT * FROM match_head ORDER BY match_id').all(),
      db.prepare('SELECT * FROM match_state ORDER BY match_id').all(),
      db.prepare('SELECT * FROM match_timeline ORDER BY match_id, revision').all(),
    ];
  } finally {
    db.close();
  }
}

afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

describe('simulated logs: `tablecast simulate`, then `verify` and `projections rebuild`', () => {
  it('simulates matches through the real command path with invariant checks', () => {
    const run = tablecast(
      'simulate',
      '--matches',
      '4',
      '--format',
      'fixedDeals:2',
      '--seed',
      'e2e',
      '--data-dir',
      dataDir,
    );
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/simulated 4 matches: \d+ deals, \d+ commands, \d+ events/);
  });

  it('the simulated log verifies (hash chain)', () => {
    const run = tablecast('verify', 'all', '--data-dir', dataDir);
    expect(run.status, run.stdout + run.stderr).toBe(0);
  });

  it('rebuilding the projections from position 0 gives identical read models', () => {
    const live = dumpReadModels();
    expect((live[0] as unknown[]).length).toBe(4);
    const run = tablecast('projections', 'rebuild', '--data-dir', dataDir);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/rebuilt projections from \d+ events/);
    expect(dumpReadModels()).toEqual(live);
  });

  it('logs its progress line by line when stderr is not a terminal, and prints no staff token', () => {
    const progressDir = mkdtempSync(join(tmpdir(), 'tablecast-sim-progress-'));
    try {
      const run = tablecast(
        'simulate',
        '--matches',
        '2',
        '--format',
        'fixedDeals:1',
        '--data-dir',
        progressDir,
      );
      expect(run.status, run.stderr).toBe(0);
      expect(run.stderr.split('\n')).toEqual([
        `simulate: 2 matches (cga2017, fixedDeals:1, seed tablecast) into ${progressDir}`,
        expect.stringMatching(/^simulate: 1\/2 matches \(50%\) after \d+ s$/),
        expect.stringMatching(/^simulate: 2\/2 matches \(100%\) after \d+ s$/),
        '',
      ]);
      const kept = JSON.parse(readFileSync(join(progressDir, 'staff-tokens.json'), 'utf8')) as {
        tokens: { token: string }[];
      };
      for (const { token } of kept.tokens) expect(run.stdout + run.stderr).not.toContain(token);
      expect(run.stdout + run.stderr).not.toContain('TABLECAST_TOKENS');
    } finally {
      rmSync(progressDir, { recursive: true, force: true });
    }
  });

  it('rejects a bad --format naming the option', () => {
    const run = tablecast('simulate', '--format', 'bestOf:3', '--data-dir', dataDir);
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain('--format "bestOf:3"');
  });

  it('plays Dou Dizhu with --game doudizhu: its progress, its report, and a log that verifies', () => {
    const ddzDir = mkdtempSync(join(tmpdir(), 'tablecast-sim-ddz-'));
    try {
      const run = tablecast(
        'simulate',
        '--game',
        'doudizhu',
        '--matches',
        '2',
        '--format',
        'fixedDeals:2',
        '--seed',
        'e2e-ddz',
        '--data-dir',
        ddzDir,
      );
      expect(run.status, run.stderr).toBe(0);
      expect(run.stdout).toMatch(/simulated 2 doudizhu matches: 4 deals, \d+ commands, \d+ events/);
      expect(run.stderr.split('\n')).toEqual([
        `simulate: 2 doudizhu matches (cga2017, fixedDeals:2, seed e2e-ddz) into ${ddzDir}`,
        expect.stringMatching(/^simulate: 1\/2 matches \(50%\) after \d+ s$/),
        expect.stringMatching(/^simulate: 2\/2 matches \(100%\) after \d+ s$/),
        '',
      ]);
      const verify = tablecast('verify', 'all', '--data-dir', ddzDir);
      expect(verify.status, verify.stdout + verify.stderr).toBe(0);
      const badFormat = tablecast(
        'simulate',
        '--game',
        'doudizhu',
        '--format',
        'toPastAce',
        '--data-dir',
        ddzDir,
      );
      expect(badFormat.status).not.toBe(0);
      expect(badFormat.stderr).toContain('--format "toPastAce"');
    } finally {
      rmSync(ddzDir, { recursive: true, force: true });
    }
  });
});
