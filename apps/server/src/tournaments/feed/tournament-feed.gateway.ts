import { Logger } from '@nestjs/common';
import { WebSocketGateway, type OnGatewayConnection, type OnGatewayDisconnect } from '@nestjs/websockets';
import { parseWatchTournament, type TournamentFeedError } from '@tablecast/protocol';
import type { RawData, WebSocket } from 'ws';
import { rawDataToText } from '../../gateway/raw-data';
import { TournamentFeed } from './tournament-feed.service';

/**
 * The tournament feed at /ws/tournament: a page sends `{type:"watchTournament", tournamentId}` and
 * receives the event's whole public view (TournamentFeedFrame), then again at each change. No
 * token: it carries what the public standings page and the venue feeds show anyway.
 */
@WebSocketGateway({ path: '/ws/tournament' })
export class TournamentFeedGateway implements OnGatewayConnection<WebSocket>, OnGatewayDisconnect<WebSocket> {
  private readonly logger = new Logger(TournamentFeedGateway.name);

  constructor(private readonly feed: TournamentFeed) {}

  handleConnection(socket: WebSocket): void {
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
    void this.feed.unwatch(socket);
  }

  private async onFrame(socket: WebSocket, data: RawData): Promise<void> {
    const parsed = parseWatchTournament(rawDataToText(data));
    if (!parsed.ok) {
      send(socket, { type: 'error', code: 'malformed', message: parsed.reason });
      return;
    }
    const { tournamentId } = parsed.message;
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
