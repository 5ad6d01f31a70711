import { Logger } from '@nestjs/common';
import { WebSocketGateway, type OnGatewayConnection, type OnGatewayDisconnect } from '@nestjs/websockets';
import { parseWatchProgram, type ProgramServerMessage } from '@tablecast/protocol';
import type { RawData, WebSocket } from 'ws';
import { TokenRegistry } from '../auth/token-registry.service';
import { rawDataToText } from '../gateway/raw-data';
import { ProgramService } from './program.service';

/** Close codes (4000-4999 are the application's): the dashboard goes back to its sign-in. */
const CLOSE_UNAUTHENTICATED = 4401;
const CLOSE_FORBIDDEN = 4403;

/**
 * The producer's program at /ws/producer: the dashboard sends `{type:"watchProgram", token}` with
 * a producer's token and receives the program (tables, on air, preview, proposals) at once, then
 * at each change. Another role's token is refused as the producer API refuses it (forbidden).
 */
@WebSocketGateway({ path: '/ws/producer' })
export class ProgramGateway implements OnGatewayConnection<WebSocket>, OnGatewayDisconnect<WebSocket> {
  private readonly logger = new Logger(ProgramGateway.name);
  private readonly seqs = new WeakMap<WebSocket, number>();

  constructor(
    private readonly program: ProgramService,
    private readonly tokens: TokenRegistry,
  ) {}

  handleConnection(socket: WebSocket): void {
    socket.on('message', (data: RawData) => {
      try {
        this.onFrame(socket, data);
      } catch (error) {
        this.logger.error(`producer frame not handled: ${error instanceof Error ? error.message : 'error'}`);
      }
    });
  }

  handleDisconnect(socket: WebSocket): void {
    this.program.unwatch(socket);
  }

  private onFrame(socket: WebSocket, data: RawData): void {
    const parsed = parseWatchProgram(rawDataToText(data));
    if (!parsed.ok) {
      send(socket, { type: 'error', code: 'malformed', message: parsed.reason });
      return;
    }
    const principal = this.tokens.resolve(parsed.message.token);
    if (principal === undefined) {
      send(socket, { type: 'error', code: 'unauthenticated', message: 'field "token": unknown token' });
      socket.close(CLOSE_UNAUTHENTICATED, 'unauthenticated');
      return;
    }
    if (principal.role !== 'producer') {
      send(socket, {
        type: 'error',
        code: 'forbidden',
        message: `field "token": a ${principal.role}'s token; the program needs a producer's`,
      });
      socket.close(CLOSE_FORBIDDEN, 'forbidden');
      return;
    }
    this.program.watch(socket, (program) => {
      const seq = (this.seqs.get(socket) ?? 0) + 1;
      this.seqs.set(socket, seq);
      send(socket, { type: 'program', seq, program });
    });
  }
}

function send(socket: WebSocket, message: ProgramServerMessage): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
}
