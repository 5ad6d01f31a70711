// A separate process writing to a SQLite log, for the crash, race and cross-process tests.
// Run with tsx (see spawnAppendChild); prints one line per acknowledged append on stdout.
import { WrongExpectedRevisionError } from '../errors';
import type { UnsealedEvent } from '../port';
import { SqliteEventLog } from '../sqlite/sqlite-event-log';

const [mode = '', dataDir = '', stream = '', arg = '0'] = process.argv.slice(2);
const log = new SqliteEventLog({ dataDir });

function probe(batch: number, index: number, size: number): UnsealedEvent {
  return {
    type: 'Probe',
    data: { batch, index, size, pid: process.pid },
    metadata: {
      eventId: crypto.randomUUID(),
      correlationId: `batch-${batch}`,
      causationId: null,
      actor: { id: `child-${process.pid}`, role: 'system' },
      recordedAt: new Date().toISOString(),
      schemaVersion: 1,
    },
  };
}

/** Appends batches of 1–7 events forever (until killed), acknowledging each on stdout. */
async function loop(): Promise<void> {
  for (let batch = 0; ; batch += 1) {
    const size = (batch % 7) + 1;
    const events = Array.from({ length: size }, (_, i) => probe(batch, i, size));
    const result = await log.append(stream, events, batch === 0 ? 'no_stream' : 'stream_exists');
    process.stdout.write(`ack ${batch} ${size} ${result.nextRevision}\n`);
  }
}

/** Waits for a shared start time, then appends with expected revision 0 once. */
async function race(startAt: number): Promise<void> {
  while (Date.now() < startAt) await new Promise((resolve) => setTimeout(resolve, 1));
  try {
    const result = await log.append(stream, [probe(process.pid, 0, 2), probe(process.pid, 1, 2)], 0);
    process.stdout.write(`won ${result.nextRevision}\n`);
  } catch (error) {
    if (!(error instanceof WrongExpectedRevisionError)) throw error;
    process.stdout.write(`conflict ${String(error.actual)}\n`);
  }
  await log.close();
}

switch (mode) {
  case 'loop':
    void loop();
    break;
  case 'race':
    void race(Number(arg));
    break;
  default:
    process.stderr.write(`unknown mode ${mode}\n`);
    process.exit(2);
}
