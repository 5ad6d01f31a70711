import { execFileSync, spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './support/repo';

/** Runs `npx tablecast …` in the checkout, the way the README tells people to. */
function tablecast(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const run = spawnSync('npx', ['--no-install', 'tablecast', ...args], {
    cwd: repoRoot,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe('the tablecast CLI as installed in the checkout', () => {
  it('is linked into node_modules/.bin by npm install', () => {
    const target = execFileSync('readlink', ['-f', 'node_modules/.bin/tablecast'], {
      cwd: repoRoot,
      encoding: 'utf8',
    });
    expect(target.trim()).toBe(`${repoRoot.replace(/\/$/, '')}/apps/cli/bin/tablecast.js`);
  });

  it('`npx tablecast version` prints the version', () => {
    const { status, stdout } = tablecast('version');
    expect(status).toBe(0);
    expect(stdout.trim()).toBe('0.1.0');
  });

  it('`npx tablecast --help` lists its subcommands', () => {
    const { status, stdout } = tablecast('--help');
    expect(status).toBe(0);
    expect(stdout).toContain('Usage: tablecast');
    expect(stdout).toContain('version');
  });

  it('an unknown subcommand fails with a non-zero exit and says so', () => {
    const { status, stderr } = tablecast('frobnicate');
    expect(status).not.toBe(0);
    expect(stderr).toContain("unknown command 'frobnicate'");
  });
});
