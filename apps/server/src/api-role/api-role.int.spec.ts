import { verifyAll, type StoredEvent, type Subscription } from '@tablecast/event-store';
import { appealStream, matchStream } from '@tablecast/events';
import { guandanMatchRequest } from '@tablecast/games/testing';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { seedPlayedMatch } from '../arbitration/testing/arbitration-fixture';
import { TokenRegistry } from '../auth/token-registry.service';
import { DISCLOSURE_STORE } from '../broadcast/broadcast.tokens';
import { DisclosureStore } from '../broadcast/disclosure-store';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import type { AppEventStore } from '../event-store/event-store.module';
import { ProjectionRunner } from '../projections/projection-runner.service';
import type { RunningServer } from '../bootstrap';
import { appealRequest } from '../arbitration/testing/arbitration-fixture';
import { playMatchOverHttp, type AcceptedBotCommand } from '../testing/http-bot-match';
import { startServerOn } from '../testing/test-server';
import { readWholeLog } from '../testing/whole-log';
import { WRONG_ROLE_CLOSE } from '../gateway/wrong-role';
import { SeatSocket } from '../play/seat-socket.testing';

const viewRevisions = (socket: SeatSocket): number[] =>
  socket.frames.flatMap((f) => (f.frame.type === 'view' ? [f.frame.revision as number] : []));

interface Answer {
  readonly status: number;
  readonly body: { revision?: number; replayed?: boolean; error?: string; events?: { revision: number }[] };
}

/**
 * TABLECAST_ROLE=api (TC-SCALE-2): two real api servers in one test, each with its own data dir,
 * over one shared SQLite log dir, no TABLECAST_TOKENS. Commands alternate between them; the log
 * must hold every acknowledged command's events exactly once, its hash chain intact.
 */
describe('two api processes on one log (TC-SCALE-2)', () => {
  const logDir = mkdtempSync(join(tmpdir(), 'tablecast-api-log-'));
  const dataDirs = [0, 1].map(() => mkdtempSync(join(tmpdir(), 'tablecast-api-data-')));
  let a: RunningServer;
  let b: RunningServer;
  let operator = '';

  const post = async (
    server: RunningServer,
    path: string,
    body: unknown,
    token = operator,
  ): Promise<Answer> => {
    const response = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Answer['body'] };
  };
  const create = (server: RunningServer, matchId: string): Promise<Answer> =>
    post(server, '/api/matches', guandanMatchRequest(matchId));
  const deal = (server: RunningServer, matchId: string, seed: string, key: string): Promise<Answer> =>
    post(server, `/api/matches/${matchId}/commands`, {
      revision: 0,
      idempotencyKey: key,
      command: { type: 'DealCards', seed },
    });
  const logOf = (): Promise<StoredEvent[]> => readWholeLog(logDir);

  beforeAll(async () => {
    const env = { TABLECAST_ROLE: 'api', TABLECAST_LOG_DIR: logDir };
    // Booted together: both generate staff tokens at the same first boot.
    const [first, second] = await Promise.all(dataDirs.map((dir) => startServerOn(dir, env)));
    if (first === undefined || second === undefined) throw new Error('two servers expected');
    [a, b] = [first, second];
    const generated = a.app.get(TokenRegistry).generated;
    operator = generated.find((entry) => entry.role === 'operator')?.token ?? '';
    expect(operator).not.toBe('');
  });

  afterAll(async () => {
    await Promise.all([a, b].map((server) => server.app.close()));
    for (const dir of [logDir, ...dataDirs]) rmSync(dir, { recursive: true, force: true });
  });

  it('both processes booted at once use one set of generated staff tokens, kept beside the log', () => {
    expect(b.app.get(TokenRegistry).generated).toEqual(a.app.get(TokenRegistry).generated);
  });

  it('a bot match played with its commands alternating between the processes: every acknowledged command once, chain verified', async () => {
    const accepted: AcceptedBotCommand[] = [];
    const last = await playMatchOverHttp({
      url: [a.url, b.url],
      matchId: 'api_alternating',
      seed: 'api-alternating',
      operatorToken: operator,
      format: { kind: 'fixedDeals', deals: 1 },
      onAccepted: (command) => accepted.push(command),
    });
    // Both processes decided commands (each one's copy behind the other's appends, every time).
    expect(new Set(accepted.map((command) => command.url))).toEqual(new Set([a.url, b.url]));

    const log = await logOf();
    expect(verifyAll(log)).toMatchObject({ ok: true });
    const stream = log.filter((event) => event.stream === matchStream('api_alternating'));
    expect(stream.map((event) => event.revision)).toEqual(stream.map((_, index) => index));
    expect(stream.at(-1)?.revision).toBe(last);
    for (const command of accepted) {
      const written = stream.filter(
        (event) => event.metadata.causationId === `command:${command.idempotencyKey}`,
      );
      expect(written.map((event) => event.revision)).toEqual(command.events.map((event) => event.revision));
    }
  });

  it('the same revision sent to both processes at once: one is accepted, the other is a 409, one deal in the log', async () => {
    expect((await create(a, 'api_race_2')).status).toBe(201);
    // B reads the match too (issuing seat tokens does), so both decide on a copy at revision 0
    // and the log's expected revision is all that stops the second deal.
    expect((await post(b, '/api/matches/api_race_2/seat-tokens', {})).status).toBe(201);
    const answers = await Promise.all([
      deal(a, 'api_race_2', 'seed-a', 'race-key-a001'),
      deal(b, 'api_race_2', 'seed-b', 'race-key-b001'),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 409)?.body).toMatchObject({ error: 'StaleRevision' });
    const deals = (await logOf()).filter(
      (event) => event.stream === matchStream('api_race_2') && event.type.includes('Dealt'),
    );
    expect(deals).toHaveLength(1);
  });

  it('a retry on the other process after a lost answer is answered as the first try, and written once', async () => {
    expect((await create(b, 'api_retry')).status).toBe(201);
    const first = await deal(a, 'api_retry', 'seed-retry', 'retry-key-0001');
    expect(first.status).toBe(200);
    // B's copy is still at revision 0: the retry meets a log that moved on under its key.
    const retry = await deal(b, 'api_retry', 'seed-retry', 'retry-key-0001');
    expect(retry).toEqual({ status: 200, body: { ...first.body, replayed: true } });
    const written = (await logOf()).filter(
      (event) =>
        event.stream === matchStream('api_retry') && event.metadata.causationId === 'command:retry-key-0001',
    );
    expect(written.map((event) => event.revision)).toEqual(first.body.events?.map((event) => event.revision));
  });

  it('a seat token issued through one process opens the seat on the other; a re-issue closes it on both', async () => {
    expect((await create(a, 'api_seats')).status).toBe(201);
    const issue = async (server: RunningServer): Promise<string> => {
      const answer = (await post(server, '/api/matches/api_seats/seat-tokens', {})) as unknown as {
        body: { seats: { token: string }[] };
      };
      return answer.body.seats[0]?.token ?? '';
    };
    // A seat's command with an empty body: 400 once the token is known, 401 when it is not.
    const seatAnswer = async (server: RunningServer, token: string): Promise<number> =>
      (await post(server, '/api/play/api_seats/commands', {}, token)).status;
    const fromA = await issue(a);
    expect(await seatAnswer(b, fromA)).toBe(400);
    const fromB = await issue(b);
    expect(await seatAnswer(a, fromB)).toBe(400);
    expect(await seatAnswer(a, fromA)).toBe(401);
    expect(await seatAnswer(b, fromA)).toBe(401);
  });

  it('TC-SCALE-2: a seat joined on one process is sent the view of a deal made through the other', async () => {
    expect((await create(a, 'api_seat_view')).status).toBe(201);
    const issued = (await post(a, '/api/matches/api_seat_view/seat-tokens', {})) as unknown as {
      body: { seats: { token: string }[] };
    };
    const seat = await SeatSocket.open(b.url);
    try {
      seat.send({ type: 'join', token: issued.body.seats[0]?.token ?? '' });
      // B folds the match when the seat joins (revision 0), before A deals.
      await vi.waitFor(() => {
        expect(viewRevisions(seat)).toEqual([0]);
      });
      expect((await deal(a, 'api_seat_view', 'seat-view-deal', 'seat-view-deal')).status).toBe(200);
      const dealt = (await logOf()).filter((e) => e.stream === matchStream('api_seat_view')).at(-1)?.revision;
      expect(dealt).toBeGreaterThan(0);
      await vi.waitFor(() => {
        expect(viewRevisions(seat).at(-1)).toBe(dealt);
      });
    } finally {
      seat.close();
    }
  });

  it('TC-SCALE-2: /ws and /ws/tournament are refused with 4421, naming the role that serves them, never left silent', async () => {
    for (const [path, names] of [
      ['/ws', 'TABLECAST_ROLE=gateway'],
      ['/ws/tournament', 'TABLECAST_ROLE=control'],
    ] as const) {
      const socket = new WebSocket(`${a.url.replace('http', 'ws')}${path}`);
      const messages: unknown[] = [];
      // One error frame, then the close: both name the role.
      socket.on('message', (data: Buffer) => messages.push(JSON.parse(data.toString('utf8'))));
      const [code, reason] = await new Promise<[number, string]>((resolve, reject) => {
        socket.once('close', (closeCode: number, closeReason: Buffer) => {
          resolve([closeCode, closeReason.toString('utf8')]);
        });
        socket.once('error', reject);
      });
      expect(code, path).toBe(WRONG_ROLE_CLOSE);
      expect(reason).toContain(names);
      expect(messages).toMatchObject([{ type: 'error', code: 'wrong-role' }]);
      expect(JSON.stringify(messages[0])).toContain(names);
    }
  });

  it("/disclosures on either process reads the feeds role's ledger in the log dir, and never writes it", async () => {
    // What a feeds process records, on its own read-write connection to the shared file.
    const feedsLedger = new DisclosureStore(logDir);
    const entry = {
      audience: 'venue' as const,
      seq: 1,
      eventType: 'MatchCreated',
      revision: 0,
      position: '1',
      recordedAt: '2026-11-29T12:00:00.000Z',
      releasedAt: Date.parse('2026-11-29T12:00:00.000Z'),
      viewRevision: 0,
      status: 'live' as const,
    };
    try {
      feedsLedger.atomically(() => {
        feedsLedger.record('api_alternating', entry);
      });
    } finally {
      feedsLedger.close();
    }
    const referee = a.app.get(TokenRegistry).generated.find((e) => e.role === 'referee')?.token ?? '';
    // A delay set through A is in the log: B answers with it too (its feeds are the feeds role's).
    const delay = await fetch(`${a.url}/api/matches/api_alternating/broadcast-delay`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${referee}`, 'content-type': 'application/json' },
      body: JSON.stringify({ delayMs: 45_000 }),
    });
    expect(delay.status).toBe(200);
    const answers = await Promise.all(
      [a, b].map(async (server) => {
        const response = await fetch(`${server.url}/api/matches/api_alternating/disclosures`, {
          headers: { authorization: `Bearer ${referee}` },
        });
        return {
          status: response.status,
          body: (await response.json()) as { broadcastDelayMs: number; entries: unknown[] },
        };
      }),
    );
    for (const answer of answers)
      expect(answer).toMatchObject({ status: 200, body: { broadcastDelayMs: 45_000, entries: [entry] } });
    // The api processes' connections are read-only: SQLite itself refuses a write through them.
    expect(() => {
      a.app.get<DisclosureStore>(DISCLOSURE_STORE).markPublished('api_alternating', 'venue', 1);
    }).toThrow(/readonly/);
  });

  it('GD-APL-1/2: an appeal filed through one process is listed and exported by the other, whose read models stand still, and its ruling id is refused there for another appeal', async () => {
    // B's projection runner stops where it is (as one lagging behind the other process's writes
    // does): what A writes from now on is in the log only, not in B's arbitration index.
    const runner: ProjectionRunner = b.app.get(ProjectionRunner);
    const lagging = runner as unknown as { subscription: Subscription<unknown> };
    await lagging.subscription.close();
    await seedPlayedMatch(a.app.get<AppEventStore>(EVENT_STORE), 'api_appeals');
    const tokens = a.app.get(TokenRegistry).generated;
    const referee = tokens.find((entry) => entry.role === 'referee')?.token ?? '';
    const arbiter = tokens.find((entry) => entry.role === 'arbiter')?.token ?? '';
    const get = async (server: RunningServer, path: string): Promise<{ status: number; body: unknown }> => {
      const response = await fetch(`${server.url}${path}`, {
        headers: { authorization: `Bearer ${arbiter}` },
      });
      return { status: response.status, body: await response.json() };
    };
    const ruling = {
      rulingId: 'api_ruling',
      committee: ['chen', 'wang', 'zhou'],
      votes: ['chen', 'wang', 'zhou'].map((memberId) => ({ memberId, vote: 'dismiss' })),
      reasoning: '未发现违规。',
    };

    expect(
      (await post(a, '/api/matches/api_appeals/appeals', appealRequest('api_ap1'), referee)).status,
    ).toBe(201);
    expect(await get(b, '/api/matches/api_appeals/appeals')).toMatchObject({
      status: 200,
      body: [{ appealId: 'api_ap1' }],
    });
    expect((await post(a, '/api/appeals/api_ap1/ruling', ruling, arbiter)).status).toBe(201);
    expect(
      (await post(b, '/api/matches/api_appeals/appeals', appealRequest('api_ap2'), referee)).status,
    ).toBe(201);
    expect((await post(b, '/api/appeals/api_ap2/ruling', ruling, arbiter)).status).toBe(409);
    const exported = await get(b, '/api/matches/api_appeals/export');
    expect(Object.keys((exported.body as { streams: object }).streams).sort()).toEqual([
      appealStream('api_ap1'),
      appealStream('api_ap2'),
      matchStream('api_appeals'),
    ]);
  });
});
