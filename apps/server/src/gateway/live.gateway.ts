import { Logger } from '@nestjs/common';
import { WebSocketGateway, type OnGatewayConnection, type OnGatewayDisconnect } from '@nestjs/websockets';
import { parseClientMessage, type ClientMessage, type ServerMessage } from '@tablecast/protocol';
import type { RawData, WebSocket } from 'ws';
import type { Principal } from '../auth/roles';
import { TokenRegistry } from '../auth/token-registry.service';
import { toErrorBody } from '../http/domain-exception.filter';
import { MatchCommandService } from '../matches/match-command.service';
import { MetricsService } from '../metrics/metrics.service';
import { serverVersion } from '../version';
import { rawDataToText } from './raw-data';

/**
 * The websocket endpoint at /ws. Frames are the typed messages of @tablecast/protocol, parsed
 * here rather than by Nest's `{event, data}` convention so the overlays speak one protocol.
 * Commands go through the same MatchCommandService as HTTP, with the same error bodies.
 */
@WebSocketGateway({ path: '/ws' })
export class LiveGateway implements OnGatewayConnection<WebSocket>, OnGatewayDisconnect<WebSocket> {
  private readonly logger = new Logger(LiveGateway.name);
  private readonly principals = new WeakMap<WebSocket, Principal>();

  constructor(
    private readonly metrics: MetricsService,
    private readonly tokens: TokenRegistry,
    private readonly matches: MatchCommandService,
  ) {}

  handleConnection(client: WebSocket): void {
    this.metrics.websocketConnections.inc();
    send(client, { type: 'hello', version: serverVersion(), serverTime: Date.now() });
    client.on('message', (data: RawData) => {
      void this.onFrame(client, data);
    });
  }

  handleDisconnect(): void {
    this.metrics.websocketConnections.dec();
  }

  private async onFrame(client: WebSocket, data: RawData): Promise<void> {
    const parsed = parseClientMessage(rawDataToText(data));
    if (!parsed.ok) {
      this.logger.debug(`rejected websocket frame: ${parsed.reason}`);
      send(client, { type: 'error', code: 'malformed', message: parsed.reason });
      return;
    }
    await this.handle(client, parsed.message);
  }

  private async handle(client: WebSocket, message: ClientMessage): Promise<void> {
    switch (message.type) {
      case 'ping':
        send(client, { type: 'pong', nonce: message.nonce, serverTime: Date.now() });
        return;
      case 'authenticate': {
        const principal = this.tokens.resolve(message.token);
        if (!principal) {
          send(client, { type: 'error', code: 'unauthenticated', message: 'unknown token' });
          return;
        }
        this.principals.set(client, principal);
        send(client, { type: 'authenticated', role: principal.role, table: principal.table });
        return;
      }
      case 'command': {
        const principal = this.principals.get(client);
        if (!principal) {
          send(client, {
            type: 'commandResult',
            requestId: message.requestId,
            ok: false,
            error: {
              statusCode: 401,
              error: 'Unauthorized',
              message: 'send authenticate with a staff token first',
            },
          });
          return;
        }
        try {
          const result = await this.matches.execute(message.matchId, message.request, principal);
          send(client, { type: 'commandResult', requestId: message.requestId, ok: true, result });
        } catch (error) {
          const body = toErrorBody(error);
          if (!body)
            this.logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
          send(client, {
            type: 'commandResult',
            requestId: message.requestId,
            ok: false,
            error: body ?? { statusCode: 500, error: 'InternalServerError', message: 'internal error' },
          });
        }
        return;
      }
    }
  }
}

function send(client: WebSocket, message: ServerMessage): void {
  client.send(JSON.stringify(message));
}
