import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';

/** A client-to-server websocket text frame (masked, as RFC 6455 requires of clients). */
export function maskedTextFrame(text: string): Buffer {
  const payload = Buffer.from(text, 'utf8');
  if (payload.length > 0xffff) throw new Error('frame too long for this helper');
  const header = payload.length < 126 ? Buffer.from([0x81, 0x80 | payload.length]) : Buffer.alloc(4);
  if (payload.length >= 126) {
    header[0] = 0x81;
    header[1] = 0x80 | 126;
    header.writeUInt16BE(payload.length, 2);
  }
  const mask = randomBytes(4);
  const masked = Buffer.from(payload.map((byte, i) => byte ^ (mask[i % 4] ?? 0)));
  return Buffer.concat([header, mask, masked]);
}

/**
 * A raw TCP websocket client that completes the handshake, subscribes, and then stops reading
 * its socket — a spectator on a stalled connection. Reading resumes only when the test says so.
 */
export class StalledClient {
  received = 0;
  closed = false;
  /** The last bytes received: where the server's parting error and close frame are. */
  tail = '';
  private constructor(private readonly socket: Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.received += chunk.length;
      this.tail = (this.tail + chunk.toString('latin1')).slice(-4_096);
    });
    socket.on('close', () => {
      this.closed = true;
    });
    socket.on('error', () => {
      this.closed = true;
    });
  }

  /** Connects, sends `messages`, and stops reading. */
  static async open(url: string, messages: readonly unknown[]): Promise<StalledClient> {
    const { hostname, port } = new URL(url);
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
    const client = new StalledClient(socket);
    for (const message of messages) socket.write(maskedTextFrame(JSON.stringify(message)));
    socket.pause();
    return client;
  }

  resumeReading(): void {
    this.socket.resume();
  }

  destroy(): void {
    this.socket.destroy();
  }
}
