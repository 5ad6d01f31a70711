// A server-like writer for the kill -9 test of wal-checkpoints.int.spec.ts: the event log opened
// as the server opens it (commits checkpoint only past OWN_CHECKPOINT_PAGES) with its checkpoints
// on the checkpoint thread. Appends batches of 1-7 events of ~2 KB until killed, printing
// `ack <batch> <size> <revision>` once each append has returned.
import { SqliteEventLog, type UnsealedEvent } from '@tablecast/event-store';
import { OWN_CHECKPOINT_PAGES, offloadWalCheckpointsOfFile } from '../wal-checkpoints';

const [dataDir = '', stream = 'match-crash'] = process.argv.slice(2);
const log = new SqliteEventLog({ dataDir, walAutocheckpointPages: OWN_CHECKPOINT_PAGES });
offloadWalCheckpointsOfFile(log.file, (message) => {
  process.stderr.write(`checkpoint thread failed: ${message}\n`);
  process.exit(3);
});

function probe(batch: number, index: number, size: number): UnsealedEvent {
  return {
    type: 'Probe',
    data: { batch, index, size, filler: 'x'.repeat(2000) },
    metadata: {
      eventId: crypto.randomUUID(),
      correlationId: `batch-${String(batch)}`,
      causationId: null,
      actor: { id: 'child', role: 'system' },
      recordedAt: new Date().toISOString(),
      schemaVersion: 1,
    },
  };
}

async function loop(): Promise<void> {
  for (let batch = 0; ; batch += 1) {
    const size = (batch % 7) + 1;
    const events = Array.from({ length: size }, (_, i) => probe(batch, i, size));
    const result = await log.append(stream, events, batch === 0 ? 'no_stream' : 'stream_exists');
    process.stdout.write(`ack ${String(batch)} ${String(size)} ${String(result.nextRevision)}\n`);
    // Pauses now and then, as between commands, so the thread's checkpoints also complete.
    if (batch % 50 === 0) await new Promise((resolve) => setTimeout(resolve, 30));
  }
}

void loop();
