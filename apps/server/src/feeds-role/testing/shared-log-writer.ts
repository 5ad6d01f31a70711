import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/test-server';

/** The command server of a feeds spec and the log dir it shares with the feeds processes. */
export interface SharedLogWriter {
  readonly logDir: string;
  /** What the tests opened on the shared log, closed after the writer stopped, last first. */
  readonly opened: { close(): unknown }[];
  /** The command server writing the shared log (started before the describe's tests). */
  readonly writer: TestServer;
}

/**
 * A command server on a fresh shared log dir for the describe block it is called in: started
 * before its tests; after them stopped, then whatever the tests opened on the log closed, then
 * the dir removed.
 */
export function sharedLogWriter(dirPrefix: string): SharedLogWriter {
  const logDir = mkdtempSync(join(tmpdir(), dirPrefix));
  const opened: { close(): unknown }[] = [];
  let writer: TestServer | undefined;
  beforeAll(async () => {
    writer = await startTestServer({ TABLECAST_LOG_DIR: logDir });
  });
  afterAll(async () => {
    await writer?.stop();
    for (const resource of opened.reverse()) await resource.close();
    rmSync(logDir, { recursive: true, force: true });
  });
  return {
    logDir,
    opened,
    get writer(): TestServer {
      if (writer === undefined) throw new Error('the shared log writer starts before the tests');
      return writer;
    },
  };
}
