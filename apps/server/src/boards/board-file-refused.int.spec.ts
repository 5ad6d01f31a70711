import { matchStream } from '@tablecast/events';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import type { AppEventStore } from '../event-store/event-store.module';
import { MatchClient } from '../testing/match-client';
import { TEST_TOKENS, TEST_TOKENS_SPEC } from '../testing/staff-tokens';
import { startTestServer, type TestServer } from '../testing/test-server';
import type { BoardSetCreated } from './board-requests';
import { BOARD_SETS_FILE_NAME, type BoardSetStore } from './board-set-store';
import type { BoardDealt } from './board-sets.service';
import { BOARD_SET_STORE } from './boards.tokens';
import { createDdzMatch } from './testing/ddz-http';

/**
 * A deal written to the match's log whose record in the board file fails (DDZ-GEN-1): the board
 * file and its WAL made immutable under the running server (root writes through a read-only mode;
 * not through the immutable flag), so its next write is a real disk error. The request is a 503
 * with Retry-After naming the deal written and the file's refusal; the log keeps the deal, the file
 * no part of its record; the same request sent once the file is writable again records the deal
 * and answers it, with the board dealt once.
 */
const MATCH = 'board_file_t1';
const ENV = { TABLECAST_TOKENS: TEST_TOKENS_SPEC };

const servers: TestServer[] = [];
const frozen: string[] = [];
afterEach(async () => {
  thaw();
  for (const server of servers.splice(0)) await server.stop();
});

/** The immutable flag set on the board file and its WAL (the files a write goes to). */
function freeze(dataDir: string): void {
  const files = ['', '-wal'].map((suffix) => join(dataDir, `${BOARD_SETS_FILE_NAME}${suffix}`));
  execFileSync('chattr', ['+i', ...files]);
  frozen.push(...files);
}

function thaw(): void {
  if (frozen.length > 0) execFileSync('chattr', ['-i', ...frozen.splice(0)]);
}

async function deal(server: TestServer, boardId: string, revision: number): Promise<Response> {
  return fetch(`${server.url}/api/boards/${boardId}/deal`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TEST_TOKENS.referee}`, 'content-type': 'application/json' },
    body: JSON.stringify({ matchId: MATCH, revision }),
  });
}

/** The match's BoardStarted events: one per deal of a board. */
async function boardStarts(server: TestServer): Promise<number> {
  const log = await server.app.get<AppEventStore>(EVENT_STORE).readStream(matchStream(MATCH));
  return log.filter((e) => (e.type as string) === 'doudizhu.BoardStarted').length;
}

describe('a deal whose record the board file refuses (real server, real SQLite, a real disk error)', () => {
  it('DDZ-GEN-1: 503 with Retry-After naming the deal and the file; the deal stays in the log, the file holds no part of it; the request sent again records it and answers the deal, dealt once', async () => {
    const server = await startTestServer(ENV);
    servers.push(server);
    const referee = new MatchClient(server.url, TEST_TOKENS.referee);
    await createDdzMatch(referee, MATCH, 't1');
    const created = await referee.request<BoardSetCreated>('POST', '/api/boards', {
      game: 'doudizhu',
      boards: 1,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const board = created.body.boards[0];
    if (board === undefined) throw new Error('no board');
    const sets = server.app.get<BoardSetStore>(BOARD_SET_STORE);

    freeze(server.dataDir);
    const refused = await deal(server, board.id, 0);
    const body = (await refused.json()) as { statusCode: number; code?: string; message: string };
    expect(refused.status, JSON.stringify(body)).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(body.code).toBe('boardFileUnavailable');
    expect(body.message).toContain(`board ${board.id}: its deal at match ${MATCH} is written`);
    expect(body.message).toContain('SQLITE_IOERR');
    // No accepted event lost, no half-written board: the log has the deal, the file no table.
    expect(await boardStarts(server)).toBe(1);
    expect(sets.board(board.id)?.tables).toEqual([]);

    thaw();
    const retried = await deal(server, board.id, 0);
    const answer = (await retried.json()) as BoardDealt;
    expect(retried.status, JSON.stringify(answer)).toBe(200);
    const log = await server.app.get<AppEventStore>(EVENT_STORE).readStream(matchStream(MATCH));
    expect(answer).toEqual({
      board: board.id,
      matchId: MATCH,
      revision: log.length - 1,
      commitment: board.commitment,
    });
    expect(await boardStarts(server)).toBe(1);
    expect(sets.board(board.id)?.tables.map((t) => [t.matchId, t.table])).toEqual([[MATCH, 't1']]);
    // Sent a third time, the same request is answered the same: the deal it wrote.
    const again = await deal(server, board.id, 0);
    expect({ status: again.status, body: await again.json() }).toEqual({ status: 200, body: answer });
    expect(await boardStarts(server)).toBe(1);
  }, 60_000);
});
