import {
  SQLITE_FILE_NAME,
  SqliteEventLog,
  describeBrokenLink,
  openEventLog,
  verifyAllAsync,
  verifyStream,
  type EventLog,
  type VerifyResult,
} from '@tablecast/event-store';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export interface VerifyOptions {
  readonly target: string;
  readonly dataDir: string;
  readonly eventstoreUrl: string | undefined;
}

/** What `tablecast verify` prints and its exit code: 0 intact, 1 broken chain, 2 nothing to verify. */
export interface VerifyOutcome {
  readonly exitCode: 0 | 1 | 2;
  readonly message: string;
  readonly result?: VerifyResult;
}

export async function runVerify(options: VerifyOptions): Promise<VerifyOutcome> {
  const useKurrent = options.eventstoreUrl !== undefined && options.eventstoreUrl !== '';
  const file = join(options.dataDir, SQLITE_FILE_NAME);
  if (!useKurrent && !existsSync(file)) {
    return { exitCode: 2, message: `no event log at ${file} (set --data-dir or TABLECAST_DATA_DIR)` };
  }
  // Read-only: verifying evidence must not change it (nor create a log where there was none).
  const log: EventLog = useKurrent
    ? openEventLog({ eventstoreUrl: options.eventstoreUrl, dataDir: options.dataDir })
    : new SqliteEventLog({ dataDir: options.dataDir, readOnly: true });
  try {
    const scope = options.target === 'all' ? 'the whole log' : `stream ${options.target}`;
    let result: VerifyResult;
    if (options.target === 'all') {
      result = await verifyAllAsync(log.readAll());
    } else {
      const events = await log.readStream(options.target);
      if (events.length === 0)
        return { exitCode: 2, message: `stream ${options.target} has no events in ${log.description}` };
      result = verifyStream(options.target, events);
    }
    if (result.ok) {
      return {
        exitCode: 0,
        result,
        message: `hash chain intact: ${result.events} events in ${result.streams} stream(s) of ${scope} (${log.description})`,
      };
    }
    return {
      exitCode: 1,
      result,
      message: `hash chain BROKEN at ${describeBrokenLink(result.brokenLink)} (checked ${result.events} events of ${scope})`,
    };
  } finally {
    await log.close();
  }
}
