import type Database from 'better-sqlite3';

/** How long a connection waits for another's lock: one value for every Tablecast SQLite file. */
export const BUSY_TIMEOUT_MS = 10_000;

/** The first pause between tries; it doubles up to `MAX_PAUSE_MS`. */
const FIRST_PAUSE_MS = 5;
const MAX_PAUSE_MS = 200;

const pauseCell = new Int32Array(new SharedArrayBuffer(4));

/**
 * Puts a writable connection in WAL mode with `busy_timeout` set, as every process sharing the
 * file must, and keeps trying while another process holds the file for a moment.
 *
 * Why the busy timeout alone is not enough: on a file still in rollback mode (one just created,
 * or one whose creator has not switched it yet), `journal_mode = WAL` reads the file header in a
 * read transaction, then upgrades to a write to change it. SQLite never calls the busy handler
 * for that upgrade, since waiting while holding a read lock could deadlock: when another process
 * holds the write lock just then (it is creating its tables, or switching the mode itself), the
 * pragma answers SQLITE_BUSY at once. Processes booting together on a fresh data directory (TC-SCALE-2)
 * meet this. The read lock is gone once the pragma fails, so trying again is safe.
 *
 * Synchronous, like the constructors that call it: it runs once per connection, at boot.
 */
export function useWalMode(
  db: Database.Database,
  options: { busyTimeoutMs?: number; now?: () => number } = {},
): void {
  const busyTimeoutMs = options.busyTimeoutMs ?? BUSY_TIMEOUT_MS;
  const now = options.now ?? Date.now;
  db.pragma(`busy_timeout = ${String(busyTimeoutMs)}`);
  const deadline = now() + busyTimeoutMs;
  let pause = FIRST_PAUSE_MS;
  for (;;) {
    try {
      db.pragma('journal_mode = WAL');
      return;
    } catch (error) {
      if (!isBusy(error) || now() >= deadline) throw error;
    }
    Atomics.wait(pauseCell, 0, 0, pause);
    pause = Math.min(pause * 2, MAX_PAUSE_MS);
  }
}

function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY');
}
