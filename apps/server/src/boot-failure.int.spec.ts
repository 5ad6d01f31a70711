import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DATA_DIR_LOCK_FILE_NAME } from '@tablecast/event-store';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startServerOn, startTestServer } from './testing/test-server';

/**
 * A boot that fails after Nest opened the app (here: the port is taken) must close what it
 * opened: the event store's SQLite files, the timers and the bus. Otherwise a host that retries
 * the start in the same process (a test, the demo) keeps a second writer on the data dir.
 */
describe('a server whose boot fails', () => {
  let blocker: Server;
  let takenPort: number;

  beforeEach(async () => {
    blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    takenPort = (blocker.address() as AddressInfo).port;
  });

  afterEach(async () => {
    await new Promise<void>((resolve) => {
      blocker.close(() => {
        resolve();
      });
    });
  });

  it('closes the app it opened: no SQLite connection is left on the data dir', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tablecast-boot-failure-'));
    try {
      await expect(
        startServerOn(dataDir, { PORT: String(takenPort), HOST: '127.0.0.1' }),
      ).rejects.toMatchObject({ code: 'EADDRINUSE' });
      // The app did open its stores before listen failed.
      const files = readdirSync(dataDir);
      expect(files.some((name) => name.endsWith('.sqlite'))).toBe(true);
      // SQLite removes a database's -wal file when its last connection closes; one left behind
      // is a connection still open.
      expect(files.filter((name) => name.endsWith('-wal'))).toEqual([]);
      expect(existsSync(join(dataDir, DATA_DIR_LOCK_FILE_NAME))).toBe(false);
      // The data dir is free for the next start, in this same process.
      const next = await startServerOn(dataDir, { HOST: '127.0.0.1' });
      await next.app.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('leaves no temp data dir behind when a test server cannot start', async () => {
    // A temp root of this test's own, so other workers' servers do not show up in it.
    const root = mkdtempSync(join(tmpdir(), 'tablecast-boot-failure-root-'));
    const savedTmpdir = process.env.TMPDIR;
    process.env.TMPDIR = root;
    try {
      await expect(startTestServer({ PORT: String(takenPort), HOST: '127.0.0.1' })).rejects.toMatchObject({
        code: 'EADDRINUSE',
      });
      expect(readdirSync(root)).toEqual([]);
    } finally {
      if (savedTmpdir === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = savedTmpdir;
      rmSync(root, { recursive: true, force: true });
    }
  });
});
