import { seededPrng } from '@tablecast/cards';
import { toClientCommand } from '@tablecast/bots';
import { guandanSeatMove, randomLegalGuandanCommand, type GuandanView } from '@tablecast/games/testing';
import type { ClientCommand } from '@tablecast/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MatchClient, newMatchRequest } from '../testing/match-client';
import { TEST_TOKENS, TEST_TOKENS_SPEC } from '../testing/staff-tokens';
import { startTestServer, type TestServer } from '../testing/test-server';
import type { SeatSocket } from './seat-socket.testing';
import { issueSeatTokens, useSeatSockets } from './testing/seat-sockets';

const MATCH = 'gd_seat_tribute_t1';
type Seat = 'S' | 'E' | 'N' | 'W';

const servers: TestServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.stop();
});

interface ViewFrame {
  readonly type: 'view';
  readonly revision: number;
  readonly view: GuandanView;
}

interface Answer {
  readonly ok: boolean;
  readonly revision: number;
  readonly status: number;
  readonly message: string;
}

/** A seat's device: its socket, the newest view it holds, and its commands answered one at a time. */
class Device {
  private sent = 0;

  constructor(
    readonly seat: Seat,
    readonly socket: SeatSocket,
  ) {}

  views(): ViewFrame[] {
    return this.socket.frames
      .filter((f) => f.frame.type === 'view')
      .map((f) => f.frame as unknown as ViewFrame);
  }

  /** The newest view, with the ruleset the device kept from its first view (sent once a join). */
  latest(): ViewFrame {
    const views = this.views();
    const last = views[views.length - 1];
    const ruleset = views[0]?.view.ruleset;
    if (last === undefined || ruleset === undefined) throw new Error(`seat ${this.seat} has no view yet`);
    return { ...last, view: { ...last.view, ruleset } };
  }

  async send(command: Record<string, unknown>): Promise<Answer> {
    this.sent += 1;
    const requestId = `${this.seat}-${String(this.sent)}`;
    this.socket.send({
      type: 'command',
      requestId,
      request: { revision: this.latest().revision, idempotencyKey: `${MATCH}-${requestId}`, command },
    });
    let answer: Answer | undefined;
    await vi.waitFor(() => {
      const frame = this.socket.frames.find(
        (f) => f.frame.type === 'commandResult' && f.frame.requestId === requestId,
      )?.frame;
      expect(frame).toBeDefined();
      const result = frame?.result as { revision: number } | undefined;
      const error = frame?.error as { statusCode: number; message: string } | undefined;
      answer = {
        ok: frame?.ok === true,
        revision: result?.revision ?? -1,
        status: error?.statusCode ?? 200,
        message: error?.message ?? '',
      };
    });
    if (answer === undefined) throw new Error('no answer');
    return answer;
  }
}

/**
 * Staff key deals to their end with the random legal bot until a deal's tribute is due. A deal
 * whose payers hold both big jokers owes none (anti-tribute, GD-TRIB-6): the next is played.
 * Each deal's seed is named by the deals played before it, not by the commands sent: the server's
 * own writes between deals (a hand end, a clock) may come in at another moment on a loaded machine.
 */
async function playToTribute(operator: MatchClient): Promise<void> {
  const prng = seededPrng('seat-tribute');
  for (let i = 0; i < 5_000; i += 1) {
    const read = await operator.state(MATCH);
    const { state, revision } = read.body;
    if (state.hand?.phase === 'tribute') return;
    const bot = randomLegalGuandanCommand(state, prng);
    const command: ClientCommand =
      bot === null
        ? { type: 'DealCards', seed: `seat-tribute/${String(state.handsPlayed)}` }
        : toClientCommand(bot);
    const sent = await operator.send(MATCH, revision, command);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  }
  throw new Error('no tribute after 5,000 commands');
}

describe('Guandan tribute keyed at the seats’ own devices (/ws/play)', () => {
  const seatSockets = useSeatSockets();
  it('GD-TRIB-1/GD-TRIB-3: the payer’s device pays, the receiver’s returns; another seat’s tribute and staff’s commands are refused 403', async () => {
    const server = await startTestServer({ TABLECAST_TOKENS: TEST_TOKENS_SPEC });
    servers.push(server);
    const operator = new MatchClient(server.url, TEST_TOKENS.operatorT1);
    expect((await operator.create(newMatchRequest(MATCH, 't1', 3))).status).toBe(201);
    await playToTribute(operator);

    const issued = await issueSeatTokens<Seat>(operator, MATCH);
    expect(issued.status).toBe(201);
    const devices = new Map<Seat, Device>();
    for (const { seat, token } of issued.body.seats) {
      const socket = await seatSockets.join(server.url, token);
      await vi.waitFor(() => {
        expect(socket.frames.some((f) => f.frame.type === 'view')).toBe(true);
      });
      devices.set(seat, new Device(seat, socket));
    }
    const all = [...devices.values()];
    const prng = seededPrng('seat-tribute-moves');
    const moveOf = (device: Device): ReturnType<typeof guandanSeatMove> =>
      guandanSeatMove(device.latest().view, device.seat, prng);

    const payer = all.find((d) => moveOf(d)?.type === 'GiveTribute');
    if (payer === undefined) throw new Error('no seat owes a tribute in its own view');
    const tribute = moveOf(payer);
    const other = all.find((d) => d !== payer);
    if (tribute === null || other === undefined) throw new Error('no tribute to pay');

    // Another seat's device may not pay the payer's tribute: 403, naming both seats.
    const foreign = await other.send(tribute);
    expect(foreign).toMatchObject({ ok: false, status: 403 });
    expect(foreign.message).toBe(`seat ${other.seat}'s token may not play for seat ${payer.seat}`);
    // Staff's commands are refused at a seat, even for the seat itself: a penalty (GD-PEN-2), a deal.
    const penalty = await payer.send({
      type: 'IssuePenalty',
      seat: payer.seat,
      sanction: 'warning',
      rule: 'GD-PEN-2',
    });
    expect(penalty).toMatchObject({ ok: false, status: 403 });
    expect(penalty.message).toMatch(/IssuePenalty is staff's$/);
    const deal = await payer.send({ type: 'DealCards' });
    expect(deal).toMatchObject({ ok: false, status: 403 });
    expect(deal.message).toMatch(/DealCards is staff's$/);
    expect(deal.message).toContain('GiveTribute, ReturnTribute');

    // The tribute is paid and returned by the seats' devices alone, each from its own view.
    const made: string[] = [];
    for (let step = 0; step < 8; step += 1) {
      const due = all.map((d) => ({ device: d, move: moveOf(d) })).find((d) => d.move !== null);
      if (due?.move == null) break;
      const answer = await due.device.send(due.move);
      expect(answer, `${due.move.type} by ${due.device.seat}`).toMatchObject({ ok: true });
      made.push(`${due.move.type} ${due.device.seat}`);
      await vi.waitFor(() => {
        for (const d of all) expect(d.latest().revision).toBeGreaterThanOrEqual(answer.revision);
      });
    }
    expect(made[0]).toBe(`GiveTribute ${payer.seat}`);
    expect(made.some((m) => m.startsWith('ReturnTribute'))).toBe(true);
    // The deal is in play: the tribute phase was closed by the seats' own commands.
    expect(payer.latest().view.hand?.phase).toBe('play');

    // The ruleset went to each device once, in its first view; none of its later views carries it.
    for (const device of all) {
      const [first, ...later] = device.socket.frames.filter((f) => f.frame.type === 'view');
      expect(first?.raw).toContain('"ruleset":{');
      expect(later.length).toBeGreaterThan(2);
      for (const frame of later) expect(frame.raw).not.toContain('"ruleset"');
    }
    // A device that joins again (a reload) has it again in its new first view.
    const again = await seatSockets.join(server.url, issued.body.seats[0]?.token);
    await vi.waitFor(() => {
      expect(again.frames.find((f) => f.frame.type === 'view')?.raw).toContain('"ruleset":{');
    });
  }, 120_000);
});
