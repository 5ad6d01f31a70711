import { Inject, Logger, type OnModuleDestroy } from '@nestjs/common';
import { WebSocketGateway, type OnGatewayConnection, type OnGatewayDisconnect } from '@nestjs/websockets';
import { matchStream } from '@tablecast/events';
import { seatViewer } from '@tablecast/game-kit';
import type { RawData, WebSocket } from 'ws';
import type { SeatPrincipal } from '../auth/seat-tokens';
import { APP_CONFIG, type AppConfig } from '../config';
import { commandRefusal, INTERNAL_ERROR_BODY } from '../errors';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import type { AppEventStore } from '../event-store/event-store.module';
import { rawDataToText } from '../gateway/raw-data';
import { MatchCommandService } from '../matches/match-command.service';
import { MatchAppends } from './match-appends';
import { SeatCommandService } from './seat-commands.service';
import { seatChoicesOf } from './seat-choices-of';
import { HeldAnswers, sendSeatFrame } from './seat-sends';
import { SeatConnectionLimits, type SeatAdmission } from './seat-connection-limits';
import { SeatClientFrameSchema, type SeatServerFrame } from './seat-frames';
import { withoutFixedSent } from './seat-view-fixed';

interface SeatClient {
  readonly socket: WebSocket;
  readonly seat: SeatPrincipal;
  /** The revision last sent: a view goes out once per revision, never older than the last. */
  sent: number;
  /** The match-fixed view fields (`viewFixed`) this socket has sent, as it sent them. */
  readonly fixedSent: Map<string, unknown>;
}

interface MatchWatch {
  readonly clients: Set<SeatClient>;
  /** Settles once the follower's start is taken and the stream's end read (it never rejects). */
  readonly started: Promise<void>;
  /** The match stream's last revision this watch knows is in the log. */
  seen: number;
  /** Told of an append to the match's stream (by the log's follower, or by this process's command). */
  readonly appended: (revision: number) => void;
  close(): Promise<void>;
  pushDue: NodeJS.Immediate | undefined;
}

/**
 * A seat's own view of its match (`module.view(state, {kind:'seat', seat})`: its own hand, nothing
 * else hidden), pushed on every append to the match's stream, with its legal moves when it is to
 * act. Built from the match service's folded state on the server: the terminal runs no engine.
 * The view's match-fixed fields (the module's `viewFixed`) go in a socket's first view only, and
 * again if they change; its client keeps them.
 */
@WebSocketGateway({ path: '/ws/play' })
export class SeatViewGateway
  implements OnGatewayConnection<WebSocket>, OnGatewayDisconnect<WebSocket>, OnModuleDestroy
{
  private readonly logger = new Logger(SeatViewGateway.name);
  private readonly clients = new WeakMap<WebSocket, SeatClient>();
  private readonly watches = new Map<string, MatchWatch>();
  private readonly limits: SeatConnectionLimits;
  private readonly appends: MatchAppends;
  private readonly answers = new HeldAnswers();

  constructor(
    private readonly seatCommands: SeatCommandService,
    private readonly matches: MatchCommandService,
    @Inject(EVENT_STORE) private readonly store: AppEventStore,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.limits = new SeatConnectionLimits({
      total: config.PLAY_MAX_CONNECTIONS,
      perSeat: config.PLAY_MAX_CONNECTIONS_PER_SEAT,
    });
    this.appends = new MatchAppends(store, (error, streams) => {
      this.logger.warn(`seat views stopped: ${messageOf(error)}`);
      // The next seat to join a match starts a new watch rather than joining a stopped one.
      for (const [matchId, watch] of this.watches)
        if (streams.includes(matchStream(matchId))) {
          this.watches.delete(matchId);
          void watch.close();
        }
    });
  }

  async onModuleDestroy(): Promise<void> {
    const watches = [...this.watches.values()];
    this.watches.clear();
    await Promise.all(watches.map((watch) => watch.close()));
    await this.appends.close();
    this.answers.flush();
  }

  handleConnection(socket: WebSocket): void {
    const admitted = this.limits.connect(socket);
    if (!admitted.ok) {
      refuse(socket, admitted, 'connection refused');
      return;
    }
    socket.on('message', (data: RawData) => {
      // A frame must never become an unhandled rejection: that ends the whole process.
      this.onFrame(socket, data).catch((error: unknown) => {
        this.logger.error(`seat frame not handled: ${error instanceof Error ? error.message : 'error'}`);
      });
    });
  }

  handleDisconnect(socket: WebSocket): void {
    this.limits.release(socket);
    const client = this.clients.get(socket);
    if (!client) return;
    this.clients.delete(socket);
    const watch = this.watches.get(client.seat.matchId);
    if (!watch) return;
    watch.clients.delete(client);
    if (watch.clients.size === 0) {
      this.watches.delete(client.seat.matchId);
      void watch.close();
    }
  }

  private async onFrame(socket: WebSocket, data: RawData): Promise<void> {
    let json: unknown;
    try {
      json = JSON.parse(rawDataToText(data));
    } catch {
      send(socket, { type: 'error', code: 'malformed', message: 'a frame is one JSON object' });
      return;
    }
    const parsed = SeatClientFrameSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const path = issue?.path.join('.') ?? '';
      send(socket, {
        type: 'error',
        code: 'malformed',
        message: `${path === '' ? 'type' : path}: ${issue?.message ?? 'invalid'}`,
      });
      return;
    }
    const frame = parsed.data;
    switch (frame.type) {
      case 'ping':
        send(socket, { type: 'pong', nonce: frame.nonce, serverTime: Date.now() });
        return;
      case 'join':
        await this.join(socket, frame.token);
        return;
      case 'command':
        await this.command(socket, frame.requestId, frame.request);
        return;
    }
  }

  private async join(socket: WebSocket, token: string): Promise<void> {
    if (this.clients.has(socket)) {
      send(socket, { type: 'error', code: 'joined', message: 'this connection has joined its seat already' });
      return;
    }
    let seat: SeatPrincipal;
    try {
      seat = this.seatCommands.principal(token);
    } catch (error) {
      send(socket, { type: 'error', code: 'unauthenticated', message: messageOf(error) });
      socket.close(4401, 'unknown seat token');
      return;
    }
    const admitted = this.limits.join(socket, seat.actorId);
    if (!admitted.ok) {
      refuse(socket, admitted, `seat ${seat.seat} refused`);
      return;
    }
    const client: SeatClient = { socket, seat, sent: -1, fixedSent: new Map() };
    this.clients.set(socket, client);
    send(socket, { type: 'joined', matchId: seat.matchId, seat: seat.seat, serverTime: Date.now() });
    const watch = this.watch(seat.matchId);
    watch.clients.add(client);
    await watch.started;
    await this.push(client, watch.seen);
  }

  private async command(socket: WebSocket, requestId: string, request: unknown): Promise<void> {
    const client = this.clients.get(socket);
    if (!client) {
      send(socket, {
        type: 'error',
        code: 'unauthenticated',
        message: 'send join with the seat token first',
      });
      return;
    }
    this.answers.hold(socket);
    let answer: SeatServerFrame;
    try {
      const result = await this.seatCommands.execute(client.seat, client.seat.matchId, request);
      // The views of what it wrote pushed now, not when the log's follower hears of it: they are
      // then written with the answer (see HeldAnswers).
      const written = Math.max(-1, ...result.events.map((event) => event.revision));
      if (written >= 0) this.watches.get(client.seat.matchId)?.appended(written);
      answer = { type: 'commandResult', requestId, ok: true, result };
    } catch (error) {
      // A temporary refusal carries the HTTP answer's Retry-After as retryAfterSeconds.
      const refusal = commandRefusal(error);
      if (!refusal)
        this.logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
      answer = {
        type: 'commandResult',
        requestId,
        ok: false,
        ...(refusal ?? { error: INTERNAL_ERROR_BODY }),
      };
    }
    this.answers.answer(socket, JSON.stringify(answer));
  }

  /**
   * The match's watch: its stream's appends from the process's one follower of the match streams
   * (MatchAppends), and its stream's last revision read once the follower's start is taken, so a
   * view read after `started` misses no later event and the log is never read from its start.
   */
  private watch(matchId: string): MatchWatch {
    const existing = this.watches.get(matchId);
    if (existing) return existing;
    const stream = matchStream(matchId);
    const clients = new Set<SeatClient>();
    const appended = (revision: number): void => {
      // Heard already (a command of this process, then the follower): its views are pushed or due.
      if (revision <= watch.seen) return;
      watch.seen = revision;
      if (watch.pushDue) return;
      // Several events of one command arrive together: one view for all of them.
      watch.pushDue = setImmediate(() => {
        watch.pushDue = undefined;
        for (const client of watch.clients) {
          this.push(client, watch.seen).catch((error: unknown) => {
            this.logger.warn(`seat view not sent: ${messageOf(error)}`);
          });
        }
      });
    };
    const started = this.appends
      .listen(stream, appended)
      .then(() => this.store.readStream(stream, { direction: 'backwards', maxCount: 1 }))
      .then(
        (events) => {
          watch.seen = Math.max(watch.seen, events[0]?.revision ?? -1);
        },
        (error: unknown) => {
          this.logger.warn(`seat views of ${matchId}: its stream's end not read: ${messageOf(error)}`);
        },
      );
    const watch: MatchWatch = {
      clients,
      appended,
      pushDue: undefined,
      seen: -1,
      started,
      close: () => {
        this.appends.unlisten(stream, appended);
        if (watch.pushDue) clearImmediate(watch.pushDue);
        return started;
      },
    };
    this.watches.set(matchId, watch);
    return watch;
  }

  /**
   * `atLeast`: the last revision the watch saw in the log. A match this process cached before
   * another api process appended (TC-SCALE-2) is read again rather than sent behind it.
   */
  private async push(client: SeatClient, atLeast: number): Promise<void> {
    const match = await this.matches.read(client.seat.matchId, atLeast < 0 ? undefined : atLeast);
    if (match.revision <= client.sent || client.socket.readyState !== client.socket.OPEN) return;
    client.sent = match.revision;
    send(client.socket, {
      type: 'view',
      revision: match.revision,
      serverTime: Date.now(),
      view: withoutFixedSent(
        match.module.view(match.state, seatViewer(client.seat.seat)),
        match.module.viewFixed,
        client.fixedSent,
      ),
      choices: seatChoicesOf(match, client.seat.seat),
    });
  }
}

function send(socket: WebSocket, frame: SeatServerFrame): void {
  sendSeatFrame(socket, JSON.stringify(frame));
}

/** Told why, then closed: 1013 (try again later), the setting named in the reason too. */
function refuse(socket: WebSocket, refused: Exclude<SeatAdmission, { ok: true }>, what: string): void {
  send(socket, {
    type: 'error',
    code: 'limit',
    message: `${what}: ${refused.setting} (${String(refused.limit)}) connections are open`,
  });
  socket.close(1013, `over ${refused.setting}`);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
