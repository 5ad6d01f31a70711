import type { INestApplicationContext } from '@nestjs/common';
import { Logger } from '@nestjs/common';
import { WsAdapter } from '@nestjs/platform-ws';
import type { MessageMappingProperties } from '@nestjs/websockets';
import type { Observable } from 'rxjs';
import type { WebSocket, WebSocketServer } from 'ws';
import { closeClients } from './close-clients';

/**
 * Nest's ws adapter with a maximum client message size (WS_MAX_PAYLOAD): ws closes a connection
 * whose message is larger with 1009 before buffering it (its default let a client send 100 MiB).
 * A client's socket error is one short line without anything the client sent. On shutdown every
 * client is told 1001 (going away) before its socket is cut, and none may hold the shutdown.
 * A gateway without message handlers gets no listener of Nest's on its clients' frames.
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

  /**
   * Every gateway here reads its own frames (its handleConnection's `message` listener, with its
   * own answer to a malformed one) and none declares a message handler. Nest would still subscribe
   * to every client's frames, parse each one again as JSON, find no handler for its `event` and
   * swallow the error that follows: on the seats' sockets that was several percent of the main
   * thread. With no handler there is nothing to dispatch to, so nothing is bound.
   */
  override bindMessageHandlers(
    client: WebSocket,
    handlers: MessageMappingProperties[],
    transform: (data: unknown) => Observable<unknown>,
  ): void {
    if (handlers.length === 0) return;
    super.bindMessageHandlers(client, handlers, transform);
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
