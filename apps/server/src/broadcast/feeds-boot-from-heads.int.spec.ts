import { SQLITE_FILE_NAME, SqliteEventLog } from '@tablecast/event-store';
import { broadcastStream, matchStream } from '@tablecast/events';
import type { ReleasedDealResponse, WatchListing } from '@tablecast/protocol';
import { BOT_PRINCIPAL } from '@tablecast/simulation';
import Database from 'better-sqlite3';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import type { AppEventStore } from '../event-store/event-store.module';
import { MatchCommandService } from '../matches/match-command.service';
import { playBotCommands } from '../testing/bot-commands';
import { appendFinishedGuandan, TEST_EVENT_METADATA } from '../testing/finished-guandan';
import { newMatchRequest } from '../testing/match-client';
import { TEST_TOKENS, TEST_TOKENS_SPEC } from '../testing/staff-tokens';
import { restartTestServer, startTestServer, type TestServer } from '../testing/test-server';
import { MAX_BROADCAST_DELAY_MS } from './broadcast-delay.service';
import { DISCLOSURES_FILE_NAME, DisclosureStore } from './disclosure-store';
import { FeedProducer } from './feed-producer.service';
import { FeedSocket } from './testing/feed-socket';

/**
 * The feed producer boots from the stream heads: it rebuilds the feeds of the matches still played
 * (read by stream) and only notes the finished ones whose broadcast has all gone out; a finished
 * match's feed is built when a reader asks for it, and records nothing. One finished match's old
 * events are corrupted on purpose before the restart: a producer that replayed the log from its
 * start would fail there and hold every feed back.
 */
const LIVE = 'gd_feeds_boot_live';
const UNREADABLE = 'gd_feeds_boot_unreadable';
const FINISHED = 'gd_feeds_boot_finished';
// The producer's boot is read off the producer object (which feeds it holds, what it read): the
// main thread's, even when the runner sets FEEDS_THREAD=worker (the thread runs the same class, its
// frames checked byte for byte against it in feeds-thread.int).
const ENV = { TABLECAST_TOKENS: TEST_TOKENS_SPEC, BROADCAST_DELAY_MS: '1000', FEEDS_THREAD: 'main' };
const WAIT = { timeout: 30_000, interval: 50 };
// A first run whose broadcast cannot reach a match's end before the stop, however slow the machine
// (a 1 s delay ran out under load before the close, and the broadcast released the end): the
// restart (ENV, 1 s) then finds the end overdue.
const HELD_BACK_ENV = { ...ENV, BROADCAST_DELAY_MS: String(MAX_BROADCAST_DELAY_MS) };

const servers: TestServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.stop();
});

const storeOf = (server: TestServer): AppEventStore => server.app.get<AppEventStore>(EVENT_STORE);

/** A whole Guandan match appended to the log; its end's revision. */
const appendFinished = (server: TestServer, matchId: string): Promise<number> =>
  appendFinishedGuandan(storeOf(server), matchId);

async function get(server: TestServer, path: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${server.url}${path}`, {
    headers: { authorization: `Bearer ${TEST_TOKENS.arbiter}` },
  });
  return { status: response.status, body: await response.json() };
}

interface LedgerBody {
  entries: { audience: string; seq: number; revision: number | null; eventType: string }[];
}

/** The first deal of a finished match, once the broadcast has released it all (its last revision). */
async function releasedToTheEnd(server: TestServer, matchId: string, last: number): Promise<unknown> {
  await vi.waitFor(async () => {
    const ledger = await get(server, `/api/matches/${matchId}/disclosures?audience=broadcast`);
    expect((ledger.body as LedgerBody).entries.map((entry) => entry.revision)).toContain(last);
  }, WAIT);
  const deal = await get(server, `/api/watch/matches/${matchId}/deals/1`);
  expect(deal.status).toBe(200);
  expect((deal.body as ReleasedDealResponse).events.length).toBeGreaterThan(10);
  return deal.body;
}

/** Every event of the match but its last (its end) made unreadable in the log file. */
function corruptAllButLast(dataDir: string, stream: string): number {
  const db = new Database(join(dataDir, SQLITE_FILE_NAME));
  try {
    return db
      .prepare(
        `UPDATE events SET envelope = 'corrupted on purpose', type_id = 999999
         WHERE stream_id = (SELECT id FROM streams WHERE name = ?)
           AND revision < (SELECT max(revision) FROM events WHERE stream_id = (SELECT id FROM streams WHERE name = ?))`,
      )
      .run(stream, stream).changes;
  } finally {
    db.close();
  }
}

/** Rows the ledger holds for a match in a stopped server's disclosures file: entries and frames. */
function ledgerRows(dataDir: string, matchId: string): { entries: number; frames: number } {
  const db = new Database(join(dataDir, DISCLOSURES_FILE_NAME), { readonly: true });
  try {
    const count = (table: string): number =>
      (db.prepare(`SELECT count(*) AS n FROM ${table} WHERE match_id = ?`).get(matchId) as { n: number }).n;
    return { entries: count('disclosures'), frames: count('feed_frames') };
  } finally {
    db.close();
  }
}

async function restart(stopped: TestServer): Promise<TestServer> {
  const next = await restartTestServer(stopped, ENV);
  servers.splice(servers.indexOf(stopped), 1, next);
  return next;
}

describe('feed producer boot from the stream heads', () => {
  it('TC-FEED-3 after a restart with a finished match unreadable: the live feed goes on with no seq gap, a finished feed is built only when read', async () => {
    const first = await startTestServer(ENV);
    servers.push(first);
    const unreadableEnd = await appendFinished(first, UNREADABLE);
    const finishedEnd = await appendFinished(first, FINISHED);
    const commands = first.app.get(MatchCommandService);
    await commands.create(newMatchRequest(LIVE, 't1', 2), BOT_PRINCIPAL);
    await playBotCommands(commands, LIVE, { seed: 'feeds-boot', count: 6, from: 0 });
    await releasedToTheEnd(first, UNREADABLE, unreadableEnd);
    const dealBefore = await releasedToTheEnd(first, FINISHED, finishedEnd);
    const ledgerBefore = await get(first, `/api/matches/${FINISHED}/disclosures`);
    await first.app.close();
    const venueSeq = ledgerRowsSeq(first.dataDir, LIVE) ?? 0;
    const rowsBefore = ledgerRows(first.dataDir, FINISHED);
    expect(corruptAllButLast(first.dataDir, matchStream(UNREADABLE))).toBeGreaterThan(10);

    // Every stream the restarted server reads by name while it boots.
    const reads = vi.spyOn(SqliteEventLog.prototype, 'readStream');
    const second = await restart(first);
    const producer = second.app.get(FeedProducer);
    expect(producer.failure).toBeUndefined();
    // Only the live match's feed was rebuilt at boot; the finished ones are known by id.
    expect(producer.feed(LIVE)).toBeDefined();
    expect(producer.feed(FINISHED)).toBeUndefined();
    expect(producer.feed(UNREADABLE)).toBeUndefined();
    // The boot read the live match and neither finished one: the log's live set and stream heads
    // told them apart, with no read of a finished match's last event.
    const read = reads.mock.calls.map(([stream]) => stream);
    reads.mockRestore();
    expect(read).toContain(matchStream(LIVE));
    expect(read).not.toContain(matchStream(FINISHED));
    expect(read).not.toContain(matchStream(UNREADABLE));
    expect(producer.matchIds()).toEqual(expect.arrayContaining([LIVE, FINISHED, UNREADABLE]));

    // The live match's venue feed resumes where it stopped and follows the next moves.
    const resumed = await FeedSocket.open(second);
    resumed.send({ type: 'subscribe', matchId: LIVE, audience: 'venue', lastSeq: venueSeq });
    await resumed.until((m) => m.type === 'subscribed');
    expect(resumed.messages.find((m) => m.type === 'subscribed')).toMatchObject({ resumed: true });
    await playBotCommands(second.app.get(MatchCommandService), LIVE, {
      seed: 'feeds-boot',
      count: 2,
      from: 6,
    });
    const last = (await storeOf(second).readStream(matchStream(LIVE))).length - 1;
    await resumed.until((m) => m.type === 'feed' && m.event?.revision === last);
    const seqs = resumed.frames().map((frame) => frame.seq);
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => venueSeq + 1 + i));
    await resumed.close();

    // The finished match's feed, built when asked: the same deal and the same ledger as before.
    const dealAfter = await get(second, `/api/watch/matches/${FINISHED}/deals/1`);
    expect(dealAfter).toEqual({ status: 200, body: dealBefore });
    expect(await get(second, `/api/matches/${FINISHED}/disclosures`)).toEqual(ledgerBefore);
    await second.app.close();
    expect(ledgerRows(second.dataDir, FINISHED)).toEqual(rowsBefore);
  }, 90_000);

  it('TC-FEED-2 a first boot whose ledger is gone records no frame of a finished match, and lists and serves it when read', async () => {
    const first = await startTestServer(ENV);
    servers.push(first);
    const end = await appendFinished(first, FINISHED);
    const dealBefore = await releasedToTheEnd(first, FINISHED, end);
    await first.app.close();
    for (const suffix of ['', '-wal', '-shm'])
      rmSync(join(first.dataDir, `${DISCLOSURES_FILE_NAME}${suffix}`), { force: true });

    const second = await restart(first);
    expect(second.app.get(FeedProducer).feed(FINISHED)).toBeUndefined();
    const listing = (await get(second, '/api/watch/matches')).body as WatchListing[];
    expect(listing.map((match) => [match.matchId, match.status])).toEqual([[FINISHED, 'ended']]);
    const dealAfter = await get(second, `/api/watch/matches/${FINISHED}/deals/1`);
    expect(dealAfter).toEqual({ status: 200, body: dealBefore });
    await second.app.close();
    expect(ledgerRows(second.dataDir, FINISHED)).toEqual({ entries: 0, frames: 0 });
  }, 90_000);

  it('TC-FEED-2 a first boot whose ledger is gone, of a finished match whose broadcast stream set a delay still running: its feed is rebuilt, its end not yet out', async () => {
    const first = await startTestServer(ENV);
    servers.push(first);
    await appendFinished(first, FINISHED);
    // Before the match was played: the delay change is the broadcast stream's first event.
    await storeOf(first).append(
      broadcastStream(FINISHED),
      [
        {
          type: 'BroadcastDelaySet',
          data: { delayMs: 3_600_000, previousDelayMs: 1_000 },
          metadata: TEST_EVENT_METADATA,
        },
      ],
      'no_stream',
    );
    await first.app.close();
    for (const suffix of ['', '-wal', '-shm'])
      rmSync(join(first.dataDir, `${DISCLOSURES_FILE_NAME}${suffix}`), { force: true });

    const second = await restart(first);
    const feed = second.app.get(FeedProducer).feed(FINISHED);
    expect(feed?.delayMs).toBe(3_600_000);
    const ledger = await get(second, `/api/matches/${FINISHED}/disclosures?audience=broadcast`);
    expect((ledger.body as LedgerBody).entries.every((entry) => entry.eventType !== 'MatchEnded')).toBe(true);
  }, 90_000);

  it('TC-FEED-2 a finished match whose broadcast had not reached its end at the stop: its feed is rebuilt at boot and the overdue end goes out', async () => {
    const first = await startTestServer(HELD_BACK_ENV);
    servers.push(first);
    const end = await appendFinished(first, FINISHED);
    const [ended] = await storeOf(first).readStream(matchStream(FINISHED), {
      direction: 'backwards',
      maxCount: 1,
    });
    // Stopped with the broadcast held back by the first run's delay: not at the end.
    await first.app.close();
    const endedAt = Date.parse(ended?.metadata.recordedAt ?? '');
    const before = ledgerBroadcastRevision(first.dataDir, FINISHED);
    expect(before).toBeLessThan(end);
    // Past the delay when the second server boots: by time alone, the match would look settled.
    await vi.waitFor(() => {
      expect(Date.now()).toBeGreaterThan(endedAt + 1_000);
    }, WAIT);

    const second = await restart(first);
    expect(second.app.get(FeedProducer).feed(FINISHED)).toBeDefined();
    await vi.waitFor(async () => {
      const ledger = await get(second, `/api/matches/${FINISHED}/disclosures?audience=broadcast`);
      expect((ledger.body as LedgerBody).entries.map((entry) => entry.revision)).toContain(end);
    }, WAIT);
  }, 90_000);

  it('TC-FEED-2 a finished match whose broadcast stopped one event short of its end: not settled, its feed is rebuilt and the end goes out', async () => {
    const first = await startTestServer(HELD_BACK_ENV);
    servers.push(first);
    const end = await appendFinished(first, FINISHED);
    await first.app.close();
    expect(ledgerBroadcastRevision(first.dataDir, FINISHED)).toBeLessThan(end - 1);
    // The ledger as a server stopped mid-broadcast leaves it: its last broadcast frame the event
    // before the end, after a status frame or two (no revision).
    const ledger = new DisclosureStore(first.dataDir);
    try {
      const seq = ledgerMaxSeq(first.dataDir, FINISHED, 'broadcast');
      ledger.forMatch(FINISHED).record({
        audience: 'broadcast',
        seq: seq + 1,
        eventType: 'CardsPlayed',
        revision: end - 1,
        position: null,
        recordedAt: null,
        releasedAt: Date.now(),
        viewRevision: end - 1,
        status: 'live',
      });
    } finally {
      ledger.close();
    }

    const second = await restart(first);
    expect(second.app.get(FeedProducer).feed(FINISHED)).toBeDefined();
    await vi.waitFor(async () => {
      const body = (await get(second, `/api/matches/${FINISHED}/disclosures?audience=broadcast`)).body;
      expect((body as LedgerBody).entries.map((entry) => entry.revision)).toContain(end);
    }, WAIT);
  }, 90_000);

  it('TC-FEED-1 a delay change on a finished match known only by id: its feed is rebuilt from its stream and follows the change, its seqs continuing the ledger', async () => {
    const first = await startTestServer(ENV);
    servers.push(first);
    const end = await appendFinished(first, FINISHED);
    await releasedToTheEnd(first, FINISHED, end);
    await first.app.close();
    const rowsBefore = ledgerRows(first.dataDir, FINISHED);

    const second = await restart(first);
    const producer = second.app.get(FeedProducer);
    expect(producer.feed(FINISHED)).toBeUndefined();
    const changed = await fetch(`${second.url}/api/matches/${FINISHED}/broadcast-delay`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${TEST_TOKENS.producer}`, 'content-type': 'application/json' },
      body: JSON.stringify({ delayMs: 5000, revision: -1 }),
    });
    expect(changed.status).toBe(200);
    await vi.waitFor(() => {
      expect(producer.feed(FINISHED)?.delayMs).toBe(5000);
    }, WAIT);
    expect(producer.delayOf(FINISHED)).toBe(5000);
    await second.app.close();
    // Each audience's seqs run on from the first run's, none repeated: 1..n in one sequence.
    const db = new Database(join(second.dataDir, DISCLOSURES_FILE_NAME), { readonly: true });
    try {
      const rows = db
        .prepare('SELECT audience, seq FROM disclosures WHERE match_id = ? ORDER BY audience, seq')
        .all(FINISHED) as { audience: string; seq: number }[];
      expect(rows.length).toBeGreaterThan(rowsBefore.entries);
      for (const audience of ['staff', 'venue', 'broadcast', 'commentary']) {
        const seqs = rows.filter((row) => row.audience === audience).map((row) => row.seq);
        expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
      }
    } finally {
      db.close();
    }
  }, 90_000);
});

/** The last venue seq a stopped server's ledger holds for a match. */
function ledgerRowsSeq(dataDir: string, matchId: string): number | undefined {
  const db = new Database(join(dataDir, DISCLOSURES_FILE_NAME), { readonly: true });
  try {
    const row = db
      .prepare(`SELECT max(seq) AS seq FROM disclosures WHERE match_id = ? AND audience = 'venue'`)
      .get(matchId) as { seq: number | null };
    return row.seq ?? undefined;
  } finally {
    db.close();
  }
}

/** The last event revision a stopped server's ledger released to the broadcast audience (-1: none). */
function ledgerBroadcastRevision(dataDir: string, matchId: string): number {
  const db = new Database(join(dataDir, DISCLOSURES_FILE_NAME), { readonly: true });
  try {
    const row = db
      .prepare(
        `SELECT max(revision) AS revision FROM disclosures WHERE match_id = ? AND audience = 'broadcast'`,
      )
      .get(matchId) as { revision: number | null };
    return row.revision ?? -1;
  } finally {
    db.close();
  }
}

/** The highest seq a stopped server's ledger holds for a match's audience (0: none). */
function ledgerMaxSeq(dataDir: string, matchId: string, audience: string): number {
  const db = new Database(join(dataDir, DISCLOSURES_FILE_NAME), { readonly: true });
  try {
    const row = db
      .prepare('SELECT max(seq) AS seq FROM disclosures WHERE match_id = ? AND audience = ?')
      .get(matchId, audience) as { seq: number | null };
    return row.seq ?? 0;
  } finally {
    db.close();
  }
}
