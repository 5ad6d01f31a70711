// A process switching a shared SQLite file to WAL, for wal-mode.int.spec.ts. It says on stdout
// `refused` each time the switch answers SQLITE_BUSY (so the test releases its lock only once the
// first try has met it), then `wal` once the file is in WAL mode, or `failed <code>`.
import Database from 'better-sqlite3';
import { writeSync } from 'node:fs';
import { useWalMode } from '../sqlite/wal-mode';

const say = (line: string): void => {
  writeSync(1, `${line}\n`);
};

const [file = ''] = process.argv.slice(2);
const db = new Database(file);
// Typed with its `this`: it is only ever called on this connection, through `call`.
const pragma: (this: Database.Database, source: string, options?: Database.PragmaOptions) => unknown =
  // eslint-disable-next-line @typescript-eslint/unbound-method -- called below with the connection as `this`
  db.pragma;
db.pragma = function (this: Database.Database, source: string, options?: Database.PragmaOptions) {
  try {
    return pragma.call(this, source, options);
  } catch (error) {
    if ((error as { code?: string }).code === 'SQLITE_BUSY') say('refused');
    throw error;
  }
};
try {
  useWalMode(db);
  say(String(db.pragma('journal_mode', { simple: true })));
} catch (error) {
  say(`failed ${String((error as { code?: string }).code)}`);
  process.exitCode = 1;
} finally {
  db.close();
}
