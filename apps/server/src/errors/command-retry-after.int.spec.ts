import { LogUnavailableError, SqliteEventLog } from '@tablecast/event-store';
import type { ServerMessage } from '@tablecast/protocol';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FeedSocket } from '../broadcast/testing/feed-socket';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import type { AppEventStore } from '../event-store/event-store.module';
import { SeatSocket } from '../play/seat-socket.testing';
import { MatchClient, newDoudizhuMatchRequest } from '../testing/match-client';
import { TEST_TOKENS, TEST_TOKENS_SPEC } from '../testing/staff-tokens';
import { startTestServer, type TestServer } from '../testing/test-server';

/**
 * A command refused over a websocket for a temporary reason (the event log busy or unreachable,
 * 503) says when to send it again, as the HTTP answer's `Retry-After` does: `retryAfterSeconds` on
 * the `commandResult`, the same number of seconds. A refusal that waiting does not change has none.
 */
describe('a websocket command refused with 503 carries retryAfterSeconds', () => {
  let server: TestServer | undefined;
  let blocker: Database.Database | undefined;
  const sockets: { close(): unknown }[] = [];
  afterEach(async () => {
    for (const socket of sockets.splice(0)) await socket.close();
    blocker?.close();
    blocker = undefined;
    await server?.stop();
  });

  /** A test server with one Doudizhu match (dealt if asked), its log's wait for the write lock shortened. */
  async function startMatch(
    matchId: string,
    deal: boolean,
  ): Promise<{ url: string; log: SqliteEventLog; revision: number }> {
    const started = await startTestServer({ TABLECAST_TOKENS: TEST_TOKENS_SPEC });
    server = started;
    const operator = new MatchClient(started.url, TEST_TOKENS.operatorT1);
    const created = await operator.request<{ revision: number }>(
      'POST',
      '/api/matches',
      newDoudizhuMatchRequest(matchId),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const log = started.app.get<AppEventStore>(EVENT_STORE).log;
    if (!(log instanceof SqliteEventLog)) throw new Error('the test server runs on the SQLite log');
    // The server's wait for the lock, shortened so the test does not sit out the 10 s default.
    log.setBusyTimeout(100);
    if (!deal) return { url: started.url, log, revision: created.body.revision };
    const dealt = await operator.request<{ revision: number }>('POST', `/api/matches/${matchId}/commands`, {
      game: 'doudizhu',
      revision: created.body.revision,
      idempotencyKey: `${matchId}-deal`,
      command: { type: 'DealBoard', board: 1, seed: `${matchId}-seed` },
    });
    expect(dealt.status, JSON.stringify(dealt.body)).toBe(200);
    return { url: started.url, log, revision: dealt.body.revision };
  }

  /** Another process's connection holding the log's write lock (a long transaction on the shared log). */
  function holdWriteLock(log: SqliteEventLog): Database.Database {
    blocker = new Database(log.file);
    blocker.exec('BEGIN IMMEDIATE');
    return blocker;
  }

  it('the staff socket (/ws): logBusy with retryAfterSeconds 1, logUnavailable with the store’s own 2, a stale revision with none; the same command sent again is accepted', async () => {
    const { url, log, revision } = await startMatch('retry_ws_1', false);
    const socket = await FeedSocket.open({ url });
    sockets.push(socket);
    socket.send({ type: 'authenticate', token: TEST_TOKENS.operatorT1 });
    await socket.until((m) => m.type === 'authenticated');
    const command = async (requestId: string, idempotencyKey = 'retry-ws-deal-1'): Promise<ServerMessage> => {
      socket.send({
        type: 'command',
        requestId,
        matchId: 'retry_ws_1',
        request: {
          game: 'doudizhu',
          revision,
          idempotencyKey,
          command: { type: 'DealBoard', board: 1, seed: 'retry-ws-seed' },
        },
      });
      return socket.until((m) => m.type === 'commandResult' && m.requestId === requestId);
    };

    const lock = holdWriteLock(log);
    expect(await command('busy-1')).toMatchObject({
      type: 'commandResult',
      ok: false,
      error: { statusCode: 503, code: 'logBusy' },
      retryAfterSeconds: 1,
    });
    lock.exec('ROLLBACK');

    // The error the KurrentDB log throws for a refused connection, with its own Retry-After.
    vi.spyOn(log, 'append').mockRejectedValueOnce(
      new LogUnavailableError('KurrentDB test', 'unavailable', 2),
    );
    expect(await command('unavailable-1')).toMatchObject({
      ok: false,
      error: { statusCode: 503, code: 'logUnavailable' },
      retryAfterSeconds: 2,
    });

    const accepted = await command('again-1');
    expect(accepted).toMatchObject({ ok: true });
    expect(accepted).not.toHaveProperty('retryAfterSeconds');
    // A refusal that waiting does not change (the deal at a revision now stale, under another key)
    // says no time to retry.
    const stale = await command('stale-1', 'retry-ws-deal-2');
    expect(stale).toMatchObject({ ok: false, error: { statusCode: 409 } });
    expect(stale).not.toHaveProperty('retryAfterSeconds');
  });

  it('the player terminal’s socket (/ws/play): a bid refused by the busy log carries retryAfterSeconds 1; sent again once the lock is let go, it is accepted', async () => {
    const { url, log } = await startMatch('retry_play_1', true);
    const operator = new MatchClient(url, TEST_TOKENS.operatorT1);
    const issued = await operator.request<{ seats: { seat: string; token: string }[] }>(
      'POST',
      '/api/matches/retry_play_1/seat-tokens',
    );
    expect(issued.status).toBe(201);
    // The seat to bid first, as its own view says.
    const joined: { socket: SeatSocket; seat: string }[] = [];
    for (const { seat, token } of issued.body.seats) {
      const socket = await SeatSocket.open(url);
      sockets.push(socket);
      socket.send({ type: 'join', token });
      joined.push({ socket, seat });
    }
    const bidder = await vi.waitFor(() => {
      const found = joined
        .map(({ socket, seat }) => ({
          socket,
          seat,
          view: socket.frames.findLast((f) => f.frame.type === 'view'),
        }))
        .find(({ view }) => (view?.frame.choices as { kind?: string } | null)?.kind === 'bid');
      if (!found?.view) throw new Error('no seat is asked to bid yet');
      const choices = found.view.frame.choices as { bids: readonly unknown[] };
      return { ...found, revision: found.view.frame.revision as number, bid: choices.bids[0] };
    });
    const bid = (requestId: string): void => {
      bidder.socket.send({
        type: 'command',
        requestId,
        request: {
          game: 'doudizhu',
          revision: bidder.revision,
          idempotencyKey: 'retry-play-bid-1',
          command: { type: 'Bid', seat: Number(bidder.seat), bid: bidder.bid },
        },
      });
    };
    const result = (requestId: string) =>
      vi.waitFor(() => {
        const found = bidder.socket.frames.find(
          (f) => f.frame.type === 'commandResult' && f.frame.requestId === requestId,
        );
        if (!found) throw new Error(`no commandResult for ${requestId} yet`);
        return found.frame;
      });

    const lock = holdWriteLock(log);
    bid('bid-busy');
    expect(await result('bid-busy')).toMatchObject({
      ok: false,
      error: { statusCode: 503, code: 'logBusy' },
      retryAfterSeconds: 1,
    });
    lock.exec('ROLLBACK');

    bid('bid-again');
    const accepted = await result('bid-again');
    expect(accepted, JSON.stringify(accepted)).toMatchObject({ ok: true });
    expect(accepted).not.toHaveProperty('retryAfterSeconds');
  });
});
