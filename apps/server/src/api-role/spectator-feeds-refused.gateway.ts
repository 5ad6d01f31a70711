import { Module } from '@nestjs/common';
import { WebSocketGateway, type OnGatewayConnection } from '@nestjs/websockets';
import type { WebSocket } from 'ws';
import { refuseFeedOnThisRole } from '../gateway/wrong-role';

/** What an api process answers on `/ws`, named by the roles that serve it. */
export const SPECTATOR_FEEDS_REFUSED =
  '/ws: the spectator feeds are served by TABLECAST_ROLE=gateway (or all), not api';

/**
 * `/ws` on an `api` process (TC-SCALE-2): the spectator feeds (venue, broadcast, commentary and
 * staff channels) are built from the frames the `feeds` role publishes to Kafka, which only a
 * gateway (or the one `all` process) consumes. Without this the upgrade was cut without a word;
 * now every socket is told which role serves the feeds and closed with 4421.
 */
@WebSocketGateway({ path: '/ws' })
export class SpectatorFeedsRefusedGateway implements OnGatewayConnection<WebSocket> {
  handleConnection(socket: WebSocket): void {
    refuseFeedOnThisRole(socket, SPECTATOR_FEEDS_REFUSED);
  }
}

@Module({ providers: [SpectatorFeedsRefusedGateway] })
export class SpectatorFeedsRefusedModule {}
