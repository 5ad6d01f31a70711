import { ddzCga2017 } from '@tablecast/doudizhu';
import {
  positionToString,
  SQLITE_FILE_NAME,
  type Position,
  type RecordedEvent,
} from '@tablecast/event-store';
import { matchStream, type TablecastEvent } from '@tablecast/events';
import type { CommandAccepted } from '@tablecast/protocol';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { boardRevealsCheckpoint } from '../boards/board-reveals.service';
import { BoardSetStore } from '../boards/board-set-store';
import { finishedGuandan, TEST_EVENT_METADATA } from '../testing/finished-guandan';
import { MatchClient } from '../testing/match-client';
import { TEST_TOKENS, TEST_TOKENS_SPEC } from '../testing/staff-tokens';
import { restartTestServer, startTestServer, type TestServer } from '../testing/test-server';
import { TournamentResultReactor } from '../tournaments/result-reactor';
import { TurnClockService } from '../turn-clock/turn-clock.service';
import { EVENT_STORE } from './event-store.tokens';
import type { AppEventStore } from './event-store.module';
import { openEmbeddedEventStore } from './open-event-store';
import { readLiveMatches } from './live-matches';

/**
 * A server booted on a log with checkpoints reads only what its followers still need: the events
 * after their checkpoints and the streams of the matches still being played. A finished match's
 * old events are corrupted on purpose before the restart, so any follower that read them (a
 * catch-up from the log's start) would fail there and never reach the live match behind them.
 */
const LIVE = 'ddz_boot_live';
const FINISHED = 'gd_boot_finished';
const WAIT = { timeout: 30_000, interval: 50 };
const ENV = { TABLECAST_TOKENS: TEST_TOKENS_SPEC };

const servers: TestServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.stop();
});

const storeOf = (server: TestServer): AppEventStore => server.app.get<AppEventStore>(EVENT_STORE);

async function appendFinished(store: AppEventStore): Promise<void> {
  const events = finishedGuandan('boot-from-checkpoints').map((event) => ({
    ...event,
    metadata: TEST_EVENT_METADATA,
  }));
  await store.append(matchStream(FINISHED), events, 'no_stream');
}

/** A Dou Dizhu match whose bidding clock (4 s) is running: the revision after its first deal. */
async function liveMatch(client: MatchClient): Promise<void> {
  const created = await client.request('POST', '/api/matches', {
    game: 'doudizhu',
    matchId: LIVE,
    table: 't1',
    ruleset: { ...ddzCga2017, bidSeconds: 4 },
    players: [
      { id: 'p0', name: '赵一', seat: 0 },
      { id: 'p1', name: '钱二', seat: 1 },
      { id: 'p2', name: '孙三', seat: 2 },
    ],
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const dealt = await client.request<CommandAccepted>('POST', `/api/matches/${LIVE}/commands`, {
    game: 'doudizhu',
    revision: 0,
    idempotencyKey: 'boot-deal-1',
    command: { type: 'DealBoard', board: 1, seed: 'boot-board-1' },
  });
  expect(dealt.status, JSON.stringify(dealt.body)).toBe(200);
}

/**
 * Every event of the finished match but its last (its end) made unreadable in the file: an
 * envelope that is no JSON and a type the log has no name for.
 */
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

/** The board reveals' checkpoint in a stopped server's log: the one of the board file beside it. */
async function checkpointIn(dataDir: string): Promise<Position | undefined> {
  const boards = new BoardSetStore(dataDir);
  const name = boardRevealsCheckpoint(boards.followerId);
  boards.shutdown();
  const store = openEmbeddedEventStore(dataDir);
  try {
    return await store.getCheckpoint(name);
  } finally {
    await store.close();
  }
}

async function lastEvent(store: AppEventStore): Promise<RecordedEvent<TablecastEvent>> {
  const [last] = await store.readStream(matchStream(LIVE), { direction: 'backwards', maxCount: 1 });
  if (last === undefined) throw new Error('the live match has no event');
  return last;
}

describe('boot from checkpoints: a restart reads no event of a finished match', () => {
  it('DDZ-BID-6 after a restart whose log has a finished match unreadable: the live clock runs out, and every follower resumes after its checkpoint', async () => {
    const first = await startTestServer(ENV);
    servers.push(first);
    await appendFinished(storeOf(first));
    await liveMatch(new MatchClient(first.url, TEST_TOKENS.operatorT1));
    const before = await lastEvent(storeOf(first));
    const live = await readLiveMatches(storeOf(first));
    expect(live?.matchIds).toEqual([LIVE]);
    await first.app.close();
    // What the first server's followers wrote down at their stop: the last event they had seen.
    expect(await checkpointIn(first.dataDir)).toEqual(before.position);

    expect(corruptAllButLast(first.dataDir, matchStream(FINISHED))).toBeGreaterThan(10);
    const second = await restartTestServer(first, ENV);
    servers.splice(servers.indexOf(first), 1, second);
    const store = storeOf(second);
    // The result reactor resumed where the first server stopped, not at the log's start.
    expect(second.app.get(TournamentResultReactor).resumedFrom).toBe(positionToString(before.position));

    // The turn clock re-armed from the live match's stream alone and sent the default bid.
    const bid = await vi.waitFor(async () => {
      const last = await lastEvent(store);
      if ((last.type as string) !== 'doudizhu.BidMade') throw new Error('no bid yet');
      return last;
    }, WAIT);
    expect(bid.data).toMatchObject({ seat: 0, bid: 'pass', timedOut: true });
    expect(bid.revision).toBe(before.revision + 1);
    // It looked at the live match's first event (read by stream) and at the bid, nothing else.
    await vi.waitFor(() => {
      expect(second.app.get(TurnClockService).eventsNoticed).toBe(2);
    }, WAIT);

    // The followers went on from their checkpoints past nothing but the bid: at the next stop
    // each has written it down exactly (no event missed, the corrupted ones never reached).
    await second.app.close();
    expect(await checkpointIn(second.dataDir)).toEqual(bid.position);
    const reopened = await restartTestServer(second, ENV);
    servers.splice(servers.indexOf(second), 1, reopened);
    expect(reopened.app.get(TournamentResultReactor).resumedFrom).toBe(positionToString(bid.position));
  });
});
