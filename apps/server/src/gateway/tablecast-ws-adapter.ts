import type { INestApplicationContext } from '@nestjs/common';
import { Logger } from '@nestjs/common';
import { WsAdapter } from '@nestjs/platform-ws';
import type { WebSocket, WebSocketServer } from 'ws';
import { closeClients } from './close-clients';

/**
 * Nest's ws adapter with a maximum client message size (WS_MAX_PAYLOAD): ws closes a connection
 * whose message is larger with 1009 before buffering it (its default let a client send 100 MiB).
 * A client's socket error is one short line without anything the client sent. On shutdown every
 * client is told 1001 (going away) before its socket is cut, and none may hold the shutdown.
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

  /**
   * Nest's close cuts every socket (the pages saw 1006, an abnormal drop); here each is closed with
   * 1001 first, and one that does not answer within the grace is cut then.
   */
  override async close(server: WebSocketServer): Promise<void> {
    await closeClients(server.clients);
    await super.close(server);
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
