import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './support/repo';

const serverEntry = join(repoRoot, 'apps/server/dist/main.js');

function startWith(env: Record<string, string>): { status: number | null; stderr: string } {
  const run = spawnSync(process.execPath, [serverEntry], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: 30_000,
  });
  return { status: run.status, stderr: run.stderr };
}

describe('server boot with bad configuration', () => {
  it('stops with EX_CONFIG (78) and a message naming PORT', () => {
    const { status, stderr } = startWith({ PORT: 'not-a-port' });
    expect(status).toBe(78);
    expect(stderr).toContain(
      'invalid configuration: PORT must be a whole number from 0 to 65535 (got "not-a-port")',
    );
  });

  it('names LOG_LEVEL when the level is unknown', () => {
    const { status, stderr } = startWith({ PORT: '0', LOG_LEVEL: 'chatty' });
    expect(status).toBe(78);
    expect(stderr).toContain('LOG_LEVEL must be one of');
  });
});
