import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
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

  it('stops with EX_CONFIG (78) naming director.json and the field when the saved director rules are invalid', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tablecast-director-config-'));
    try {
      writeFileSync(join(dataDir, 'director.json'), JSON.stringify({ enabled: 'yes' }));
      const { status, stderr } = startWith({ PORT: '0', TABLECAST_DATA_DIR: dataDir });
      expect(status).toBe(78);
      expect(stderr).toContain(join(dataDir, 'director.json'));
      expect(stderr).toContain('enabled');
      expect(stderr).not.toContain('    at ');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
