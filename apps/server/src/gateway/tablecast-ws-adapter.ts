import type { INestApplicationContext } from '@nestjs/common';
import { Logger } from '@nestjs/common';
import { WsAdapter } from '@nestjs/platform-ws';
import type { WebSocket, WebSocketServer } from 'ws';

/**
 * Nest's ws adapter with a maximum client message size (WS_MAX_PAYLOAD): ws closes a connection
 * whose message is larger with 1009 before buffering it (its default let a client send 100 MiB).
 * A client's socket error is one short line without anything the client sent.
 */
export class TablecastWsAdapter extends WsAdapter {
  private readonly clientLog = new Logger('LiveGateway');

  constructor(
    app: INestApplicationContext,
    private readonly maxPayload: number,
  ) {
    super(app);
  }

  override create(port: number, options: Record<string, unknown> & { path?: string } = {}): WebSocketServer {
    return super.create(port, { ...options, maxPayload: this.maxPayload }) as WebSocketServer;
  }

  override bindErrorHandler(server: WebSocketServer): WebSocketServer {
    server.on('connection', (socket: WebSocket) => {
      socket.on('error', (error: Error & { code?: string }) => {
        this.clientLog.warn(`websocket client error: ${error.code ?? error.name}`);
      });
    });
    server.on('error', (error: Error) => {
      this.clientLog.error(error);
    });
    return server;
  }
}
