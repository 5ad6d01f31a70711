import type { FeedFrame, ServerMessage } from '@tablecast/protocol';
import WebSocket from 'ws';

/** A real ws client that keeps every raw frame with the time it arrived. */
export class FeedSocket {
  readonly raw: { text: string; at: number }[] = [];
  readonly messages: ServerMessage[] = [];
  private readonly waiters = new Set<() => void>();

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data: Buffer, isBinary: boolean) => {
      const text = data.toString('utf8');
      this.raw.push({ text: isBinary ? `binary:${text}` : text, at: Date.now() });
      this.messages.push(JSON.parse(text) as ServerMessage);
      for (const waiter of [...this.waiters]) waiter();
    });
  }

  static async open(server: { readonly url: string }): Promise<FeedSocket> {
    const socket = new WebSocket(`${server.url.replace('http', 'ws')}/ws`);
    // Listen before the socket opens: the hello can arrive in the same read as the handshake.
    const client = new FeedSocket(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => {
        resolve();
      });
      socket.once('error', reject);
    });
    await client.until((m) => m.type === 'hello');
    return client;
  }

  send(message: unknown): void {
    this.socket.send(JSON.stringify(message));
  }

  /** Authenticates with a staff token, then subscribes to the match's staff feed (the whole log). */
  async subscribeAsStaff(matchId: string, token: string): Promise<void> {
    this.send({ type: 'authenticate', token });
    await this.until((m) => m.type === 'authenticated');
    this.send({ type: 'subscribe', matchId, audience: 'staff' });
    await this.until((m) => m.type === 'subscribed' && m.audience === 'staff');
  }

  frames(): FeedFrame[] {
    return this.messages.filter((m): m is FeedFrame => m.type === 'feed');
  }

  /** Resolves with the first message matching, waiting up to `timeoutMs` for it. */
  until(match: (m: ServerMessage) => boolean, timeoutMs = 20_000): Promise<ServerMessage> {
    return new Promise((resolve, reject) => {
      const check = (): void => {
        const found = this.messages.find(match);
        if (found === undefined) return;
        clearTimeout(timer);
        this.waiters.delete(check);
        resolve(found);
      };
      const timer = setTimeout(() => {
        this.waiters.delete(check);
        const lastMessage = JSON.stringify(this.messages.at(-1) ?? null).slice(0, 300);
        reject(new Error(`no matching message within ${String(timeoutMs)} ms; last: ${lastMessage}`));
      }, timeoutMs);
      this.waiters.add(check);
      check();
    });
  }

  async close(): Promise<void> {
    if (this.socket.readyState === WebSocket.CLOSED) return;
    await new Promise<void>((resolve) => {
      this.socket.once('close', () => {
        resolve();
      });
      this.socket.close();
    });
  }
}
