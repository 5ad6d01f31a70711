import { Inject, Logger, Optional, type OnModuleDestroy } from '@nestjs/common';
import { WebSocketGateway, type OnGatewayConnection, type OnGatewayDisconnect } from '@nestjs/websockets';
import { resolveAudience } from '@tablecast/broadcast';
import { parseClientMessage, type ClientMessage, type ServerMessage } from '@tablecast/protocol';
import type { IncomingMessage } from 'node:http';
import { Counter } from 'prom-client';
import type { RawData, WebSocket } from 'ws';
import type { Principal } from '../auth/roles';
import { TokenRegistry } from '../auth/token-registry.service';
import { APP_CONFIG, type AppConfig } from '../config';
import {
  commandRefusal,
  domainErrorBody,
  INTERNAL_ERROR_BODY,
  NotFoundError,
  UnauthenticatedError,
} from '../errors';
import { TableFollow } from '../follow/table-follow.service';
import { MatchCommandService } from '../matches/match-command.service';
import { MetricsService } from '../metrics/metrics.service';
import { OverlayPagesRegistry, type PageLink } from '../producer/overlay-pages.registry';
import { serverVersion } from '../version';
import { ConnectionLimits } from './connection-limits';
import { FeedBuffers } from './feed-buffers';
import type { FeedConnection } from './feed-connection';
import { FeedHub } from './feed-hub.service';
import { logLevelEnabled } from './log-level';
import { rawDataToText } from './raw-data';

/**
 * The websocket endpoint at /ws. Frames are the typed messages of @tablecast/protocol, parsed
 * here rather than by Nest's `{event, data}` convention so the overlays speak one protocol.
 * Commands go through the same MatchCommandService as HTTP, with the same error bodies.
 *
 * In a gateway-only process (TABLECAST_ROLE=gateway) there is no match service and no producer's
 * page registry: commands are answered 404 (they go to the full server) and announces are not
 * listed anywhere; feeds, authenticate and ping work as on the full server.
 */
@WebSocketGateway({ path: '/ws' })
export class LiveGateway
  implements OnGatewayConnection<WebSocket>, OnGatewayDisconnect<WebSocket>, OnModuleDestroy
{
  private readonly logger = new Logger(LiveGateway.name);
  private readonly principals = new WeakMap<WebSocket, Principal>();
  private readonly feedClients = new WeakMap<WebSocket, FeedConnection>();
  private readonly connections: ConnectionLimits;
  private readonly buffers: FeedBuffers;
  /** Rejected frames are logged at debug: the line is not even built when debug is off. */
  private readonly debugLog: boolean;
  /** Each limit that tripped, by its setting: what an operator watches on /metrics. */
  private readonly limitTrips: Counter<'setting'>;
  /** Overlay pages that announced themselves: how the producer reaches them. */
  private readonly pageLinks = new WeakMap<WebSocket, PageLink>();

  constructor(
    private readonly metrics: MetricsService,
    private readonly tokens: TokenRegistry,
    @Optional() @Inject(MatchCommandService) private readonly matches: MatchCommandService | undefined,
    private readonly feeds: FeedHub,
    @Optional() @Inject(OverlayPagesRegistry) private readonly pages: OverlayPagesRegistry | undefined,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Optional() @Inject(TableFollow) private readonly follows: TableFollow | undefined,
  ) {
    this.connections = new ConnectionLimits({
      total: config.WS_MAX_CONNECTIONS,
      perAddress: config.WS_MAX_CONNECTIONS_PER_ADDRESS,
    });
    this.limitTrips = new Counter({
      name: 'tablecast_websocket_limit_trips_total',
      help: 'Websocket clients refused or dropped by a limit, by its setting (FEED_CLIENT_BUFFER, FEED_TOTAL_BUFFER, FEED_MAX_SUBSCRIPTIONS, WS_MAX_CONNECTIONS, WS_MAX_CONNECTIONS_PER_ADDRESS).',
      labelNames: ['setting'],
      registers: [metrics.registry],
    });
    this.buffers = new FeedBuffers(
      { perClient: config.FEED_CLIENT_BUFFER, total: config.FEED_TOTAL_BUFFER },
      (connection, reason) => {
        this.feeds.unsubscribe(connection);
        this.limitTrips.inc({ setting: reason.setting });
        this.logger.warn(`feed client dropped: over ${reason.setting}`);
      },
    );
    this.debugLog = logLevelEnabled(config.LOG_LEVEL, 'debug');
  }

  onModuleDestroy(): void {
    this.buffers.stop();
  }

  handleConnection(client: WebSocket, request?: IncomingMessage): void {
    this.metrics.websocketConnections.inc();
    const admitted = this.connections.admit(client, request?.socket.remoteAddress ?? 'unknown');
    if (!admitted.ok) {
      this.limitTrips.inc({ setting: admitted.setting });
      // Told why, then closed: 1013 (try again later), the setting in the reason too.
      send(client, {
        type: 'error',
        code: 'limit',
        message: `connection refused: ${admitted.setting} (${String(admitted.limit)}) connections are open`,
      });
      client.close(1013, `over ${admitted.setting}`);
      return;
    }
    send(client, { type: 'hello', version: serverVersion(), serverTime: Date.now() });
    client.on('message', (data: RawData) => {
      // A frame must never become an unhandled rejection: that ends the whole process.
      this.onFrame(client, data).catch((error: unknown) => {
        this.logger.error(`websocket frame not handled: ${error instanceof Error ? error.name : 'error'}`);
      });
    });
  }

  handleDisconnect(client: WebSocket): void {
    this.metrics.websocketConnections.dec();
    this.connections.release(client);
    const feedClient = this.feedClients.get(client);
    if (feedClient) {
      this.feeds.unsubscribe(feedClient);
      this.buffers.closed(feedClient);
    }
    const pageLink = this.pageLinks.get(client);
    if (pageLink) this.pages?.disconnected(pageLink);
    this.follows?.unfollow(client);
  }

  private async onFrame(client: WebSocket, data: RawData): Promise<void> {
    const parsed = parseFrame(data);
    if (!parsed.ok) {
      // The reason quotes the client's input only as a short prefix (echoPrefix).
      if (this.debugLog) this.logger.debug(`rejected websocket frame: ${parsed.reason}`);
      send(client, { type: 'error', code: 'malformed', message: parsed.reason });
      return;
    }
    const pageLink = this.pageLinks.get(client);
    if (pageLink) this.pages?.touch(pageLink);
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
          this.unauthenticate(client);
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
            error: domainErrorBody(new UnauthenticatedError('send authenticate with a staff token first')),
          });
          return;
        }
        if (this.matches === undefined) {
          send(client, {
            type: 'commandResult',
            requestId: message.requestId,
            ok: false,
            error: domainErrorBody(
              new NotFoundError(
                'this process is a feed gateway (TABLECAST_ROLE=gateway): send commands to the full server',
              ),
            ),
          });
          return;
        }
        try {
          const result = await this.matches.execute(message.matchId, message.request, principal);
          send(client, { type: 'commandResult', requestId: message.requestId, ok: true, result });
        } catch (error) {
          // A temporary refusal carries the HTTP answer's Retry-After as retryAfterSeconds.
          const refusal = commandRefusal(error);
          if (!refusal)
            this.logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
          send(client, {
            type: 'commandResult',
            requestId: message.requestId,
            ok: false,
            ...(refusal ?? { error: INTERNAL_ERROR_BODY }),
          });
        }
        return;
      }
      case 'subscribe':
        this.subscribe(client, message);
        return;
      case 'unsubscribe': {
        const feedClient = this.feedClients.get(client);
        if (feedClient) this.feeds.unsubscribe(feedClient, message.matchId);
        return;
      }
      case 'announce':
        this.announce(client, message);
        return;
      case 'follow':
        this.follow(client, message);
        return;
    }
  }

  /**
   * A refused token leaves the socket anonymous, whatever it was before: it keeps no earlier role,
   * and the feeds that role opened (staff, commentary) are closed with the rest of its feeds.
   */
  private unauthenticate(client: WebSocket): void {
    if (!this.principals.delete(client)) return;
    const feedClient = this.feedClients.get(client);
    if (feedClient) this.feeds.unsubscribe(feedClient);
  }

  /**
   * Staff feeds need a staff token first; the others are public. The audience is
   * resolved here, once: an unknown name is served the venue feed (fail closed).
   */
  private subscribe(client: WebSocket, message: Extract<ClientMessage, { type: 'subscribe' }>): void {
    const audience = resolveAudience(message.audience);
    const principal = this.principals.get(client);
    // The staff and commentary feeds both carry every hand: the roles GET /api/commentary lets in.
    const allowed =
      audience === 'staff' || audience === 'commentary'
        ? principal !== undefined && STAFF_FEED_ROLES.has(principal.role)
        : true;
    if (!allowed) {
      send(client, {
        type: 'error',
        code: 'forbidden',
        message: `the ${audience} feed needs authenticate with a referee, arbiter or producer token first`,
      });
      return;
    }
    const feedClient = this.feedClientOf(client);
    const { matchId } = message;
    if (!this.feeds.isSubscribed(feedClient, matchId, audience)) {
      // A match is known once a frame of it reached the hub (on a gateway, over the bus). A page
      // may be opened before its match is created, so a connection may wait for a few unknown
      // matches; past that a made-up id is refused by name and leaves nothing behind.
      if (!this.feeds.knows(matchId) && this.feeds.waitingCount(feedClient) >= WAITING_PER_CONNECTION) {
        this.limitTrips.inc({ setting: 'unknown-match' });
        send(client, {
          type: 'error',
          code: 'unknown-match',
          message: `matchId "${matchId}": no such match (this connection already waits for ${String(WAITING_PER_CONNECTION)} matches that do not exist yet)`,
        });
        return;
      }
      if (this.feeds.subscriptionCount(feedClient) >= this.config.FEED_MAX_SUBSCRIPTIONS) {
        this.limitTrips.inc({ setting: 'FEED_MAX_SUBSCRIPTIONS' });
        send(client, {
          type: 'error',
          code: 'limit',
          message: `matchId "${matchId}": this connection already has FEED_MAX_SUBSCRIPTIONS (${String(this.config.FEED_MAX_SUBSCRIPTIONS)}) feeds; unsubscribe one first`,
        });
        return;
      }
    }
    const result = this.feeds.subscribe(feedClient, message.matchId, audience, message.lastSeq);
    send(client, {
      type: 'subscribed',
      matchId: message.matchId,
      audience,
      latestSeq: result.latestSeq,
      resumed: result.resumed,
    });
    feedClient.sendEncoded(result.backlog);
  }

  /**
   * An overlay page says what it is. No token: it grants nothing, it only lets the
   * producer see the page and send it control messages, which carry no game data.
   */
  private announce(client: WebSocket, message: Extract<ClientMessage, { type: 'announce' }>): void {
    // A gateway-only process has no producer to list the page for; its feed works all the same.
    if (this.pages === undefined) return;
    let link = this.pageLinks.get(client);
    if (link === undefined) {
      link = {
        send: (control) => {
          if (client.readyState === client.OPEN) send(client, control);
        },
      };
      this.pageLinks.set(client, link);
    }
    this.pages.announce(link, message);
  }

  /**
   * A page set up per table (or per show) learns the match to show, now and at every change. A
   * gateway-only process has no read models to tell it from: the page is told so, by name.
   */
  private follow(client: WebSocket, message: Extract<ClientMessage, { type: 'follow' }>): void {
    if (this.follows === undefined) {
      send(client, {
        type: 'error',
        code: 'malformed',
        message:
          'follow: this process is a feed gateway (TABLECAST_ROLE=gateway); open the page on the full server, or name the match with match=',
      });
      return;
    }
    const target = message.table !== undefined ? { table: message.table } : { onAir: true as const };
    this.follows.follow(client, target, (following) => {
      if (client.readyState === client.OPEN) send(client, following);
    });
  }

  private feedClientOf(client: WebSocket): FeedConnection {
    const known = this.feedClients.get(client);
    if (known !== undefined) return known;
    // Backlog and live frames are queued and written as the socket drains, their unread bytes
    // checked against FEED_CLIENT_BUFFER and FEED_TOTAL_BUFFER (feed-buffers.ts).
    const feedClient = this.buffers.open(client);
    this.feedClients.set(client, feedClient);
    return feedClient;
  }
}

/**
 * parseClientMessage, and a refusal when it throws: a frame nested thousands deep (`{"type":[[[…`)
 * overflows the stack while the refusal is phrased.
 */
function parseFrame(data: RawData): ReturnType<typeof parseClientMessage> {
  try {
    return parseClientMessage(rawDataToText(data));
  } catch (error) {
    if (error instanceof RangeError) return { ok: false, reason: 'frame is nested too deeply to read' };
    throw error;
  }
}

/** Matches not known yet that one connection may wait for (a page opened before its match). */
export const WAITING_PER_CONNECTION = 4;

const STAFF_FEED_ROLES: ReadonlySet<string> = new Set(['referee', 'arbiter', 'producer']);

function send(client: WebSocket, message: ServerMessage): void {
  client.send(JSON.stringify(message));
}
