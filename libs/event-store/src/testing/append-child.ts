// A separate process writing to a SQLite log, for the crash, race and cross-process tests.
// Run with tsx (see spawnAppendChild); prints one line per acknowledged append on stdout.
import { WrongExpectedRevisionError } from '../errors';
import { SqliteEventLog } from '../sqlite/sqlite-event-log';
import { appendBatchesUntilKilled, batchProbe } from './append-batches';

const [mode = '', dataDir = '', stream = ''] = process.argv.slice(2);
const log = new SqliteEventLog({ dataDir, groupCommit: mode === 'group-loop' });

/** Resolves at the test's `go` line on stdin. */
function goLine(): Promise<void> {
  return new Promise<void>((resolve) => {
    process.stdin.setEncoding('utf8');
    process.stdin.on('data', (chunk: string) => {
      if (chunk.includes('go')) resolve();
    });
  });
}

/**
 * Opens the stream, says `ready` and waits for a `go` line on stdin (the test's barrier: it sends
 * `go` to both writers once both are ready, however slowly each started, and closes their stdin),
 * then appends with expected revision 0 once.
 */
async function race(): Promise<void> {
  await log.readStream(stream);
  const go = goLine();
  process.stdout.write('ready\n');
  await go;
  try {
    const batch = process.pid;
    const result = await log.append(stream, [batchProbe(batch, 0, 2), batchProbe(batch, 1, 2)], 0);
    process.stdout.write(`won ${String(result.nextRevision)}\n`);
  } catch (error) {
    if (!(error instanceof WrongExpectedRevisionError)) throw error;
    process.stdout.write(`conflict ${String(error.actual)}\n`);
  }
  await log.close();
}

/**
 * Plays `count` matches one after another, each begun by one event and ended by a `MatchEnded`
 * in a later append (the live-stream set's cross-process test), then says `done`. After the first
 * match's first event it says `begun` and waits for a `go` line, so the test sees it live.
 */
async function matches(count: number): Promise<void> {
  for (let n = 0; n < count; n += 1) {
    const match = `${stream}${String(n)}`;
    await log.append(match, [batchProbe(n, 0, 1)], 'no_stream');
    if (n === 0) {
      process.stdout.write('begun\n');
      await goLine();
    }
    await log.append(match, [{ ...batchProbe(n, 0, 1), type: 'MatchEnded' }], 0);
  }
  process.stdout.write('done\n');
  await log.close();
}

/**
 * Another process's long transaction: takes the write lock, appends one event to `stream` in it,
 * says `held`, and commits only at the test's `go` line (then says `committed`).
 */
async function hold(): Promise<void> {
  log.database.exec('BEGIN IMMEDIATE');
  await log.append(stream, [batchProbe(0, 0, 1)], 'no_stream');
  const go = goLine();
  process.stdout.write('held\n');
  await go;
  log.database.exec('COMMIT');
  process.stdout.write('committed\n');
  await log.close();
}

switch (mode) {
  case 'loop':
    void appendBatchesUntilKilled(log, stream);
    break;
  case 'group-loop':
    // Writers of several streams at once on a group-committing log, each tagged with its stream.
    for (const name of [`${stream}-a`, `${stream}-b`, `${stream}-c`]) {
      void appendBatchesUntilKilled(log, name, { label: name });
    }
    break;
  case 'race':
    void race();
    break;
  case 'hold':
    void hold();
    break;
  case 'matches':
    void matches(Number(process.argv[5] ?? '0'));
    break;
  default:
    process.stderr.write(`unknown mode ${mode}\n`);
    process.exit(2);
}
