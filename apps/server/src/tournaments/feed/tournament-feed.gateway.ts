import { Inject, Logger, type OnModuleDestroy } from '@nestjs/common';
import { WebSocketGateway, type OnGatewayConnection, type OnGatewayDisconnect } from '@nestjs/websockets';
import { parseWatchTournament, type TournamentFeedError } from '@tablecast/protocol';
import type { IncomingMessage } from 'node:http';
import type { RawData, WebSocket } from 'ws';
import { refuseFeedOnThisRole } from '../../gateway/wrong-role';
import { APP_CONFIG, type AppConfig } from '../../config';
import { ConnectionLimits } from '../../gateway/connection-limits';
import { rawDataToText } from '../../gateway/raw-data';
import { FeedHeartbeat } from './feed-heartbeat';
import { TournamentFeed } from './tournament-feed.service';

/**
 * What an api process answers on /ws/tournament. Its view's standings come from the log, but each
 * table's live score comes from the venue frames of a feed producer in the same process, and an api
 * process runs none (the `feeds` role publishes to Kafka): served there, every table would look idle.
 */
export const TOURNAMENT_FEED_REFUSED =
  '/ws/tournament: the tournament feed is served by TABLECAST_ROLE=control (or all), not api';

/**
 * The tournament feed at /ws/tournament: a page sends `{type:"watchTournament", tournamentId}` and
 * receives the event's whole public view (TournamentFeedFrame), then again at each change. No
 * token: it carries what the public standings page and the venue feeds show anyway.
 *
 * Public, so bounded: TOURNAMENT_WS_MAX_CONNECTIONS overall and TOURNAMENT_WS_MAX_PER_ADDRESS per IP (past either a
 * socket is told why and closed with 1013), WS_MAX_PAYLOAD per message (the adapter closes a
 * larger one with 1009), and TOURNAMENT_WS_HEARTBEAT_MS (feed-heartbeat.ts).
 */
@WebSocketGateway({ path: '/ws/tournament' })
export class TournamentFeedGateway
  implements OnGatewayConnection<WebSocket>, OnGatewayDisconnect<WebSocket>, OnModuleDestroy
{
  private readonly logger = new Logger(TournamentFeedGateway.name);
  private readonly connections: ConnectionLimits;
  private readonly heartbeat: FeedHeartbeat;
  /** An api process (TC-SCALE-2) holds no venue frame: every table would look idle. */
  private readonly refused: boolean;

  constructor(
    private readonly feed: TournamentFeed,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.refused = config.TABLECAST_ROLE === 'api';
    this.connections = new ConnectionLimits({
      total: config.TOURNAMENT_WS_MAX_CONNECTIONS,
      perAddress: config.TOURNAMENT_WS_MAX_PER_ADDRESS,
      names: {
        total: 'TOURNAMENT_WS_MAX_CONNECTIONS',
        perAddress: 'TOURNAMENT_WS_MAX_PER_ADDRESS',
      },
    });
    this.heartbeat = new FeedHeartbeat(config.TOURNAMENT_WS_HEARTBEAT_MS, (socket) => {
      send(socket, {
        type: 'error',
        code: 'idle',
        message: `no watchTournament within TOURNAMENT_WS_HEARTBEAT_MS (${String(config.TOURNAMENT_WS_HEARTBEAT_MS)} ms)`,
      });
      socket.close(1008, 'idle: no watchTournament');
    });
  }

  onModuleDestroy(): void {
    this.heartbeat.stop();
  }

  handleConnection(socket: WebSocket, request?: IncomingMessage): void {
    if (this.refused) {
      refuseFeedOnThisRole(socket, TOURNAMENT_FEED_REFUSED);
      return;
    }
    const admitted = this.connections.admit(socket, request?.socket.remoteAddress ?? 'unknown');
    if (!admitted.ok) {
      // Told why, then closed: 1013 (try again later), the setting in the reason too.
      send(socket, {
        type: 'error',
        code: 'limit',
        message: `connection refused: ${admitted.setting} (${String(admitted.limit)}) connections are open`,
      });
      socket.close(1013, `over ${admitted.setting}`);
      return;
    }
    this.heartbeat.add(socket);
    socket.on('message', (data: RawData) => {
      // A frame must never become an unhandled rejection: that ends the whole process.
      this.onFrame(socket, data).catch((error: unknown) => {
        this.logger.error(
          `tournament feed frame not handled: ${error instanceof Error ? error.message : 'error'}`,
        );
      });
    });
  }

  handleDisconnect(socket: WebSocket): void {
    this.connections.release(socket);
    this.heartbeat.remove(socket);
    void this.feed.unwatch(socket);
  }

  private async onFrame(socket: WebSocket, data: RawData): Promise<void> {
    const parsed = parseWatchTournament(rawDataToText(data));
    if (!parsed.ok) {
      send(socket, { type: 'error', code: 'malformed', message: parsed.reason });
      return;
    }
    const { tournamentId } = parsed.message;
    this.heartbeat.watching(socket);
    const found = await this.feed.watch(socket, tournamentId, (frame) => {
      if (socket.readyState === socket.OPEN) socket.send(frame);
    });
    // Closed while the event was being read: its disconnect found nothing to leave yet.
    if (socket.readyState !== socket.OPEN) {
      await this.feed.unwatch(socket);
      return;
    }
    if (!found)
      send(socket, {
        type: 'error',
        code: 'unknown-tournament',
        message: `tournamentId "${tournamentId}": no such tournament`,
      });
  }
}

function send(socket: WebSocket, message: TournamentFeedError): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
}
