// A second api process opening the shared boards.sqlite, for board-set-store.int.spec.ts. It says
// on stdout when it is about to take the file's schema step (`schema step`) and when it has read a
// table's columns (`columns read`), so the test can move the other process's schema change in
// between; then `opened`, or `failed <message>`.
import Database from 'better-sqlite3';
import { writeSync } from 'node:fs';
import { BoardSetStore } from '../board-set-store';

const say = (line: string): void => {
  writeSync(1, `${line}\n`);
};

// Typed with its `this`: it is only ever called on a connection, through `call`.
const pragma: (this: Database.Database, source: string, options?: Database.PragmaOptions) => unknown =
  // eslint-disable-next-line @typescript-eslint/unbound-method -- called below with the connection as `this`
  Database.prototype.pragma;
Database.prototype.pragma = function (
  this: Database.Database,
  source: string,
  options?: Database.PragmaOptions,
) {
  const result: unknown = pragma.call(this, source, options);
  // The synchronous setting is the last before the schema step.
  if (source.startsWith('synchronous')) say('schema step');
  if (source.startsWith('table_info')) say('columns read');
  return result;
};

const [dataDir = ''] = process.argv.slice(2);
try {
  new BoardSetStore(dataDir).shutdown();
  say('opened');
} catch (error) {
  say(`failed ${String(error).split('\n')[0] ?? ''}`);
  process.exitCode = 1;
}
