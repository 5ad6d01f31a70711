import type { Socket } from 'node:net';
import { matchStream } from '@tablecast/events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WebSocket } from 'ws';
import type { AppEventStore } from '../event-store/event-store.module';
import { staffedServerForSuite } from '../testing/staffed-server';
import { SeatCommandService } from './seat-commands.service';
import { SeatSocket } from './seat-socket.testing';
import { SeatViewGateway } from './seat-view.gateway';
import { dealtDoudizhuMatch } from './testing/seat-sockets';

/** What the server's socket handed the kernel in one write (`_write` or `_writev`), as text. */
function kernelWrites(socket: Socket): string[] {
  const writes: string[] = [];
  const text = (chunk: unknown): string => Buffer.from(chunk as Buffer).toString('latin1');
  const write = socket._write.bind(socket);
  vi.spyOn(socket, '_write').mockImplementation((chunk: unknown, encoding, callback) => {
    writes.push(text(chunk));
    write(chunk, encoding, callback);
  });
  const writev = socket._writev?.bind(socket);
  if (writev)
    vi.spyOn(socket, '_writev').mockImplementation((chunks, callback) => {
      writes.push(chunks.map(({ chunk }) => text(chunk)).join(''));
      writev(chunks, callback);
    });
  return writes;
}

/**
 * The log's followers from now on hand out each event 20 ms late: a follower under load has a
 * commit group's other events to hand out first. Undone by `vi.restoreAllMocks()`.
 */
function followBehind(store: AppEventStore): void {
  const subscribe = store.subscribeToAll.bind(store);
  vi.spyOn(store, 'subscribeToAll').mockImplementation((options) => {
    const subscription = subscribe(options);
    return {
      async *[Symbol.asyncIterator]() {
        for await (const event of subscription) {
          await new Promise((resolve) => setTimeout(resolve, 20));
          yield event;
        }
      },
      close: () => subscription.close(),
    };
  });
}

/** A seat's command answered 20 ms after it is done: its views go out first. */
function answerBehind(commands: SeatCommandService): void {
  const execute = commands.execute.bind(commands);
  vi.spyOn(commands, 'execute').mockImplementation(async (...args) => {
    const accepted = await execute(...args);
    await new Promise((resolve) => setTimeout(resolve, 20));
    return accepted;
  });
}

interface Table {
  readonly matchId: string;
  /** The stream's revision once dealt: the first bid is made against it. */
  readonly revision: number;
  readonly seats: readonly {
    readonly seat: string;
    readonly client: SeatSocket;
    readonly server: WebSocket;
  }[];
}

/** Three tables: their first bids are read in one turn and committed together, as under load. */
const TABLES = 3;

/**
 * A seat's move is answered on its socket together with its view of what the move wrote: one
 * write to the kernel, the answer first, then the view; every seat of the table gets that view,
 * whether or not the log's follower has handed the move's events to the seats' views yet, and
 * for every table whose command shared the commit.
 */
describe.each([
  ['the log’s follower in step', { follower: false, answer: false }],
  ['the log’s follower behind, as under load', { follower: true, answer: false }],
  ['the answer behind the view', { follower: false, answer: true }],
] as const)('a seat’s answer and its view in one write, %s (real server, SQLite, /ws/play)', (_, behind) => {
  const suite = staffedServerForSuite();
  const sockets: SeatSocket[] = [];
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
    vi.restoreAllMocks();
  });

  const viewOf = (client: SeatSocket, atLeast: number): Record<string, unknown> | undefined =>
    client.frames.find((f) => f.frame.type === 'view' && Number(f.frame.revision) >= atLeast)?.frame;

  /** A dealt Dou Dizhu table whose three seats have joined and seen the deal. */
  async function dealtTable(matchId: string, connected: { mock: { calls: unknown[][] } }): Promise<Table> {
    const stream = matchStream(matchId);
    const issued = await dealtDoudizhuMatch(suite, matchId);
    const revision = (await suite.store.readStream(stream)).length - 1;
    const seats: Table['seats'][number][] = [];
    for (const { seat, token } of issued.seats) {
      const seen = connected.mock.calls.length;
      const client = await SeatSocket.open(suite.server.url);
      sockets.push(client);
      const server = await vi.waitFor(() => {
        const found = connected.mock.calls[seen]?.[0] as WebSocket | undefined;
        if (found === undefined) throw new Error('the gateway has not seen the connection yet');
        return found;
      });
      client.send({ type: 'join', token });
      seats.push({ seat, client, server });
    }
    for (const { client } of seats)
      await vi.waitFor(() => {
        expect(viewOf(client, revision)).toBeDefined();
      });
    return { matchId, revision, seats };
  }

  it('writes each acting seat’s commandResult and its next view in one system call', async () => {
    // The seats' follower of the log starts at the first join: from then on behind if lagging.
    if (behind.follower) followBehind(suite.store);
    if (behind.answer) answerBehind(suite.server.app.get(SeatCommandService));
    const connected = vi.spyOn(suite.server.app.get(SeatViewGateway), 'handleConnection');
    const tables: Table[] = [];
    for (let n = 0; n < TABLES; n += 1)
      tables.push(await dealtTable(`ddz_answer_write_${String(n)}`, connected));
    const actors = tables.map((table) => {
      const actor = table.seats.find(
        ({ client }) => (viewOf(client, table.revision)?.choices as { kind: string }).kind === 'bid',
      );
      if (actor === undefined) throw new Error(`no seat of ${table.matchId} is to bid`);
      return { ...actor, writes: kernelWrites((actor.server as unknown as { _socket: Socket })._socket) };
    });

    // The gateway's push of a seat's view (its own method: the turn clock reads the match too).
    const gateway = suite.server.app.get<unknown, { push(client: unknown, atLeast: number): Promise<void> }>(
      SeatViewGateway,
    );
    const pushes = vi.spyOn(gateway, 'push');
    tables.forEach((table, n) => {
      const actor = actors[n];
      actor?.client.send({
        type: 'command',
        requestId: 'pass-1',
        request: {
          game: 'doudizhu',
          revision: table.revision,
          idempotencyKey: `${table.matchId}-pass-1`,
          command: { type: 'Bid', seat: Number(actor.seat), bid: 'pass' },
        },
      });
    });
    for (const table of tables)
      for (const { client } of table.seats)
        await vi.waitFor(() => {
          expect(viewOf(client, table.revision + 1)).toBeDefined();
        });
    for (const { client } of actors)
      await vi.waitFor(() => {
        expect(client.frames.some((f) => f.frame.type === 'commandResult')).toBe(true);
      });

    // The moves' views were pushed once to each seat: the follower's later notice of the same
    // revision (or the command's, after the follower's) pushes nothing again.
    expect(pushes).toHaveBeenCalledTimes(TABLES * 3);
    // In the order they were sent: the answer first unless it was made to wait.
    const order = behind.answer ? ['view', 'commandResult'] : ['commandResult', 'view'];
    for (const actor of actors) {
      const answered = actor.client.frames.filter((f) => f.frame.type !== 'joined').slice(1);
      expect(answered.map((f) => f.frame.type)).toEqual(order);
      expect(answered.find((f) => f.frame.type === 'commandResult')?.frame).toMatchObject({
        requestId: 'pass-1',
        ok: true,
      });
      expect(actor.writes).toHaveLength(1);
      const [both = ''] = actor.writes;
      const first = both.indexOf(`"type":"${order[0] ?? ''}"`);
      expect(first).toBeGreaterThanOrEqual(0);
      expect(both.indexOf(`"type":"${order[1] ?? ''}"`, first)).toBeGreaterThan(first);
    }
  });
});
