import WebSocket from 'ws';

/** A frame as the seat's socket received it: the raw text (what a leak scan reads) and its parse. */
export interface ReceivedFrame {
  readonly raw: string;
  readonly frame: { readonly type: string } & Record<string, unknown>;
}

/** A test client of `/ws/play`, as a terminal would use it: every frame kept in arrival order. */
export class SeatSocket {
  readonly frames: ReceivedFrame[] = [];
  private readonly listeners = new Set<() => void>();

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data: Buffer) => {
      const raw = data.toString('utf8');
      this.frames.push({ raw, frame: JSON.parse(raw) as ReceivedFrame['frame'] });
      for (const listener of this.listeners) listener();
    });
  }

  static async open(baseUrl: string): Promise<SeatSocket> {
    const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/ws/play`);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => {
        resolve();
      });
      socket.once('error', reject);
    });
    return new SeatSocket(socket);
  }

  send(frame: unknown): void {
    this.socket.send(JSON.stringify(frame));
  }

  /** Calls `listener` after each frame arrives; returns the unsubscribe. */
  onFrame(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  close(): void {
    this.socket.close();
  }
}
