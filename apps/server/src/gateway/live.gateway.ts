import { Logger } from '@nestjs/common';
import { WebSocketGateway, type OnGatewayConnection, type OnGatewayDisconnect } from '@nestjs/websockets';
import { parseClientMessage, type ServerMessage } from '@tablecast/protocol';
import type { RawData, WebSocket } from 'ws';
import { MetricsService } from '../metrics/metrics.service';
import { serverVersion } from '../version';
import { rawDataToText } from './raw-data';

/**
 * The websocket endpoint at /ws. Frames are the typed messages of @tablecast/protocol, parsed
 * here rather than by Nest's `{event, data}` convention so the overlays speak one protocol.
 */
@WebSocketGateway({ path: '/ws' })
export class LiveGateway implements OnGatewayConnection<WebSocket>, OnGatewayDisconnect<WebSocket> {
  private readonly logger = new Logger(LiveGateway.name);

  constructor(private readonly metrics: MetricsService) {}

  handleConnection(client: WebSocket): void {
    this.metrics.websocketConnections.inc();
    send(client, { type: 'hello', version: serverVersion(), serverTime: Date.now() });
    client.on('message', (data: RawData) => {
      this.onFrame(client, data);
    });
  }

  handleDisconnect(): void {
    this.metrics.websocketConnections.dec();
  }

  private onFrame(client: WebSocket, data: RawData): void {
    const parsed = parseClientMessage(rawDataToText(data));
    if (!parsed.ok) {
      this.logger.debug(`rejected websocket frame: ${parsed.reason}`);
      send(client, { type: 'error', code: 'malformed', message: parsed.reason });
      return;
    }
    // `ping` is the only client message so far; an exhaustive switch comes with the second one.
    send(client, { type: 'pong', nonce: parsed.message.nonce, serverTime: Date.now() });
  }
}

function send(client: WebSocket, message: ServerMessage): void {
  client.send(JSON.stringify(message));
}
