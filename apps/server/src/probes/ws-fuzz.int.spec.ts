import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { MatchClient, newMatchRequest } from '../testing/match-client';
import { staffedServerForSuite } from '../testing/staffed-server';
import { TEST_TOKENS } from '../testing/staff-tokens';
import { KNOWN } from './http-cases';
import { percentile, watchCrashes, watchHealth } from './latency';
import { wsFrame, type WsFrame } from './ws-cases';

const SEED = 2026;
const FRAMES = 3_000;
const SOCKETS = 4;
/** Frames sent before a ping/pong barrier: the fuzzer never has more than this in flight per socket. */
const BATCH = 50;
/** As the HTTP fuzzer's bound: the client shares the server's event loop on a busy 2-core machine. */
const HEALTH_P99_MS = 1_000;
/** A close the protocol allows the server to choose for a bad client (policy, too big, try later). */
const CLOSES_FOR_A_BAD_CLIENT = new Set([1008, 1009, 1013]);
const ERROR_CODES = new Set(['malformed', 'unauthenticated', 'forbidden']);

/**
 * A hostile websocket client over loopback: fixed-seed bad frames (bad JSON, wrong types, unknown
 * types, few-KB fields, binary) on several sockets, some of them authenticated as staff. Every
 * answer is a well-formed protocol message, none is a 5xx-equivalent, the server keeps serving
 * (/healthz meanwhile, a fresh socket afterwards).
 */
describe('websocket fuzzer (real server, fixed seed)', () => {
  const staff = staffedServerForSuite();

  it(`${String(FRAMES)} bad frames: no crash, no 5xx-equivalent, well-formed answers, the server keeps serving`, async () => {
    await seedMatch(staff.server.url);
    const frames = fc.sample(wsFrame, { seed: SEED, numRuns: FRAMES });
    const health = watchHealth(staff.server.url);
    const crashes = watchCrashes();
    const problems: string[] = [];
    const perSocket = Math.ceil(frames.length / SOCKETS);
    await Promise.all(
      Array.from({ length: SOCKETS }, (_, i) =>
        fuzzOneSocket(staff.server.url, frames.slice(i * perSocket, (i + 1) * perSocket), i, problems),
      ),
    );
    const { statuses, ms } = await health.stop();
    expect(crashes.stop()).toEqual([]);

    expect(problems.slice(0, 10)).toEqual([]);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    expect(percentile(ms, 99)).toBeLessThan(HEALTH_P99_MS);
    // Still serving: a new socket is greeted and answered.
    const fresh = await Client.open(staff.server.url);
    fresh.send({ type: 'ping', nonce: 'after-fuzz' });
    expect(await fresh.pong('after-fuzz')).toMatchObject({ type: 'pong', nonce: 'after-fuzz' });
    fresh.close();
  }, 120_000);
});

/** Sends one socket's share in batches, each closed by a ping the server must answer. */
async function fuzzOneSocket(
  baseUrl: string,
  frames: readonly WsFrame[],
  index: number,
  problems: string[],
): Promise<void> {
  const token = [undefined, TEST_TOKENS.referee, TEST_TOKENS.operatorT1, undefined][index];
  let client = await Client.open(baseUrl, token);
  for (let start = 0; start < frames.length; start += BATCH) {
    for (const frame of frames.slice(start, start + BATCH)) client.sendRaw(frame);
    const nonce = `barrier-${String(index)}-${String(start)}`;
    client.send({ type: 'ping', nonce });
    const answered = await client.pong(nonce);
    if (answered.type !== 'pong') {
      if (!CLOSES_FOR_A_BAD_CLIENT.has(answered.code))
        problems.push(
          `socket ${String(index)} closed with ${String(answered.code)} after frame ${String(start)}`,
        );
      client = await Client.open(baseUrl, token);
    }
    problems.push(...client.takeProblems());
  }
  client.close();
}

/** A ws client that checks every message it receives is a well-formed answer. */
class Client {
  private readonly problems: string[] = [];
  private readonly waiters = new Set<() => void>();
  private readonly pongs = new Set<string>();
  private closedWith: number | null = null;

  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (data: Buffer, isBinary: boolean) => {
      this.check(data.toString('utf8'), isBinary);
      this.wake();
    });
    socket.on('close', (code: number) => {
      this.closedWith = code;
      this.wake();
    });
    socket.on('error', () => undefined);
  }

  static async open(baseUrl: string, token?: string): Promise<Client> {
    const socket = new WebSocket(`${baseUrl.replace('http', 'ws')}/ws`);
    const client = new Client(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => {
        resolve();
      });
      socket.once('error', reject);
    });
    if (token !== undefined) client.send({ type: 'authenticate', token });
    return client;
  }

  send(message: unknown): void {
    this.sendRaw({ text: JSON.stringify(message) });
  }

  sendRaw(frame: WsFrame): void {
    if (this.socket.readyState !== WebSocket.OPEN) return;
    this.socket.send('text' in frame ? frame.text : frame.binary, { binary: !('text' in frame) });
  }

  /** The pong for `nonce`, or how the socket closed first. */
  pong(nonce: string): Promise<{ type: 'pong'; nonce: string } | { type: 'closed'; code: number }> {
    return new Promise((resolve) => {
      const check = (): void => {
        if (this.pongs.has(nonce)) resolve({ type: 'pong', nonce });
        else if (this.closedWith !== null) resolve({ type: 'closed', code: this.closedWith });
        else return;
        this.waiters.delete(check);
      };
      this.waiters.add(check);
      check();
    });
  }

  takeProblems(): string[] {
    return this.problems.splice(0);
  }

  close(): void {
    this.socket.close();
  }

  private wake(): void {
    for (const waiter of [...this.waiters]) waiter();
  }

  private check(text: string, isBinary: boolean): void {
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      this.problems.push(`not JSON (${isBinary ? 'binary' : 'text'}): ${text.slice(0, 80)}`);
      return;
    }
    const problem = problemWith(message);
    if (problem !== null) this.problems.push(`${problem}: ${text.slice(0, 120)}`);
    const { type, nonce } = message as Partial<Record<string, unknown>>;
    if (type === 'pong' && typeof nonce === 'string') this.pongs.add(nonce);
  }
}

/** What is wrong with one server message (as parsed, trusted for nothing), or null. */
function problemWith(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return 'not an object';
  const message = value as Record<string, unknown>;
  if (typeof message.type !== 'string') return 'no type';
  if (message.type === 'error') {
    if (typeof message.code !== 'string' || !ERROR_CODES.has(message.code)) return 'an unknown error code';
    if (typeof message.message !== 'string' || message.message === '') return 'an error without a message';
  }
  if (message.type === 'commandResult' && message.ok !== true) {
    const error = (message.error ?? {}) as Record<string, unknown>;
    const status = error.statusCode;
    if (typeof status !== 'number' || status < 400 || status >= 500) return 'a refusal that is no 4xx';
    if (typeof error.message !== 'string') return 'a refusal without a message';
  }
  return null;
}

async function seedMatch(baseUrl: string): Promise<void> {
  const referee = new MatchClient(baseUrl, TEST_TOKENS.referee);
  const created = await referee.create(newMatchRequest(KNOWN.matchId));
  const dealt = await referee.send(KNOWN.matchId, created.body.revision, { type: 'DealCards', seed: 'wsfz' });
  if (dealt.status !== 200) throw new Error('the fuzzer could not set up its match');
}

describe('what the websocket fuzzer found', () => {
  const staff = staffedServerForSuite();

  it('a frame nested thousands deep is refused as malformed, not thrown out of the gateway (an unhandled rejection ends the process)', async () => {
    const socket = new WebSocket(`${staff.server.url.replace('http', 'ws')}/ws`);
    const answers: string[] = [];
    socket.on('message', (data: Buffer) => answers.push(data.toString('utf8')));
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => {
        resolve();
      });
      socket.once('error', reject);
    });
    socket.send(`{"type":${'['.repeat(5_000)}${']'.repeat(5_000)}}`);
    socket.send(JSON.stringify({ type: 'ping', nonce: 'after-deep' }));
    await vi.waitFor(() => {
      expect(answers.some((text) => text.includes('after-deep'))).toBe(true);
    });
    const refusals = answers
      .map((text) => JSON.parse(text) as { type: string })
      .filter((m) => m.type === 'error');
    expect(refusals).toEqual([
      { type: 'error', code: 'malformed', message: 'frame is nested too deeply to read' },
    ]);
    socket.close();
  });
});
