import type { ProgramServerMessage } from '@tablecast/protocol';
import WebSocket from 'ws';

/** A real client of /ws/producer that keeps every message with the time it arrived. */
export class ProgramSocket {
  readonly received: { readonly message: ProgramServerMessage; readonly at: number }[] = [];
  private readonly waiters = new Set<() => void>();
  closeCode: number | null = null;

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data: Buffer) => {
      this.received.push({
        message: JSON.parse(data.toString('utf8')) as ProgramServerMessage,
        at: Date.now(),
      });
      for (const waiter of [...this.waiters]) waiter();
    });
    socket.on('close', (code: number) => {
      this.closeCode = code;
      for (const waiter of [...this.waiters]) waiter();
    });
  }

  /** Opens the socket and sends `{type:"watchProgram", token}`. */
  static async open(url: string, token: string): Promise<ProgramSocket> {
    const socket = new WebSocket(`${url.replace('http', 'ws')}/ws/producer`);
    const client = new ProgramSocket(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => {
        resolve();
      });
      socket.once('error', reject);
    });
    socket.send(JSON.stringify({ type: 'watchProgram', token }));
    return client;
  }

  /** The first message (since the socket opened) matching, with its arrival time. */
  until(
    match: (m: ProgramServerMessage) => boolean,
    timeoutMs = 30_000,
  ): Promise<{ readonly message: ProgramServerMessage; readonly at: number }> {
    return new Promise((resolve, reject) => {
      const check = (): void => {
        const found = this.received.find((r) => match(r.message));
        if (found === undefined) return;
        clearTimeout(timer);
        this.waiters.delete(check);
        resolve(found);
      };
      const timer = setTimeout(() => {
        this.waiters.delete(check);
        const last = JSON.stringify(this.received.at(-1)?.message ?? null).slice(0, 400);
        reject(new Error(`no matching program message within ${String(timeoutMs)} ms; last: ${last}`));
      }, timeoutMs);
      this.waiters.add(check);
      check();
    });
  }

  close(): void {
    this.socket.close();
  }
}
