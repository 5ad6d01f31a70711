import type { EventStore } from '@tablecast/event-store';
import { broadcastStream, matchStream, type TablecastEvent } from '@tablecast/events';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppConfig } from '../../config';
import { DisclosureStore } from '../disclosure-store';
import { FeedsThread } from './feeds-thread';
import { FeedsThreadReads } from './feeds-thread-reads';
import { FeedsThreadUnavailableError } from './feeds-thread-unavailable.error';
import {
  closeThreadSpecLog,
  openThreadSpecLog,
  playedDealEvents,
  quietThreadLogger,
  waitFor,
  type ThreadSpecLog,
} from './testing/thread-spec-support';

const DELAY_MS = 1_500;
// The match's delays, set before and while the thread runs: long enough that nothing of the match
// is released while the test reads it, however slowly a loaded machine runs it.
const FIRST_DELAY_MS = 600_000;
const SECOND_DELAY_MS = 1_200_000;
const metadata = {
  correlationId: 'feeds-thread-reads',
  causationId: null,
  actor: { id: 'test', role: 'system' as const },
};
const matchEvents = (seed: string) => playedDealEvents(seed, metadata);

describe("the main thread's feed reads with FEEDS_THREAD=worker: asked of the thread's producer", () => {
  let log: ThreadSpecLog;
  let config: AppConfig;
  let store: EventStore<TablecastEvent>;
  let thread: FeedsThread;
  let reads: FeedsThreadReads;

  beforeEach(() => {
    log = openThreadSpecLog('tablecast-feeds-thread-reads-', DELAY_MS);
    ({ config, store } = log);
    thread = new FeedsThread(config, log.bus, { logFile: log.logFile, logger: quietThreadLogger });
    reads = new FeedsThreadReads(thread, config.BROADCAST_DELAY_MS);
  });

  afterEach(async () => {
    await thread.stop();
    await closeThreadSpecLog(log);
  });

  it("answers the listing, the tables, the facts and the ledger from the thread's feeds, and the delay clocks from the delays it told", async () => {
    const all = matchEvents('reads');
    await store.append(matchStream('fr_1'), all, 'no_stream');
    // A delay set before the boot (told with the catch-up) and one while it runs (told live).
    const delaySet = (delayMs: number, previousDelayMs: number) => ({
      type: 'BroadcastDelaySet' as const,
      data: { delayMs, previousDelayMs },
      metadata,
    });
    await store.append(broadcastStream('fr_1'), [delaySet(FIRST_DELAY_MS, DELAY_MS)], 'no_stream');
    await thread.start();
    expect(reads.delayOf('fr_1'), 'told before the thread is started').toBe(FIRST_DELAY_MS);
    await store.append(broadcastStream('fr_1'), [delaySet(SECOND_DELAY_MS, FIRST_DELAY_MS)], 0);
    await waitFor('the new delay told', () => reads.delayOf('fr_1') === SECOND_DELAY_MS);
    expect(reads.delayOf('fr_unknown'), 'no feed: the configured delay').toBe(DELAY_MS);

    const listings = await reads.watchListings();
    expect(listings.map((listing) => listing.matchId)).toEqual(['fr_1']);
    expect(listings[0]?.feed).toMatchObject({ state: 'delayBuilding' });
    expect(await reads.tableFeeds(['fr_1', 'fr_unknown'])).toEqual([
      { delayMs: SECOND_DELAY_MS, broadcastState: 'delayBuilding' },
      { delayMs: DELAY_MS, broadcastState: null },
    ]);
    expect(await reads.feedFacts('fr_1')).toEqual({ hasFeed: true, delayMs: SECOND_DELAY_MS });
    expect(await reads.feedFacts('fr_unknown')).toEqual({ hasFeed: false, delayMs: DELAY_MS });
    expect(await reads.releasedDeal('fr_1', 1), 'nothing released within the delay').toEqual({
      events: null,
    });
    expect(await reads.releasedDeal('fr_unknown', 1)).toBeUndefined();
    expect(await reads.ledger('fr_unknown')).toBeNull();
    // The ledger as the thread wrote it to its file.
    const ledger = await reads.ledger('fr_1');
    const written = new DisclosureStore(config.TABLECAST_DATA_DIR, 'readOnly');
    try {
      expect(ledger?.length).toBeGreaterThan(all.length);
      expect(ledger).toEqual(written.list('fr_1'));
    } finally {
      written.close();
    }
  }, 60_000);

  it('refuses a read with a 503 while the thread restarts, and answers again once it is back', async () => {
    await store.append(matchStream('fr_2'), matchEvents('restart'), 'no_stream');
    await thread.start();
    expect((await reads.feedFacts('fr_2')).hasFeed).toBe(true);
    await thread.terminate();
    const refused = await reads.watchListings().then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(FeedsThreadUnavailableError);
    expect((refused as Error).message).toMatch(
      /^the feeds thread is restarting after exit code 1: watchListings not answered; ask again$/,
    );
    await waitFor('the restarted thread ready', () => thread.readiness().ok);
    expect((await reads.watchListings()).map((listing) => listing.matchId)).toEqual(['fr_2']);
  }, 60_000);
});
