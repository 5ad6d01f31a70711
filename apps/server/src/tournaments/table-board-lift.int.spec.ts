import { matchStream, type NewEvent, type TablecastEvent } from '@tablecast/events';
import { describe, expect, it, vi } from 'vitest';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import type { AppEventStore } from '../event-store/event-store.module';
import { failAppends, logBusyError } from '../testing/failing-appends';
import { TEST_TOKENS, TEST_TOKENS_SPEC } from '../testing/staff-tokens';
import { startTestServer, type TestServer } from '../testing/test-server';
import { apiCall, apiOk } from './testing/api-call';
import { startDuplicateRound } from './testing/played-duplicate-round';

const call = apiCall('/api');
const ok = apiOk('/api');
const ID = 'ddzLift';

/** A table's own DealBoard of its set's board, under the operator's idempotency key (TRN-MP-1). */
const dealBoard = (server: TestServer, matchId: string, board: number, revision: number) =>
  call(
    server,
    'POST',
    `/matches/${matchId}/commands`,
    {
      game: 'doudizhu',
      revision,
      idempotencyKey: `deal-${matchId}-${String(board)}`,
      command: { type: 'DealBoard', board },
    },
    TEST_TOKENS.referee,
  );

const revisionOf = async (server: TestServer, matchId: string): Promise<number> =>
  ((await ok(server, 'GET', `/matches/${matchId}/state`)) as { revision: number }).revision;

const storeOf = (server: TestServer): AppEventStore => server.app.get<AppEventStore>(EVENT_STORE);

const lifting = (_stream: string, events: readonly NewEvent<TablecastEvent>[]): boolean =>
  events.some((e) => (e.type as string) === 'doudizhu.BoardHoldLifted');

const ofType = async (server: TestServer, matchId: string, type: string): Promise<unknown[]> =>
  (await storeOf(server).readStream(matchStream(matchId)))
    .filter((e) => (e.type as string) === `doudizhu.${type}`)
    .map((e) => e.data as unknown);

describe('a round table’s DealBoard is answered with its deal whatever the hold lift after it meets (TRN-MP-1, DEC-DDZ-5)', () => {
  it('TRN-MP-1, DEC-DDZ-5: the last table’s DealBoard is answered 200 though the lift of both tables’ holds met a busy log; the lift is tried again until both have it', async () => {
    const server = await startTestServer({ TABLECAST_TOKENS: TEST_TOKENS_SPEC });
    try {
      const [t1, t2] = (await startDuplicateRound(server, ID, 1)).map((t) => t.matchId) as [string, string];
      const first = await dealBoard(server, t1, 1, await revisionOf(server, t1));
      expect(first.status, JSON.stringify(first.json)).toBe(200);
      const refused = failAppends(storeOf(server), { count: 3, error: logBusyError, matches: lifting });

      const revision = await revisionOf(server, t2);
      const last = await dealBoard(server, t2, 1, revision);
      expect(last.status, JSON.stringify(last.json)).toBe(200);
      const [started] = (await ofType(server, t2, 'BoardStarted')) as { startedAt: number }[];
      if (started === undefined) throw new Error('t2 was not dealt');
      await vi.waitFor(
        async () => {
          for (const matchId of [t1, t2])
            expect(await ofType(server, matchId, 'BoardHoldLifted'), matchId).toEqual([
              { board: 1, at: started.startedAt, reason: 'dealtEverywhere' },
            ]);
        },
        { timeout: 30_000, interval: 50 },
      );
      expect(refused.failed).toBe(3);
      // The operator's terminal resends the DealBoard it sent: the deal's answer again, no second deal.
      const again = await dealBoard(server, t2, 1, revision);
      expect(again.status, JSON.stringify(again.json)).toBe(200);
      expect(again.json).toEqual({ ...(last.json as object), replayed: true });
      expect(await ofType(server, t2, 'BoardStarted')).toHaveLength(1);
    } finally {
      await server.stop();
    }
  }, 120_000);
});
