import { createInProcessBus, type FeedBus } from '@tablecast/bus';
import type { EventStore } from '@tablecast/event-store';
import type { TablecastEvent } from '@tablecast/events';
import {
  GUANDAN_RULESETS as RULESETS,
  playRandomGuandanMatch as playRandomMatch,
} from '@tablecast/games/testing';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, type AppConfig } from '../../../config';
import { openConfiguredEventStore } from '../../../event-store/open-event-store';

/** The thread's logger in a spec: the specs read what the thread did, not its lines. */
export const quietThreadLogger = { log: () => undefined, warn: () => undefined, error: () => undefined };

/** Polls until `condition` holds; fails naming what it waited for. The thread answers in its own time. */
export async function waitFor(what: string, condition: () => boolean, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The events of one random Guandan deal (cga2017) from `seed`, each with `metadata`, ready to append. */
export function playedDealEvents<M>(seed: string, metadata: M): (TablecastEvent & { metadata: M })[] {
  const played = playRandomMatch({ ruleset: RULESETS.cga2017, seed, maxHands: 1 });
  if (!played.ok) throw new Error('playout failed');
  return played.events.map((event) => ({ ...event, metadata }));
}

/** A log and an in-process bus in a temp folder, as a process that runs the feeds thread has them. */
export interface ThreadSpecLog {
  readonly root: string;
  readonly config: AppConfig;
  readonly store: EventStore<TablecastEvent>;
  readonly bus: FeedBus;
  /** The SQLite log's file, which the thread opens on its own connection. */
  readonly logFile: string;
}

/** Opens a fresh log (its data dir `thread`, its log dir `log`) with the broadcast delay `delayMs`. */
export function openThreadSpecLog(prefix: string, delayMs: number): ThreadSpecLog {
  const root = mkdtempSync(join(tmpdir(), prefix));
  const config = loadConfig({
    TABLECAST_DATA_DIR: join(root, 'thread'),
    TABLECAST_LOG_DIR: join(root, 'log'),
    BROADCAST_DELAY_MS: String(delayMs),
  });
  const store = openConfiguredEventStore(config);
  const logFile = (store.log as unknown as { file: string }).file;
  return { root, config, store, bus: createInProcessBus(), logFile };
}

/** Closes the bus and the log and removes the folder (the thread is stopped first, by the spec). */
export async function closeThreadSpecLog(log: ThreadSpecLog): Promise<void> {
  await log.bus.close();
  await log.store.close();
  rmSync(log.root, { recursive: true, force: true });
}
