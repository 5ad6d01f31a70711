/**
 * One qualifier table played as devices play it: each seat's bot on its own `/ws/play` socket,
 * joined with that seat's token, keying its moves as `command` frames and deciding them from the
 * seat views its socket receives (its own hand, the trick, the level: never another seat's cards).
 * Each seat pays and returns its own tribute the same way, from its own view (GD-TRIB-2/3). What no
 * seat token may send (DealCards between deals: a dealer deals, not a player; the first leader a
 * pair names after a foul) the table's operator keys over HTTP from the match's timeline, as staff
 * would.
 */
import { seededPrng } from '@tablecast/cards';
import { guandanInitialState, guandanSeatMove, type GuandanView } from '@tablecast/games/testing';
import WebSocket from 'ws';
import { followAnswer, nextBotCommand } from './bot-match';
import type { KeepAliveApi } from './keep-alive-api';

type Seat = 'S' | 'E' | 'N' | 'W';

interface ViewFrame {
  readonly type: 'view';
  readonly revision: number;
  readonly view: GuandanView;
}

/** A view as the socket sends it: the ruleset only in the first after the join (it holds for the match). */
interface SentViewFrame extends Omit<ViewFrame, 'view'> {
  readonly view: Omit<GuandanView, 'ruleset'> & { readonly ruleset?: GuandanView['ruleset'] };
}

interface ResultFrame {
  readonly type: 'commandResult';
  readonly requestId: string;
  readonly ok: boolean;
  readonly result?: { readonly revision: number; readonly events: readonly { readonly type: string }[] };
  readonly error?: unknown;
}

/** One seat's socket: the newest view it received, and the command it is waiting on. */
class SeatLine {
  view: ViewFrame | null = null;
  /** The match's ruleset, kept from the first view after the join. */
  private ruleset: GuandanView['ruleset'] | undefined;
  private readonly viewWaiters: {
    atLeast: number;
    resolve: (frame: ViewFrame) => void;
    reject: (error: Error) => void;
  }[] = [];
  private readonly results = new Map<
    string,
    { resolve: (frame: ResultFrame) => void; reject: (error: Error) => void }
  >();

  private constructor(
    readonly seat: Seat,
    private readonly socket: WebSocket,
  ) {
    socket.on('message', (data: Buffer) => {
      const frame = JSON.parse(data.toString('utf8')) as { type: string };
      if (frame.type === 'view') this.onView(frame as SentViewFrame);
      else if (frame.type === 'commandResult') {
        const result = frame as ResultFrame;
        const waiting = this.results.get(result.requestId);
        this.results.delete(result.requestId);
        waiting?.resolve(result);
      } else if (frame.type === 'error') {
        this.fail(new Error(`seat ${seat} was told: ${JSON.stringify(frame)}`));
      }
    });
    socket.on('close', () => {
      this.fail(new Error(`seat ${seat}'s socket closed`));
    });
  }

  private fail(error: Error): void {
    for (const waiter of this.viewWaiters.splice(0)) waiter.reject(error);
    for (const waiter of this.results.values()) waiter.reject(error);
    this.results.clear();
  }

  /** Opens the seat's socket and joins with its token; resolves with its first view. */
  static async join(url: string, seat: Seat, token: string): Promise<SeatLine> {
    const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/ws/play`);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => {
        resolve();
      });
      socket.once('error', reject);
    });
    const line = new SeatLine(seat, socket);
    socket.send(JSON.stringify({ type: 'join', token }));
    await line.viewAt(0);
    return line;
  }

  private onView(sent: SentViewFrame): void {
    this.ruleset = sent.view.ruleset ?? this.ruleset;
    if (this.view !== null && sent.revision <= this.view.revision) return;
    const ruleset = this.ruleset;
    if (ruleset === undefined) {
      this.fail(new Error(`seat ${this.seat}'s first view carried no ruleset`));
      return;
    }
    const frame: ViewFrame = { ...sent, view: { ...sent.view, ruleset } };
    this.view = frame;
    for (let i = this.viewWaiters.length - 1; i >= 0; i -= 1) {
      const waiter = this.viewWaiters[i];
      if (waiter === undefined || frame.revision < waiter.atLeast) continue;
      this.viewWaiters.splice(i, 1);
      waiter.resolve(frame);
    }
  }

  /** The seat's view once it is at `atLeast` or later. */
  viewAt(atLeast: number): Promise<ViewFrame> {
    if (this.view !== null && this.view.revision >= atLeast) return Promise.resolve(this.view);
    return new Promise((resolve, reject) => {
      this.viewWaiters.push({ atLeast, resolve, reject });
    });
  }

  /** Sends a command frame; resolves with its commandResult. */
  command(requestId: string, request: unknown): Promise<ResultFrame> {
    return new Promise((resolve, reject) => {
      this.results.set(requestId, { resolve, reject });
      this.socket.send(JSON.stringify({ type: 'command', requestId, request }));
    });
  }

  close(): void {
    this.socket.close();
  }
}

/** A qualifier table over the seats' sockets; `key` sends the table's next command, as the HTTP table's. */
export class PlayTable {
  private revision: number;
  private sent = 0;
  private over = false;
  private readonly prng;

  private constructor(
    private readonly staff: KeepAliveApi,
    readonly matchId: string,
    private readonly seats: ReadonlyMap<Seat, SeatLine>,
    revision: number,
  ) {
    this.revision = revision;
    this.prng = seededPrng(`trn-bench-${matchId}`);
  }

  /** Issues the match's seat tokens (`issuer`: staff of the table) and joins every seat. */
  static async open(
    url: string,
    issuer: KeepAliveApi,
    staff: KeepAliveApi,
    matchId: string,
  ): Promise<PlayTable> {
    const issued = await issuer.call('POST', `/api/matches/${matchId}/seat-tokens`);
    if (issued.status !== 201)
      throw new Error(`seat tokens of ${matchId}: ${String(issued.status)} ${JSON.stringify(issued.body)}`);
    const { seats } = issued.body as { seats: { seat: Seat; token: string }[] };
    const lines = await Promise.all(seats.map(({ seat, token }) => SeatLine.join(url, seat, token)));
    const table = new PlayTable(staff, matchId, new Map(lines.map((line) => [line.seat, line])), 0);
    // The round start's events are in one append: the first views of a started match all show it.
    const first = await Promise.all(lines.map((line) => line.viewAt(0)));
    table.revision = Math.max(...first.map((frame) => frame.revision));
    return table;
  }

  get ended(): boolean {
    return this.over;
  }

  /** Counts of the commands sent each way: over the seats' sockets, and by staff over HTTP. */
  readonly counts = { seat: 0, staff: 0 };

  /** Sends the next command; true when it ended the match. */
  async key(): Promise<boolean> {
    const anySeat = this.seats.values().next().value;
    if (anySeat === undefined) throw new Error(`${this.matchId} has no seats`);
    // Every seat's view shows whose turn it is, or that tribute is due; the seat to act then
    // decides from its own view (in the tribute phase, whichever seat's view gives it a move).
    const view = (await anySeat.viewAt(this.revision)).view;
    const phase = view.hand?.phase;
    const turn = phase === 'play' ? view.hand?.turn : undefined;
    const turnLine = turn === undefined || turn === null ? undefined : this.seats.get(turn);
    const lines = phase === 'tribute' ? [...this.seats.values()] : turnLine === undefined ? [] : [turnLine];
    let ended: boolean | undefined;
    for (const line of lines) {
      const own = await line.viewAt(this.revision);
      const command = guandanSeatMove(own.view, line.seat, this.prng);
      if (command === null) continue;
      ended = await this.keyAtSeat(line, own.revision, command);
      break;
    }
    if (ended === undefined && turnLine !== undefined)
      throw new Error(`${this.matchId}: seat ${turnLine.seat} has no move at ${String(this.revision)}`);
    ended ??= await this.keyAsStaff();
    this.sent += 1;
    if (ended) this.over = true;
    return ended;
  }

  private async keyAtSeat(
    line: SeatLine,
    revision: number,
    command: NonNullable<ReturnType<typeof guandanSeatMove>>,
  ): Promise<boolean> {
    const answer = await line.command(`c${String(this.sent)}`, {
      revision,
      idempotencyKey: `${this.matchId}-${String(this.sent)}`,
      command,
    });
    if (!answer.ok || answer.result === undefined)
      throw new Error(`seat ${line.seat}'s command refused: ${JSON.stringify(answer.error)}`);
    this.counts.seat += 1;
    this.revision = answer.result.revision;
    return answer.result.events.some((e) => e.type === 'MatchEnded');
  }

  /** A staff command (a deal, the leader's designation) keyed from the match's timeline. */
  private async keyAsStaff(): Promise<boolean> {
    const read = await this.staff.call('GET', `/api/matches/${this.matchId}/timeline`);
    if (read.status !== 200) throw new Error(`GET timeline of ${this.matchId}: ${String(read.status)}`);
    const timeline = read.body as { revision: number; type: string; data: unknown }[];
    const revision = timeline[timeline.length - 1]?.revision ?? 0;
    const state = followAnswer(guandanInitialState(), { revision, events: timeline });
    if (state.status === 'ended') return true;
    const answer = await this.staff.call('POST', `/api/matches/${this.matchId}/commands`, {
      revision,
      idempotencyKey: `${this.matchId}-${String(this.sent)}`,
      command: nextBotCommand(state, this.prng),
    });
    if (answer.status !== 200)
      throw new Error(`staff command refused ${String(answer.status)}: ${JSON.stringify(answer.body)}`);
    const body = answer.body as { revision: number; events: readonly { type: string }[] };
    this.counts.staff += 1;
    this.revision = body.revision;
    return body.events.some((e) => e.type === 'MatchEnded');
  }

  close(): void {
    for (const line of this.seats.values()) line.close();
  }
}
