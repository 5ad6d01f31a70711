import type { Socket } from 'node:net';
import type { WebSocket } from 'ws';
import type { FeedClient } from './feed-hub.service';
import { rawSocketOf, sendPrebuiltFrames } from './prebuilt-frame';

/** Bytes handed to a socket at most before waiting for it to drain: one client's copy in memory. */
export const SOCKET_HIGH_WATER = 64 * 1024;
/** Bytes per write when a queue is drained (a backlog of thousands of frames goes out in these). */
const CHUNK_BYTES = 16 * 1024;
/** How long a dropped client may take to read its close frame before its socket is cut. */
const CLOSE_GRACE_MS = 5_000;

/** Why a client was dropped: the answer it gets and what is logged. */
export interface DropReason {
  readonly setting: 'FEED_CLIENT_BUFFER' | 'FEED_TOTAL_BUFFER';
  readonly message: string;
}

/** What a connection reports to the pool that accounts for every connection's queue. */
export interface FeedQueueAccount {
  /** The queue grew (positive) or shrank (negative) by `bytes`. */
  queued(bytes: number): void;
  /** Whether `bytes` more may be queued without passing FEED_TOTAL_BUFFER. */
  admits(bytes: number): boolean;
  dropped(connection: FeedConnection, reason: DropReason): void;
}

/**
 * One websocket's feed side. Frames for it (a subscribe's backlog, live frames) are queued as the
 * hub's own Buffers, shared with every other client, and written in chunks while the socket takes
 * them: a client that does not read holds at most SOCKET_HIGH_WATER bytes of its own copy plus
 * references, where writing a whole backlog at once made ws copy it into memory per client.
 * Its unread bytes (queued plus unsent on the socket) count against FEED_CLIENT_BUFFER.
 */
export class FeedConnection implements FeedClient {
  private queue: Buffer[] = [];
  private head = 0;
  private queuedBytes = 0;
  /** Bytes handed to the socket so far; less what it still holds, that is what the client took. */
  private handed = 0;
  private flushedAtLastCheck = 0;
  private closed = false;
  /** The socket written directly when ws lets us (no extension negotiated); see prebuilt-frame.ts. */
  private readonly raw: Socket | undefined;

  constructor(
    private readonly socket: WebSocket,
    private readonly account: FeedQueueAccount,
  ) {
    this.raw = rawSocketOf(socket);
    this.raw?.on('drain', () => {
      this.pump();
    });
  }

  /** Bytes this client has been given and has not read: its queue and its socket's buffer. */
  get unread(): number {
    return this.queuedBytes + this.socket.bufferedAmount;
  }

  get dropped(): boolean {
    return this.closed;
  }

  sendEncoded(frames: readonly Buffer[]): void {
    if (this.closed || frames.length === 0 || this.socket.readyState !== this.socket.OPEN) return;
    const bytes = byteLength(frames);
    // A fan-out to a client that keeps up: the same array as every other client, so the frames
    // are built once for all of them (see sendPrebuiltFrames).
    if (
      this.head === this.queue.length &&
      bytes <= CHUNK_BYTES &&
      this.socket.bufferedAmount < SOCKET_HIGH_WATER
    ) {
      this.write(frames, bytes);
      return;
    }
    if (!this.account.admits(bytes)) {
      this.drop({
        setting: 'FEED_TOTAL_BUFFER',
        message:
          'the server holds FEED_TOTAL_BUFFER bytes unread by feed clients; reconnect and resume with lastSeq',
      });
      return;
    }
    for (const frame of frames) this.queue.push(frame);
    this.queuedBytes += bytes;
    this.account.queued(bytes);
    this.pump();
  }

  /**
   * The periodic check: over `limit` bytes unread and nothing taken off the socket since the last
   * check, the client is not reading and is dropped. One that reads keeps its place, however long
   * its backlog: only a client that stalls past the limit costs memory.
   */
  check(limit: number): void {
    if (this.closed) return;
    this.pump();
    const flushed = this.handed - this.socket.bufferedAmount;
    const progressed = flushed > this.flushedAtLastCheck;
    this.flushedAtLastCheck = flushed;
    if (this.unread > limit && !progressed) {
      this.drop({
        setting: 'FEED_CLIENT_BUFFER',
        message: `more than FEED_CLIENT_BUFFER (${String(limit)} bytes) left unread; reconnect and resume with lastSeq`,
      });
    }
  }

  /**
   * Drops the client: its queue is let go, it gets an error naming the limit and a close frame
   * (1008) with the setting, behind at most SOCKET_HIGH_WATER bytes, and is cut if it does not
   * read them soon.
   */
  drop(reason: DropReason): void {
    if (this.closed) return;
    this.closed = true;
    this.release();
    this.account.dropped(this, reason);
    if (this.socket.readyState !== this.socket.OPEN) return;
    this.socket.send(JSON.stringify({ type: 'error', code: 'slow-consumer', message: reason.message }));
    this.socket.close(1008, `slow consumer: over ${reason.setting}`);
    setTimeout(() => {
      this.socket.terminate();
    }, CLOSE_GRACE_MS).unref();
  }

  /** The socket closed: nothing more is queued for it. */
  release(): void {
    this.closed = true;
    this.account.queued(-this.queuedBytes);
    this.queue = [];
    this.head = 0;
    this.queuedBytes = 0;
  }

  private pump(): void {
    while (
      !this.closed &&
      this.head < this.queue.length &&
      this.socket.readyState === this.socket.OPEN &&
      this.socket.bufferedAmount < SOCKET_HIGH_WATER
    ) {
      const chunk: Buffer[] = [];
      let bytes = 0;
      for (
        let frame = this.queue[this.head];
        frame !== undefined && bytes < CHUNK_BYTES;
        frame = this.queue[this.head]
      ) {
        chunk.push(frame);
        bytes += frame.length;
        this.head += 1;
      }
      this.queuedBytes -= bytes;
      this.account.queued(-bytes);
      this.write(chunk, bytes);
    }
    if (this.head === this.queue.length) {
      this.queue = [];
      this.head = 0;
    } else if (this.head > 1024 && this.head * 2 > this.queue.length) {
      this.queue = this.queue.slice(this.head);
      this.head = 0;
    }
  }

  private write(frames: readonly Buffer[], bytes: number): void {
    this.handed += bytes;
    if (this.raw !== undefined) {
      sendPrebuiltFrames(this.socket, frames);
      return;
    }
    // ws writes itself (permessage-deflate, as browsers negotiate): it compresses in the
    // background, so its callback, not the raw socket's drain, says when to write the next chunk.
    frames.forEach((frame, i) => {
      this.socket.send(
        frame,
        { binary: false },
        i === frames.length - 1
          ? () => {
              this.pump();
            }
          : undefined,
      );
    });
  }
}

function byteLength(frames: readonly Buffer[]): number {
  let bytes = 0;
  for (const frame of frames) bytes += frame.length;
  return bytes;
}
