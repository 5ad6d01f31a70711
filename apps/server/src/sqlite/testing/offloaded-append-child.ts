// A server-like writer for the kill -9 test of event-log-checkpoints.int.spec.ts: the event log
// opened as the server opens it (commits checkpoint only past OWN_CHECKPOINT_PAGES) with its
// checkpoints on the checkpoint thread. Appends batches of 1-7 events of ~2 KB until killed,
// printing `ack <batch> <size> <revision>` once each append has returned.
import { SqliteEventLog } from '@tablecast/event-store';
import { appendBatchesUntilKilled } from '@tablecast/event-store/testing';
import { OWN_CHECKPOINT_PAGES, offloadWalCheckpointsOfFile } from '../wal-checkpoints';

const [dataDir = '', stream = 'match-crash'] = process.argv.slice(2);
const log = new SqliteEventLog({ dataDir, walAutocheckpointPages: OWN_CHECKPOINT_PAGES });
offloadWalCheckpointsOfFile(log.file, (message) => {
  process.stderr.write(`checkpoint thread failed: ${message}\n`);
  process.exit(3);
});

// Pauses now and then, as between commands, so the thread's checkpoints also complete.
void appendBatchesUntilKilled(log, stream, {
  extra: { filler: 'x'.repeat(2000) },
  pause: { every: 50, ms: 30 },
});
