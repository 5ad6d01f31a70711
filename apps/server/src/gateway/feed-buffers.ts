import type { WebSocket } from 'ws';
import { FeedConnection, type DropReason, type FeedQueueAccount } from './feed-connection';

/** How often every feed client's unread bytes are checked, whether or not a frame is published. */
export const FEED_CHECK_INTERVAL_MS = 1_000;

export interface FeedBufferLimits {
  /** FEED_CLIENT_BUFFER: bytes one client may leave unread. */
  readonly perClient: number;
  /** FEED_TOTAL_BUFFER: bytes all clients together may leave unread. */
  readonly total: number;
}

/**
 * The memory held for feed clients, accounted: each connection's queue as it changes, the sockets'
 * buffers at every check. A frame that would take the total past FEED_TOTAL_BUFFER is not queued
 * (that client is dropped); every second each client is checked against FEED_CLIENT_BUFFER, and
 * if the total is still over, the clients with the most unread go first. Checks run on a timer as
 * well as on publish, so a client on an ended match (no frame will ever be published) is caught.
 */
export class FeedBuffers implements FeedQueueAccount {
  private readonly connections = new Set<FeedConnection>();
  private queuedTotal = 0;
  private socketsTotal = 0;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly limits: FeedBufferLimits,
    private readonly onDropped: (connection: FeedConnection, reason: DropReason) => void,
  ) {
    this.timer = setInterval(() => {
      this.check();
    }, FEED_CHECK_INTERVAL_MS);
    this.timer.unref();
  }

  open(socket: WebSocket): FeedConnection {
    const connection = new FeedConnection(socket, this);
    this.connections.add(connection);
    return connection;
  }

  closed(connection: FeedConnection): void {
    connection.release();
    this.connections.delete(connection);
  }

  /** Bytes queued for all clients now (their sockets' buffers as of the last check). */
  get unread(): number {
    return this.queuedTotal + this.socketsTotal;
  }

  queued(bytes: number): void {
    this.queuedTotal += bytes;
  }

  admits(bytes: number): boolean {
    return this.queuedTotal + this.socketsTotal + bytes <= this.limits.total;
  }

  dropped(connection: FeedConnection, reason: DropReason): void {
    this.connections.delete(connection);
    this.onDropped(connection, reason);
  }

  check(): void {
    for (const connection of this.connections) connection.check(this.limits.perClient);
    let total = 0;
    for (const connection of this.connections) total += connection.unread;
    this.socketsTotal = Math.max(0, total - this.queuedTotal);
    if (total <= this.limits.total) return;
    const heaviest = [...this.connections].sort((a, b) => b.unread - a.unread);
    for (const connection of heaviest) {
      if (total <= this.limits.total) break;
      total -= connection.unread;
      connection.drop({
        setting: 'FEED_TOTAL_BUFFER',
        message: `feed clients together left more than FEED_TOTAL_BUFFER (${String(this.limits.total)} bytes) unread; this one the most. Reconnect and resume with lastSeq`,
      });
    }
  }

  stop(): void {
    clearInterval(this.timer);
  }
}
