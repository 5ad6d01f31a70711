import { type DoudizhuView, type SeatChoices } from '@tablecast/doudizhu';
import { matchStream } from '@tablecast/events';
import { maySee, seatViewer } from '@tablecast/game-kit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import type { AppEventStore } from '../event-store/event-store.module';
import { foldMatch } from '../matches/loaded-match';
import { MatchClient, newDoudizhuMatchRequest } from '../testing/match-client';
import { TEST_TOKENS, TEST_TOKENS_SPEC } from '../testing/staff-tokens';
import { startTestServer, type TestServer } from '../testing/test-server';
import type { ReceivedFrame, SeatSocket } from './seat-socket.testing';
import { issueSeatTokens, useSeatSockets } from './testing/seat-sockets';

const MATCH = 'ddz_seat_view_t1';

const servers: TestServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.stop();
});

interface ViewFrame {
  readonly type: 'view';
  readonly revision: number;
  readonly view: DoudizhuView;
  readonly choices: SeatChoices;
}

function isView(received: ReceivedFrame): boolean {
  return received.frame.type === 'view';
}

/**
 * A seat that plays by its own choices only: the highest bid, a double, a redouble, the first legal
 * play when following if there is one (else pass), the first legal lead. What it knows comes from
 * its own frames; a lost race (the two defenders double at once) is retried on the next view.
 */
function autoPlay(seat: SeatSocket, name: string): void {
  let pending: string | null = null;
  let acted = -1;
  let key = 0;
  const act = (): void => {
    if (pending !== null) return;
    const views = seat.frames.filter(isView);
    const last = views[views.length - 1]?.frame as ViewFrame | undefined;
    if (!last || last.revision <= acted) return;
    const you = Number(name);
    const command = moveFor(last.choices, you);
    if (command === null) return;
    key += 1;
    pending = `${name}-${String(key)}`;
    acted = last.revision;
    seat.send({
      type: 'command',
      requestId: pending,
      request: {
        game: 'doudizhu',
        revision: last.revision,
        idempotencyKey: `seat-${name}-move-${String(key)}`,
        command,
      },
    });
  };
  seat.onFrame(() => {
    const newest = seat.frames[seat.frames.length - 1]?.frame;
    if (newest?.type === 'commandResult' && newest.requestId === pending) {
      pending = null;
      // A 409 (the other defender doubled first): act again on the newest view.
      if (newest.ok !== true) acted = -1;
    }
    act();
  });
  act();
}

function moveFor(choices: SeatChoices, seat: number): Record<string, unknown> | null {
  switch (choices.kind) {
    case 'wait':
      return null;
    case 'bid':
      return { type: 'Bid', seat, bid: choices.bids[choices.bids.length - 1] };
    case 'double':
      return { type: 'Double', seat, double: true };
    case 'redouble':
      return { type: 'Redouble', seat, redouble: true };
    case 'play': {
      const play = choices.plays[0];
      if (play === undefined) return choices.mayPass ? { type: 'Pass', seat } : null;
      return { type: 'PlayCards', seat, cards: play.cards, as: play.as };
    }
  }
}

describe('the seat view over the real websocket (/ws/play)', () => {
  const seatSockets = useSeatSockets();
  it('three seats play a board by their own views: no frame carries another seat’s card, the sealed kitty or a sealed double', async () => {
    const server = await startTestServer({ TABLECAST_TOKENS: TEST_TOKENS_SPEC });
    servers.push(server);
    const operator = new MatchClient(server.url, TEST_TOKENS.operatorT1);
    const created = await operator.request('POST', '/api/matches', newDoudizhuMatchRequest(MATCH, 't1'));
    expect(created.status).toBe(201);
    const issued = await issueSeatTokens(operator, MATCH);
    expect(issued.status).toBe(201);

    const seats: SeatSocket[] = [];
    for (const { seat, token } of issued.body.seats) {
      const socket = await seatSockets.join(server.url, token);
      await vi.waitFor(() => {
        expect(socket.frames.some(isView)).toBe(true);
      });
      expect(socket.frames[0]?.frame).toMatchObject({ type: 'joined', matchId: MATCH, seat });
      autoPlay(socket, seat);
      seats.push(socket);
    }
    // A wrong token is told why and closed.
    const stranger = await seatSockets.join(server.url, 'not-a-seat-token');
    await vi.waitFor(() => {
      expect(stranger.frames[0]?.frame).toMatchObject({ type: 'error', code: 'unauthenticated' });
    });

    const dealt = await operator.request('POST', `/api/matches/${MATCH}/commands`, {
      game: 'doudizhu',
      revision: 0,
      idempotencyKey: 'deal-board-one',
      command: { type: 'DealBoard', board: 1, seed: 'seat-view-board-1' },
    });
    expect(dealt.status, JSON.stringify(dealt.body)).toBe(200);

    // The board is played to its end by the seats alone, each acting on its own frames.
    await vi.waitFor(
      () => {
        for (const socket of seats) {
          const views = socket.frames.filter(isView).map((f) => f.frame as unknown as ViewFrame);
          expect(views[views.length - 1]?.view.lastBoard?.board).toBe(1);
        }
      },
      { timeout: 60_000, interval: 50 },
    );

    // Every frame each seat received, checked against the log as it stood at that frame's revision.
    const log = await server.app.get<AppEventStore>(EVENT_STORE).readStream(matchStream(MATCH));
    let sawSealedDouble = false;
    for (const [index, socket] of seats.entries()) {
      const viewer = seatViewer(String(index));
      const views = socket.frames.filter(isView);
      expect(views.length).toBeGreaterThan(10);
      for (const received of views) {
        const frame = received.frame as unknown as ViewFrame;
        const then = foldMatch(MATCH, log.slice(0, frame.revision + 1));
        if (!then) throw new Error(`no match at revision ${String(frame.revision)}`);
        for (const secret of then.module.secrets(then.state)) {
          if (maySee(viewer, secret.seenBy)) continue;
          for (const card of secret.values) expect(received.raw).not.toContain(`"${card}"`);
        }
        const board = frame.view.board;
        for (const other of frame.view.seats) {
          if (other.seat === index) continue;
          expect(other.hand).toBeNull();
          // DDZ-DBL-1: a defender's double reaches the other defender only once both are in.
          if (board && !board.doublesRevealed) expect(other.doubled).toBeNull();
          if (board && !board.doublesRevealed && other.doubleChosen) sawSealedDouble = true;
        }
        if (board?.phase === 'bidding') expect(board.kitty).toBeNull();
      }
    }
    // The scan met the case it guards: a defender who had chosen while the other had not.
    expect(sawSealedDouble).toBe(true);
    // Each seat saw its own hand, and the landlord's choices offered only legal plays (all accepted).
    const ended = await server.app.get<AppEventStore>(EVENT_STORE).readStream(matchStream(MATCH));
    expect(ended.map((e) => e.type)).toContain('doudizhu.BoardEnded');
  });
});
