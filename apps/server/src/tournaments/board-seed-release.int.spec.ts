import { createHash } from 'node:crypto';
import { tournamentStream } from '@tablecast/events';
import { describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { duplicateOfGame } from '../boards/board-games';
import type { BoardSetStore } from '../boards/board-set-store';
import { BOARD_SET_STORE } from '../boards/boards.tokens';
import { deriveRoundBoards } from '../boards/round-board-seeds';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import type { AppEventStore } from '../event-store/event-store.module';
import { TEST_TOKENS, TEST_TOKENS_SPEC } from '../testing/staff-tokens';
import { runTablecastCli, type CliRun } from '../testing/tablecast-cli';
import { startTestServer, type TestServer } from '../testing/test-server';
import { apiCall } from './testing/api-call';
import { playDuplicateRound, startDuplicateRound } from './testing/played-duplicate-round';

const call = apiCall('/api');
const ID = 'ddzAudit';
const SET = `${ID}.r1.g1`;
const SEED_PATH = `/events/${ID}/board-sets/${SET}/seed`;

/** `tablecast tournament board-seed` against the server, as anyone runs it (no token). */
const boardSeedCli = (url: string): Promise<CliRun> =>
  runTablecastCli(['tournament', 'board-seed', ID, SET, '--url', url], process.env);

/** What the tournament feed sends a new watcher of the event first, as text. */
async function feedSnapshot(url: string): Promise<string> {
  const socket = new WebSocket(`${url.replace('http', 'ws')}/ws/tournament`);
  try {
    return await new Promise<string>((resolve, reject) => {
      socket.on('message', (data: Buffer) => {
        const text = data.toString('utf8');
        if ((JSON.parse(text) as { type: string }).type === 'tournament') resolve(text);
      });
      socket.once('error', reject);
      socket.once('open', () => {
        socket.send(JSON.stringify({ type: 'watchTournament', tournamentId: ID }));
      });
    });
  } finally {
    socket.close();
  }
}

/** The seed endpoint as anyone calls it: no token at all. */
const anonymousSeed = async (server: TestServer): Promise<{ status: number; json: unknown }> => {
  const response = await fetch(`${server.url}/api${SEED_PATH}`);
  return { status: response.status, json: await response.json() };
};

const tournamentEvents = async (server: TestServer, type: string) =>
  (await server.app.get<AppEventStore>(EVENT_STORE).readStream(tournamentStream(ID))).filter(
    (e) => e.type === type,
  );

describe('a round board set’s seed, released for audit once the set is played (TRN-MP-1)', () => {
  it('TRN-MP-1: the seed is served to no one (404, the arbiter too) and is on no public read while a table plays; once every table has its result it is released on the stream and served publicly, and the boards derived from it match every commitment recorded before play', async () => {
    const server = await startTestServer({ TABLECAST_TOKENS: TEST_TOKENS_SPEC });
    try {
      const tables = await startDuplicateRound(server, ID);
      const seed = server.app.get<BoardSetStore>(BOARD_SET_STORE).setSeed(SET) ?? '';
      expect(seed).not.toBe('');

      // Before the set is played: refused to everyone, and nowhere public.
      expect((await anonymousSeed(server)).status).toBe(404);
      expect((await call(server, 'GET', SEED_PATH, undefined, TEST_TOKENS.arbiter)).status).toBe(404);
      expect(await feedSnapshot(server.url)).not.toContain(seed);
      expect(JSON.stringify((await call(server, 'GET', `/tournaments/${ID}`)).json)).not.toContain(seed);
      expect(await tournamentEvents(server, 'RoundBoardSeedReleased')).toEqual([]);
      const early = await boardSeedCli(server.url);
      expect([early.code, early.stdout]).toEqual([3, '']);
      expect(early.stderr).toContain('404');

      await playDuplicateRound(server, ID, tables);

      // Played at every table: released once, on the stream (by the last result, nobody asking),
      // and served to anyone.
      await vi.waitFor(
        async () => {
          expect(await tournamentEvents(server, 'RoundBoardSeedReleased')).toHaveLength(1);
        },
        { timeout: 20_000, interval: 100 },
      );
      let released: { seed: string; seedCommitment: string; boards: { id: string; commitment: string }[] } = {
        seed: '',
        seedCommitment: '',
        boards: [],
      };
      await vi.waitFor(
        async () => {
          const answer = await anonymousSeed(server);
          expect(answer.status).toBe(200);
          released = answer.json as typeof released;
        },
        { timeout: 20_000, interval: 100 },
      );
      expect(released.seed).toBe(seed);
      const fetched = await boardSeedCli(server.url);
      expect(fetched.code).toBe(0);
      expect(JSON.parse(fetched.stdout)).toEqual(released);
      const streamed = await tournamentEvents(server, 'RoundBoardSeedReleased');
      // In the same write as the result that completed the set: no reader sees the one without the other.
      const lastResult = (await tournamentEvents(server, 'TableResultRecorded')).at(-1);
      expect(streamed[0]?.metadata.correlationId).toBe(lastResult?.metadata.correlationId);
      expect(streamed[0]?.revision).toBe((lastResult?.revision ?? 0) + 1);
      expect(streamed.map((e) => e.data)).toEqual([
        { round: 1, set: SET, seed, releasedAt: expect.any(String) as string },
      ]);
      expect(await feedSnapshot(server.url)).toBeDefined();

      // The audit, from what was public before play and the released seed alone: the seed is the
      // one committed to, and every board derived from it has the commitment the stream recorded.
      const [created] = await tournamentEvents(server, 'RoundBoardSetCreated');
      const recorded = created?.data as unknown as {
        seedCommitment: string;
        boards: { id: string; number: number; commitment: string }[];
      };
      expect(createHash('sha256').update(released.seed, 'utf8').digest('hex')).toBe(recorded.seedCommitment);
      const derived = deriveRoundBoards(duplicateOfGame('doudizhu'), {
        set: SET,
        game: 'doudizhu',
        boards: recorded.boards.length,
        seed: released.seed,
        declared: [],
      });
      expect(derived.map((b) => ({ id: b.id, number: b.number, commitment: b.commitment }))).toEqual(
        recorded.boards,
      );
      // …and every table's log committed to those boards (the tables' DeckCommitted, revealed).
      for (const board of recorded.boards) {
        const verified = (
          await call(server, 'GET', `/boards/${board.id}/verify`, undefined, TEST_TOKENS.referee)
        ).json as { verified: boolean; commitment: string };
        expect([verified.verified, verified.commitment]).toEqual([true, board.commitment]);
      }
    } finally {
      await server.stop();
    }
  }, 300_000);
});
