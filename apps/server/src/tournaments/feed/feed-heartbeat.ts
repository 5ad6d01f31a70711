import type { WebSocket } from 'ws';

interface Beat {
  /** Answered the last ping (a pong came back since). */
  alive: boolean;
  /** Has asked to watch a tournament: a socket that never does holds a place for nothing. */
  watching: boolean;
  /** Has lived through one tick already: the checks apply from the second, so a socket has a whole period. */
  ticked: boolean;
}

/**
 * The tournament feed's heartbeat: every period each socket is pinged; one that has not answered
 * the ping before is cut (a page whose network went away never sends a close, and its place and
 * its frame pushes would stay forever), and one that has watched no tournament in a whole period
 * is closed with 1008. Each check waits a whole period from the connection. A page's browser
 * answers pings by itself, so a live page is never cut.
 */
export class FeedHeartbeat {
  private readonly beats = new Map<WebSocket, Beat>();
  private readonly timer: NodeJS.Timeout;

  constructor(periodMs: number, onIdle: (socket: WebSocket) => void) {
    this.timer = setInterval(() => {
      for (const [socket, beat] of this.beats) {
        // Closing already: its disconnect removes it.
        if (socket.readyState !== socket.OPEN) continue;
        if (!beat.ticked) {
          beat.ticked = true;
          beat.alive = false;
          socket.ping();
        } else if (!beat.watching) {
          this.beats.delete(socket);
          onIdle(socket);
        } else if (!beat.alive) {
          this.beats.delete(socket);
          socket.terminate();
        } else {
          beat.alive = false;
          socket.ping();
        }
      }
    }, periodMs);
    this.timer.unref();
  }

  add(socket: WebSocket): void {
    const beat: Beat = { alive: true, watching: false, ticked: false };
    this.beats.set(socket, beat);
    socket.on('pong', () => {
      beat.alive = true;
    });
  }

  watching(socket: WebSocket): void {
    const beat = this.beats.get(socket);
    if (beat !== undefined) beat.watching = true;
  }

  remove(socket: WebSocket): void {
    this.beats.delete(socket);
  }

  stop(): void {
    clearInterval(this.timer);
    this.beats.clear();
  }
}
