// The feeds thread (FEEDS_THREAD=worker): the feed producer of the `all` role, the very code of the
// `feeds` role, on its own connections to the server's log and disclosure ledger, publishing every
// frame to the main thread over a MessagePort. Started and restarted by FeedsThread.
import { createMessagePortPublisher, type BusMessage } from '@tablecast/bus';
import { notifyAppend } from '@tablecast/event-store';
import { parentPort, workerData } from 'node:worker_threads';
import { directorFrameOf } from '../director-frame';
import { DisclosureStore } from '../disclosure-store';
import { encodedFrameOf } from '../encoded-frames';
import { ProducerFeedReads, type FeedReads } from '../feed-reads';
import { feedsRoleProducer } from '../feeds-role-producer';
import { openConfiguredEventStore } from '../../event-store/open-event-store';
import type { FeedReadQuery, FeedsThreadData, FromFeedsThread, ToFeedsThread } from './feeds-thread.protocol';

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
  const bus = createMessagePortPublisher(frames, { beside: directorFieldsBeside });
  // The feeds role's mode without its lease: a frame counts as sent once posted to the host, and the
  // marks are written down, so a thread that died between the ledger's commit and the post has
  // its successor send those frames (the gateways drop the seqs they already have).
  if (firstInProcess) disclosures.markAllPublished();
  const producer = feedsRoleProducer(config, store, bus, disclosures);
  const reads = new ProducerFeedReads(producer);
  // The delays told in one message per turn (a boot's catch-up reads every match's).
  const delays = new Map<string, number>();
  const tellDelays = (): void => {
    if (delays.size === 0) return;
    tell({ kind: 'delays', delays: [...delays] });
    delays.clear();
  };
  producer.onDelay((matchId, delayMs) => {
    if (delays.size === 0) setImmediate(tellDelays);
    delays.set(matchId, delayMs);
  });
  const answer = async (id: number, query: FeedReadQuery): Promise<void> => {
    try {
      tell({ kind: 'answer', id, value: await readOf(reads, query) });
    } catch (error) {
      tell({ kind: 'refused', id, message: error instanceof Error ? error.message : String(error) });
    }
  };
  let stopping = false;
  host.on('message', (message: ToFeedsThread) => {
    if (message.kind === 'read') {
      void answer(message.id, message.query);
      return;
    }
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
  // Every delay read while catching up is known on the main thread before it serves a read.
  tellDelays();
  tell({ kind: 'started' });
}

/**
 * The director's fields of a broadcast frame this thread encoded, sent beside it: the main thread's
 * director reads those instead of parsing the frame's bytes again.
 */
function directorFieldsBeside(message: BusMessage): unknown {
  if (message.audience !== 'broadcast') return undefined;
  const frame = encodedFrameOf(message.payload);
  return frame === undefined ? undefined : directorFrameOf(frame);
}

/** The answer to `query` from this thread's producer. */
function readOf(reads: FeedReads, query: FeedReadQuery): Promise<unknown> {
  switch (query.method) {
    case 'watchListings':
      return reads.watchListings();
    case 'releasedDeal':
      return reads.releasedDeal(...query.args);
    case 'tableFeeds':
      return reads.tableFeeds(...query.args);
    case 'feedFacts':
      return reads.feedFacts(...query.args);
    case 'ledger':
      return reads.ledger(...query.args);
  }
}

function logFile(log: unknown): string {
  const file = (log as { file?: unknown }).file;
  return typeof file === 'string' ? file : '';
}

// A failure rejects, unhandled: the thread ends with an 'error' the host logs and restarts after.
void main();
