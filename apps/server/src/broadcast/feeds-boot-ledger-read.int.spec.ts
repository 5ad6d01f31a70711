import type { Audience } from '@tablecast/broadcast';
import { broadcastStream, matchStream } from '@tablecast/events';
import Database from 'better-sqlite3';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import type { AppEventStore } from '../event-store/event-store.module';
import { appendFinishedGuandan, TEST_EVENT_METADATA } from '../testing/finished-guandan';
import { TEST_TOKENS_SPEC } from '../testing/staff-tokens';
import { restartTestServer, startTestServer, type TestServer } from '../testing/test-server';
import { DISCLOSURES_FILE_NAME, DisclosureStore } from './disclosure-store';
import { FeedProducer } from './feed-producer.service';

/**
 * The feed producer's boot tells the finished matches whose broadcast has all gone out ("settled",
 * only noted by id) from those whose feed it rebuilds with one read of the disclosure ledger,
 * however many matches were ever played. Statements are counted on the ledger's real SQLite
 * connection; the ledgers are written as a server leaves them (DisclosureStore.record).
 */
// The producer's boot is read off the producer object (which feeds it holds, what it read): the
// main thread's, even when the runner sets FEEDS_THREAD=worker (the thread runs the same class, its
// frames checked byte for byte against it in feeds-thread.int).
const ENV = { TABLECAST_TOKENS: TEST_TOKENS_SPEC, BROADCAST_DELAY_MS: '1000', FEEDS_THREAD: 'main' };
const WAIT = { timeout: 30_000, interval: 50 };

const servers: TestServer[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const server of servers.splice(0)) await server.stop();
});

const storeOf = (server: TestServer): AppEventStore => server.app.get<AppEventStore>(EVENT_STORE);

/** A whole Guandan match appended to the log; its end's revision. */
const appendFinished = (server: TestServer, matchId: string): Promise<number> =>
  appendFinishedGuandan(storeOf(server), matchId);

async function restart(stopped: TestServer): Promise<TestServer> {
  const next = await restartTestServer(stopped, ENV);
  servers.splice(servers.indexOf(stopped), 1, next);
  return next;
}

/** One frame more in a stopped server's ledger: `revision` released to `audience`, after its last seq. */
function recordFrame(dataDir: string, matchId: string, audience: Audience, revision: number): void {
  const ledger = new DisclosureStore(dataDir);
  try {
    const seq = ledger.list(matchId, audience).reduce((last, entry) => Math.max(last, entry.seq), 0) + 1;
    ledger.forMatch(matchId).record({
      audience,
      seq,
      eventType: 'CardsPlayed',
      revision,
      position: null,
      recordedAt: null,
      releasedAt: Date.now(),
      viewRevision: revision,
      status: 'live',
    });
  } finally {
    ledger.close();
  }
}

/**
 * The SQL of every statement run on a disclosures.sqlite connection from now on (better-sqlite3's
 * Statement methods, wrapped on their shared prototype; the event log's statements not counted).
 */
function countLedgerStatements(): string[] {
  const run: string[] = [];
  const probe = new Database(':memory:');
  const prototype = Object.getPrototypeOf(probe.prepare('SELECT 1')) as Record<
    'run' | 'get' | 'all' | 'iterate',
    (this: Database.Statement, ...args: unknown[]) => unknown
  >;
  probe.close();
  for (const method of ['run', 'get', 'all', 'iterate'] as const) {
    const original = prototype[method];
    vi.spyOn(prototype, method).mockImplementation(function (this: Database.Statement, ...args: unknown[]) {
      if (this.database.name.endsWith(DISCLOSURES_FILE_NAME)) run.push(this.source);
      return original.apply(this, args);
    });
  }
  return run;
}

describe('feed producer boot: one ledger read for every finished match', () => {
  it('TC-FEED-2 the boot runs the same ledger statements for 2 settled matches as for 8, the per-match marks read once', async () => {
    const first = await startTestServer(ENV);
    servers.push(first);
    const ends = new Map<string, number>();
    for (const matchId of ['gd_ledger_read_1', 'gd_ledger_read_2'])
      ends.set(matchId, await appendFinished(first, matchId));
    await first.app.close();
    for (const [matchId, end] of ends) recordFrame(first.dataDir, matchId, 'broadcast', end);

    const fewStatements = countLedgerStatements();
    const second = await restart(first);
    vi.restoreAllMocks();
    for (const matchId of ends.keys()) expect(second.app.get(FeedProducer).feed(matchId)).toBeUndefined();

    for (let i = 3; i <= 8; i += 1) {
      const matchId = `gd_ledger_read_${String(i)}`;
      ends.set(matchId, await appendFinished(second, matchId));
    }
    await second.app.close();
    // Broadcast to the end by the stop, whatever the live run recorded of them before it.
    for (const [matchId, end] of [...ends].slice(2)) recordFrame(second.dataDir, matchId, 'broadcast', end);

    const manyStatements = countLedgerStatements();
    const third = await restart(second);
    vi.restoreAllMocks();
    const producer = third.app.get(FeedProducer);
    expect(producer.matchIds()).toEqual(expect.arrayContaining([...ends.keys()]));
    for (const matchId of ends.keys()) expect(producer.feed(matchId)).toBeUndefined();

    expect(manyStatements).toEqual(fewStatements);
    expect(manyStatements.filter((sql) => sql.includes('ledger_matches'))).toHaveLength(1);
    // No statement of the boot reads one match's rows (a `match_id = ?` lookup per match).
    expect(manyStatements.filter((sql) => sql.includes('match_id = ?'))).toEqual([]);
  }, 120_000);

  it('TC-FEED-2 TC-FEED-3 settled and unsettled finished matches told apart from the one read: broadcast to its end, cut off one short, only live audiences sent, no ledger rows, a delay changed', async () => {
    const first = await startTestServer(ENV);
    servers.push(first);
    const toEnd = await appendFinished(first, 'gd_ledger_to_end');
    const cutOff = await appendFinished(first, 'gd_ledger_cut_off');
    const liveOnly = await appendFinished(first, 'gd_ledger_live_only');
    await appendFinished(first, 'gd_ledger_no_rows');
    await appendFinished(first, 'gd_ledger_delay_changed');
    await storeOf(first).append(
      broadcastStream('gd_ledger_delay_changed'),
      [
        {
          type: 'BroadcastDelaySet',
          data: { delayMs: 3_600_000, previousDelayMs: 1_000 },
          metadata: TEST_EVENT_METADATA,
        },
      ],
      'no_stream',
    );
    const [ended] = await storeOf(first).readStream(matchStream('gd_ledger_delay_changed'), {
      direction: 'backwards',
      maxCount: 1,
    });
    await first.app.close();
    // The ledger as chosen per match: the live run's is dropped and the frames that matter written.
    for (const suffix of ['', '-wal', '-shm'])
      rmSync(join(first.dataDir, `${DISCLOSURES_FILE_NAME}${suffix}`), { force: true });
    recordFrame(first.dataDir, 'gd_ledger_to_end', 'broadcast', toEnd);
    recordFrame(first.dataDir, 'gd_ledger_cut_off', 'broadcast', cutOff - 1);
    recordFrame(first.dataDir, 'gd_ledger_live_only', 'venue', liveOnly);
    // Past the configured delay at the boot: by time alone, every match would look settled.
    const endedAt = Date.parse(ended?.metadata.recordedAt ?? '');
    await vi.waitFor(() => {
      expect(Date.now()).toBeGreaterThan(endedAt + 1_000);
    }, WAIT);

    const statements = countLedgerStatements();
    const second = await restart(first);
    vi.restoreAllMocks();
    const producer = second.app.get(FeedProducer);
    const rebuilt = [
      'gd_ledger_to_end',
      'gd_ledger_cut_off',
      'gd_ledger_live_only',
      'gd_ledger_no_rows',
      'gd_ledger_delay_changed',
    ].filter((matchId) => producer.feed(matchId) !== undefined);
    expect(rebuilt).toEqual(['gd_ledger_cut_off', 'gd_ledger_live_only', 'gd_ledger_delay_changed']);
    expect(statements.filter((sql) => sql.includes('ledger_matches'))).toHaveLength(1);
    expect(producer.feed('gd_ledger_delay_changed')?.delayMs).toBe(3_600_000);
    // The end, overdue, goes out on the broadcast of the match that was cut off one short.
    await vi.waitFor(() => {
      const released = producer.disclosuresOf('gd_ledger_cut_off', 'broadcast').map((e) => e.revision);
      expect(released).toContain(cutOff);
    }, WAIT);
  }, 120_000);
});
