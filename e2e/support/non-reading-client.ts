import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';

/**
 * A websocket client that completes the handshake and then never reads its socket again: a
 * frozen browser source. It never answers a close frame. `bytesUnread` is what reached its kernel
 * buffer; `tail` (read only after `drain`) holds the last bytes, where the server's close frame is.
 */
export class NonReadingClient {
  private tailBytes = Buffer.alloc(0);
  private closed = false;

  private constructor(private readonly socket: Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.tailBytes = Buffer.concat([this.tailBytes, chunk]).subarray(-256);
    });
    socket.on('close', () => {
      this.closed = true;
    });
    socket.on('error', () => {
      this.closed = true;
    });
  }

  static async open(wsUrl: string): Promise<NonReadingClient> {
    const { hostname, port } = new URL(wsUrl);
    const socket = connect(Number(port), hostname);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('error', reject);
    });
    socket.write(
      [
        'GET /ws HTTP/1.1',
        `Host: ${hostname}:${port}`,
        'Upgrade: websocket',
        'Connection: Upgrade',
        `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}`,
        'Sec-WebSocket-Version: 13',
        '',
        '',
      ].join('\r\n'),
    );
    const response = await new Promise<string>((resolve) => {
      socket.once('data', (chunk: Buffer) => {
        resolve(chunk.toString('latin1'));
      });
    });
    if (!response.startsWith('HTTP/1.1 101'))
      throw new Error(`no websocket upgrade: ${response.slice(0, 40)}`);
    socket.pause();
    return new NonReadingClient(socket);
  }

  /** Reads what is left and resolves when the server has closed the connection. */
  async drain(): Promise<Buffer> {
    if (!this.closed) {
      const ended = new Promise<void>((resolve) => {
        this.socket.once('close', () => {
          resolve();
        });
      });
      this.socket.resume();
      await ended;
    }
    return this.tailBytes;
  }

  destroy(): void {
    this.socket.destroy();
  }
}
