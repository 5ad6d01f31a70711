import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunningServer } from '../bootstrap';
import { startServerOn } from '../testing/test-server';
import {
  GENERATED_TOKENS_FILE_NAME,
  loadOrCreateGeneratedTokens,
  type GeneratedTokens,
} from './generated-tokens-file';
import { TokenRegistry } from './token-registry.service';

async function whoami(server: RunningServer, token: string): Promise<{ status: number; role?: string }> {
  const response = await fetch(`${server.url}/api/whoami`, { headers: { authorization: `Bearer ${token}` } });
  if (response.status !== 200) return { status: response.status };
  return { status: 200, role: ((await response.json()) as { role: string }).role };
}

describe('staff tokens generated without TABLECAST_TOKENS', () => {
  const dirs: string[] = [];
  const servers: RunningServer[] = [];
  const freshDir = (): string => {
    const dir = mkdtempSync(join(tmpdir(), 'tablecast-tokens-'));
    dirs.push(dir);
    return dir;
  };
  const boot = async (dataDir: string): Promise<RunningServer> => {
    const server = await startServerOn(dataDir);
    servers.push(server);
    return server;
  };

  afterEach(async () => {
    for (const server of servers.splice(0)) await server.app.close();
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('are kept in the data dir, owner-only, and still open the API after a restart', async () => {
    const dataDir = freshDir();
    const first = await boot(dataDir);
    const tokens = first.app.get(TokenRegistry).generated.map((entry) => ({ ...entry }));
    expect(tokens.map((entry) => entry.role)).toEqual(['referee', 'arbiter', 'producer', 'operator']);
    const referee = tokens[0]?.token ?? '';
    expect(await whoami(first, referee)).toEqual({ status: 200, role: 'referee' });
    expect(statSync(join(dataDir, GENERATED_TOKENS_FILE_NAME)).mode & 0o777).toBe(0o600);
    await first.app.close();
    servers.splice(0);

    const second = await boot(dataDir);
    expect(second.app.get(TokenRegistry).generated).toEqual(tokens);
    for (const entry of tokens) {
      expect(await whoami(second, entry.token)).toEqual({ status: 200, role: entry.role });
    }
  });

  it('are different on another data dir', async () => {
    const a = (await boot(freshDir())).app.get(TokenRegistry).generated;
    const b = (await boot(freshDir())).app.get(TokenRegistry).generated;
    expect(a[0]?.token).not.toBe(b[0]?.token);
  });

  it('a corrupt tokens file stops the boot with an error naming the file', async () => {
    const dataDir = freshDir();
    const file = join(dataDir, GENERATED_TOKENS_FILE_NAME);
    writeFileSync(file, '{"tokens": [{"role": "referee", "table": null, "token": "short"}]}\n', {
      mode: 0o600,
    });
    await expect(startServerOn(dataDir)).rejects.toThrow(
      `staff tokens file ${file} is not usable (tokens.0.token:`,
    );
    writeFileSync(file, '{"tokens": [', { mode: 0o600 });
    await expect(startServerOn(dataDir)).rejects.toThrow(`staff tokens file ${file} is not usable (not JSON`);
  });

  it('two processes creating them at the same first boot (one shared dir) end with one set: the first created', () => {
    const dir = freshDir();
    let other: GeneratedTokens | undefined;
    // The other process finds the file missing too, and creates it while this one is generating.
    const mine = loadOrCreateGeneratedTokens(dir, () => {
      other = loadOrCreateGeneratedTokens(dir);
    });
    expect(other?.created).toBe(true);
    expect(mine).toEqual({ entries: other?.entries, file: other?.file, created: false });
    expect(loadOrCreateGeneratedTokens(dir).entries).toEqual(other?.entries);
    expect(readdirSync(dir)).toEqual([GENERATED_TOKENS_FILE_NAME]);
  });

  it('with TABLECAST_LOG_DIR they are kept beside the shared log, not in the data dir', async () => {
    const dataDir = freshDir();
    const logDir = freshDir();
    const server = await startServerOn(dataDir, { TABLECAST_LOG_DIR: logDir });
    servers.push(server);
    const kept = loadOrCreateGeneratedTokens(logDir);
    expect(kept.created).toBe(false);
    expect(server.app.get(TokenRegistry).generated).toEqual(kept.entries);
    expect(readdirSync(dataDir)).not.toContain(GENERATED_TOKENS_FILE_NAME);
  });
});
