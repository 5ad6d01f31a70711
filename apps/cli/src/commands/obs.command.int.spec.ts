import { startRealObs, type RealObs } from '@tablecast/obs/testing';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const bin = join(__dirname, '..', '..', 'bin', 'tablecast.js');

/** Runs the built `tablecast obs setup` (npm run build first, like the other CLI tests). */
function obsSetup(
  env: Record<string, string>,
  ...args: string[]
): Promise<{ status: number | null; stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, 'obs', 'setup', ...args], {
      env: { ...process.env, OBS_INSTANCES: '', OBS_PASSWORD_MAIN: '', ...env },
    });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (status) => {
      resolve({ status, stdout });
    });
  });
}

describe('tablecast obs setup without OBS_INSTANCES', () => {
  it('exits 1 and says how to configure one', async () => {
    const run = await obsSetup({}, '--table', 'F1');
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('no OBS is configured: set OBS_INSTANCES');
  });

  it('exits 1 naming --table unless given exactly one of --table and --onair', async () => {
    for (const args of [[], ['--table', 'F1', '--onair']]) {
      const run = await obsSetup({}, ...args);
      expect(run.status).toBe(1);
      expect(run.stdout).toMatch(/^--table: give either --table <id> .* or --onair/);
    }
    // Two CLI starts, each several seconds on a loaded 2-core machine.
  }, 90_000);
});

describe('tablecast obs setup against a real OBS 29', () => {
  let obs: RealObs | undefined;
  let env: Record<string, string> = {};

  beforeAll(async () => {
    obs = await startRealObs('cli-secret');
    env = { OBS_INSTANCES: `main=${obs.url}`, OBS_PASSWORD_MAIN: obs.password };
  }, 400_000);
  afterAll(async () => {
    await obs?.stop();
  });

  it('a wrong password exits 1 with the clear 4009 message and no password', async () => {
    const run = await obsSetup({ ...env, OBS_PASSWORD_MAIN: 'wrong-one' }, '--table', 'F1');
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(
      /^OBS "main" at ws:\/\/127\.0\.0\.1:\d+ rejected the password \(obs-websocket close code 4009/,
    );
    expect(run.stdout).not.toContain('wrong-one');
  });

  it('sets up the final, exits 2 naming the incomplete scenes, and gives the same report run twice', async () => {
    const first = await obsSetup(
      env,
      '--table',
      'F3',
      '--obs',
      'main',
      '--base-url',
      'http://10.0.0.5:3000',
      '--json',
    );
    const second = await obsSetup(env, '--table', 'F3', '--json');
    expect(first.status).toBe(2);
    const report = (JSON.parse(first.stdout) as { report: { sceneCollection: string; problem: string } })
      .report;
    expect(report.sceneCollection).toBe('Tablecast table F3');
    expect(report.problem).toContain('scenes not completed: Table');
    expect(second.status).toBe(2);
    expect(JSON.parse(second.stdout)).toEqual(JSON.parse(first.stdout));
    const show = await obsSetup(env, '--onair', '--json');
    expect((JSON.parse(show.stdout) as { report: { sceneCollection: string } }).report.sceneCollection).toBe(
      'Tablecast on air',
    );
  }, 60_000);
});
