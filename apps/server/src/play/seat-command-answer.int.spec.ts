import { matchStream } from '@tablecast/events';
import { describe, expect, it, vi } from 'vitest';
import { MatchClient } from '../testing/match-client';
import { staffedServerForSuite } from '../testing/staffed-server';
import { dealtDoudizhuMatch, useSeatSockets } from './testing/seat-sockets';

interface Dealt {
  readonly redeal: number;
  readonly hands: Readonly<Record<string, readonly string[]>>;
  readonly kitty: readonly string[];
}

/**
 * A seat's answer to its own move names the events it wrote but carries none of their data: a
 * Dou Dizhu board bid out by three passes is dealt again inside the last pass's command
 * (DDZ-BID-5), and that deal holds every hand and the kitty. Over HTTP and over /ws/play.
 */
describe('a seat’s command answer (real server, SQLite, /ws/play)', () => {
  const suite = staffedServerForSuite();
  const seatSockets = useSeatSockets();

  it.each(['http', 'socket'] as const)(
    'over %s, the pass that redeals the board answers no card of the new deal',
    async (route) => {
      const matchId = `ddz_answer_${route}`;
      const stream = matchStream(matchId);
      const issued = await dealtDoudizhuMatch(suite, matchId);

      // Each seat passes in turn (the one whose turn it is is found by the rules' 422 to the others).
      let last: { seat: string; raw: string; revision: number } | undefined;
      for (let passes = 0; passes < 3;) {
        const revision = (await suite.store.readStream(stream)).length - 1;
        for (const { seat, token } of issued.seats) {
          const request = {
            game: 'doudizhu',
            revision,
            idempotencyKey: `${matchId}-pass-${String(passes)}`,
            command: { type: 'Bid', seat: Number(seat), bid: 'pass' },
          };
          const answer =
            route === 'socket' && passes === 2
              ? await overSocket(token, request)
              : await overHttp(token, matchId, request);
          if (answer.status === 422) continue;
          expect(answer.status, answer.raw).toBe(200);
          last = { seat, raw: answer.raw, revision };
          passes += 1;
          break;
        }
      }
      if (last === undefined) throw new Error('no pass answered');
      const log = await suite.store.readStream(stream);
      // Stored namespaced by the game (the catalog's type names the core events only).
      const redealt = log.find((e) => {
        const stored: string = e.type;
        return stored === 'doudizhu.CardsDealt' && (e.data as unknown as Dealt).redeal === 1;
      });
      if (redealt === undefined) throw new Error('the board was not dealt again');
      // The answer names what was written, through the redeal, without its data.
      expect(last.raw).toContain('"doudizhu.BoardPassedOut"');
      expect(last.raw).toContain('"doudizhu.CardsDealt"');
      const deal = redealt.data as unknown as Dealt;
      const answeredBy = last.seat;
      const hidden = [
        ...Object.entries(deal.hands).flatMap(([seat, cards]) => (seat === answeredBy ? [] : cards)),
        ...deal.kitty,
      ];
      expect(hidden.length).toBeGreaterThan(30);
      for (const card of hidden) expect(last.raw).not.toContain(`"${card}"`);
    },
  );

  async function overHttp(
    token: string,
    matchId: string,
    request: unknown,
  ): Promise<{ status: number; raw: string }> {
    const answer = await new MatchClient(suite.server.url, token).request(
      'POST',
      `/api/play/${matchId}/commands`,
      request,
    );
    return { status: answer.status, raw: JSON.stringify(answer.body) };
  }

  /** The seat's own terminal connection: joined with its token, the move as a command frame. */
  async function overSocket(token: string, request: unknown): Promise<{ status: number; raw: string }> {
    const socket = await seatSockets.join(suite.server.url, token);
    socket.send({ type: 'command', requestId: 'last-pass', request });
    const frame = await vi.waitFor(() => {
      const found = socket.frames.find(
        (f) => f.frame.type === 'commandResult' && f.frame.requestId === 'last-pass',
      );
      if (found === undefined) throw new Error('no commandResult yet');
      return found;
    });
    const error = frame.frame.error as { statusCode?: number } | undefined;
    return { status: frame.frame.ok === true ? 200 : (error?.statusCode ?? 500), raw: frame.raw };
  }
});
