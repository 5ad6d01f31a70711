// The feeds thread (FEEDS_THREAD=worker): the feed producer of the `all` role, the very code of the
// `feeds` role, on its own connections to the server's log and disclosure ledger, publishing every
// frame to the main thread over a MessagePort. Started and restarted by FeedsThread.
import { createMessagePortPublisher } from '@tablecast/bus';
import { notifyAppend } from '@tablecast/event-store';
import { parentPort, workerData } from 'node:worker_threads';
import { DisclosureStore } from '../disclosure-store';
import { feedsRoleProducer } from '../feeds-role-producer';
import { openConfiguredEventStore } from '../../event-store/open-event-store';
import type { FeedsThreadData, FromFeedsThread, ToFeedsThread } from './feeds-thread.protocol';

const HEALTH_EVERY_MS = 250;

async function main(): Promise<void> {
  const host = parentPort;
  if (host === null) throw new Error('feeds-thread.worker runs only as a worker thread');
  const { config, frames, firstInProcess } = workerData as FeedsThreadData;
  const tell = (message: FromFeedsThread): void => {
    host.postMessage(message);
  };
  const store = openConfiguredEventStore(config);
  const disclosures = new DisclosureStore(config.TABLECAST_DATA_DIR);
  const bus = createMessagePortPublisher(frames);
  // The feeds role's mode without its lease: a frame counts as sent once posted to the host, and the
  // marks are written down, so a thread that died between the ledger's commit and the post has
  // its successor send those frames (the gateways drop the seqs they already have).
  if (firstInProcess) disclosures.markAllPublished();
  const producer = feedsRoleProducer(config, store, bus, disclosures);
  let stopping = false;
  host.on('message', (message: ToFeedsThread) => {
    if (message.kind === 'appended') {
      // The host's appends wake its own subscribers only; this thread's subscription sleeps on
      // its poll otherwise.
      notifyAppend(logFile(store.log));
      return;
    }
    if (stopping) return;
    stopping = true;
    void stop();
  });
  let last = '';
  const health = setInterval(() => {
    const failure = producer.failure?.message ?? null;
    const now = `${failure ?? ''}|${String(producer.clockHealthy)}`;
    if (now === last) return;
    last = now;
    tell({ kind: 'health', failure, clockHealthy: producer.clockHealthy });
  }, HEALTH_EVERY_MS);

  async function stop(): Promise<void> {
    clearInterval(health);
    await producer.onApplicationShutdown();
    await bus.close();
    await store.close();
    disclosures.close();
    tell({ kind: 'stopped' });
    host?.close();
  }

  await producer.start();
  tell({ kind: 'started' });
}

function logFile(log: unknown): string {
  const file = (log as { file?: unknown }).file;
  return typeof file === 'string' ? file : '';
}

// A failure rejects, unhandled: the thread ends with an 'error' the host logs and restarts after.
void main();
