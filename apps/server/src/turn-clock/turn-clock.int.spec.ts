import { ddzRank, type Face } from '@tablecast/cards';
import { ddzCga2017, doudizhuModule, type DoudizhuRuleset, type DoudizhuState } from '@tablecast/doudizhu';
import {
  LogUnavailableError,
  SqliteEventLog,
  StreamDeletedError,
  type RecordedEvent,
} from '@tablecast/event-store';
import { matchStream, type TablecastEvent } from '@tablecast/events';
import { gameModule } from '@tablecast/games';
import type { CommandAccepted, ProducerState } from '@tablecast/protocol';
import { Logger } from '@nestjs/common';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Principal } from '../auth/roles';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import type { AppEventStore } from '../event-store/event-store.module';
import { foldMatch } from '../matches/loaded-match';
import { MatchCommandService } from '../matches/match-command.service';
import { RuleViolationError } from '../matches/match.errors';
import { failAppends, logBusyError } from '../testing/failing-appends';
import { MatchClient, newMatchRequest, type ApiResponse } from '../testing/match-client';
import { TEST_TOKENS, TEST_TOKENS_SPEC } from '../testing/staff-tokens';
import { restartTestServer, startTestServer, type TestServer } from '../testing/test-server';
import { DEFAULTS_REFUSED_METRIC, TurnClockService, type Expiry } from './turn-clock.service';

/**
 * Turn clocks as events (DDZ-GEN-2, DDZ-BID-6, DDZ-DBL-1, DDZ-PLAY-6) on the real server and its
 * SQLite log: the clock's timers run on real time with short rulesets, and the races are forced
 * through the match's one command queue, where the first command in wins.
 */
const MATCH = 'ddz_clock_t1';
const CHOICES = ['BidMade', 'DoubleChosen', 'RedoubleChosen', 'CardsPlayed', 'Passed'].map(
  (t) => `doudizhu.${t}`,
);
const OPERATOR: Principal = { role: 'operator', table: '*', actorId: 'operator:clock-test' };
/** Conditions the clock brings about in a few seconds of real time, on a loaded machine. */
const WAIT = { timeout: 30_000, interval: 50 };

const servers: TestServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.stop();
});

async function started(): Promise<TestServer> {
  const server = await startTestServer({ TABLECAST_TOKENS: TEST_TOKENS_SPEC });
  servers.push(server);
  return server;
}

/** A server with the Dou Dizhu match dealt and its clock armed at the first bid (DDZ-GEN-2). */
async function armedMatch(): Promise<{ server: TestServer; clock: TurnClockService; dealt: number }> {
  const server = await started();
  const clock = server.app.get(TurnClockService);
  const dealt = await dealtMatch(new MatchClient(server.url, TEST_TOKENS.operatorT1), ddzCga2017);
  await vi.waitFor(() => {
    expect(clock.armedAt(MATCH)).toBe(dealt);
  }, WAIT);
  return { server, clock, dealt };
}

let key = 0;
function send(
  client: MatchClient,
  revision: number,
  command: Record<string, unknown>,
): Promise<ApiResponse<CommandAccepted>> {
  key += 1;
  return client.request<CommandAccepted>('POST', `/api/matches/${MATCH}/commands`, {
    game: 'doudizhu',
    revision,
    idempotencyKey: `clock-test-${String(key).padStart(4, '0')}`,
    command,
  });
}

async function accepted(
  client: MatchClient,
  revision: number,
  command: Record<string, unknown>,
): Promise<number> {
  const answer = await send(client, revision, command);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.revision;
}

/** A Dou Dizhu match on table t1 under `ruleset`, its first board dealt; the revision after the deal. */
async function dealtMatch(client: MatchClient, ruleset: DoudizhuRuleset): Promise<number> {
  const created = await client.request('POST', '/api/matches', {
    game: 'doudizhu',
    matchId: MATCH,
    table: 't1',
    ruleset,
    players: [
      { id: 'p0', name: '赵一', seat: 0 },
      { id: 'p1', name: '钱二', seat: 1 },
      { id: 'p2', name: '孙三', seat: 2 },
    ],
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return accepted(client, 0, { type: 'DealBoard', board: 1, seed: 'turn-clock-board-1' });
}

function readLog(server: TestServer): Promise<readonly RecordedEvent<TablecastEvent>[]> {
  return server.app.get<AppEventStore>(EVENT_STORE).readStream(matchStream(MATCH));
}

type Data = Record<string, unknown>;
/** Whether `event` is the Dou Dizhu event `type` (the log names a game's events `<game>.<type>`). */
const is = (event: RecordedEvent<TablecastEvent>, type: string): boolean =>
  (event.type as string) === `doudizhu.${type}`;
const dataOf = (event: RecordedEvent<TablecastEvent> | undefined): Data => {
  const data: unknown = event?.data;
  return typeof data === 'object' && data !== null ? (data as Data) : {};
};

/** The first event of `type` in the log once it is there (the clock writes it when the time is up). */
async function eventually(
  server: TestServer,
  type: string,
  from = 0,
): Promise<RecordedEvent<TablecastEvent>> {
  return vi.waitFor(async () => {
    const found = (await readLog(server)).find((e) => is(e, type) && e.revision >= from);
    if (found === undefined) throw new Error(`no ${type} yet`);
    return found;
  }, WAIT);
}

const timeOf = (event: RecordedEvent<TablecastEvent>): number => {
  const data = dataOf(event);
  const at = data.at ?? data.startedAt;
  if (typeof at !== 'number') throw new Error(`${event.type} records no time`);
  return at;
};

describe('turn clocks on the server (DDZ-GEN-2)', () => {
  it('DDZ-BID-6: a bid nobody makes is 不叫 once the time is up, also when the server restarted mid-turn', async () => {
    const first = await started();
    const operator = new MatchClient(first.url, TEST_TOKENS.operatorT1);
    await dealtMatch(operator, { ...ddzCga2017, bidSeconds: 4 });
    const before = await readLog(first);
    expect(before.some((e) => CHOICES.includes(e.type as string))).toBe(false);
    const boardStarted = before.find((e) => is(e, 'BoardStarted'));
    if (boardStarted === undefined) throw new Error('the deal starts a board');

    // Restarted within the 4 s: the new server arms the clock from the log alone.
    await first.app.close();
    const second = await restartTestServer(first, { TABLECAST_TOKENS: TEST_TOKENS_SPEC });
    servers.splice(servers.indexOf(first), 1, second);
    const bid = await eventually(second, 'BidMade');
    expect(dataOf(bid)).toMatchObject({ seat: 0, bid: 'pass', timedOut: true });
    expect(timeOf(bid)).toBeGreaterThanOrEqual(timeOf(boardStarted) + 4_000);
    expect(bid.metadata.actor).toEqual({ id: 'turn-clock', role: 'system' });
  });

  it('DDZ-DBL-1, DDZ-PLAY-6: defenders who do not choose do not double; the leader leads his lowest single, a follower passes', async () => {
    const server = await started();
    const operator = new MatchClient(server.url, TEST_TOKENS.operatorT1);
    const dealt = await dealtMatch(operator, { ...ddzCga2017, doubleSeconds: 1, playSeconds: 1 });
    await accepted(operator, dealt, { type: 'Bid', seat: 0, bid: 3 });

    const revealed = await eventually(server, 'DoublesRevealed');
    const log = await readLog(server);
    const landlordBid = log.find((e) => is(e, 'BidMade'));
    const doubles = log.filter((e) => is(e, 'DoubleChosen'));
    if (landlordBid === undefined) throw new Error('the bid is recorded');
    expect(doubles.map(dataOf)).toEqual([
      expect.objectContaining({ seat: 1, double: false, timedOut: true }),
      expect.objectContaining({ seat: 2, double: false, timedOut: true }),
    ]);
    // Both defenders' 25 s (here 1 s) run from the landlord's bid: neither default came early.
    for (const double of doubles) expect(timeOf(double)).toBeGreaterThanOrEqual(timeOf(landlordBid) + 1_000);

    const lead = await eventually(server, 'CardsPlayed', revealed.revision);
    const dealtCards = dataOf(log.find((e) => is(e, 'CardsDealt')));
    const hand = [...((dealtCards.hands as Face[][])[0] ?? []), ...(dealtCards.kitty as Face[])];
    expect(hand).toHaveLength(20);
    const played = dataOf(lead);
    expect(played).toMatchObject({ seat: 0, lead: true, timedOut: true, as: { type: 'single', length: 1 } });
    const [card] = played.cards as [Face];
    expect(hand).toContain(card);
    expect(ddzRank(card)).toBe(Math.min(...hand.map(ddzRank)));

    const pass = await eventually(server, 'Passed', lead.revision);
    expect(pass.revision).toBe(lead.revision + 1);
    expect(dataOf(pass)).toMatchObject({ seat: 1, timedOut: true });
    expect(timeOf(pass)).toBeGreaterThanOrEqual(timeOf(lead) + 1_000);

    // A replay of the log alone, with no clock, is the state the server decided on.
    await server.app.get(TurnClockService).onApplicationShutdown();
    const commands = server.app.get(MatchCommandService);
    const live = await commands.read(MATCH);
    const replayed = foldMatch(MATCH, await readLog(server));
    expect(replayed?.revision).toBe(live.revision);
    expect(replayed?.state).toEqual(live.state);
    expect(doudizhuModule.view(replayed?.state as DoudizhuState, { kind: 'staff' })).toEqual(
      doudizhuModule.view(live.state as DoudizhuState, { kind: 'staff' }),
    );
  });

  it('a timeout racing a late move: exactly one of them is recorded, the other gets 409', async () => {
    const server = await started();
    const operator = new MatchClient(server.url, TEST_TOKENS.operatorT1);
    const clock = server.app.get(TurnClockService);
    const commands = server.app.get(MatchCommandService);
    await dealtMatch(operator, ddzCga2017);

    /** The turn's revision once the clock has armed at it, and the move a player makes: the default, by hand. */
    async function turn(): Promise<{ revision: number; move: Record<string, unknown> }> {
      const match = await commands.read(MATCH);
      await vi.waitFor(() => {
        expect(clock.armedAt(MATCH)).toBe(match.revision);
      }, WAIT);
      const due = doudizhuModule.turnClock?.(match.state as DoudizhuState);
      if (due == null) throw new Error('a clock runs on every turn of a board');
      const move: Record<string, unknown> = { ...due.timeout };
      delete move.timeout;
      return { revision: match.revision, move };
    }

    /** The choices recorded after `revision`: one command's. */
    async function choicesAfter(revision: number): Promise<Data[]> {
      return (await readLog(server))
        .filter((e) => e.revision > revision && CHOICES.includes(e.type as string))
        .map(dataOf);
    }

    const outcomes: string[] = [];
    // Bidding (all pass: a redeal), the doubles and the play; the winner of each race is forced or left to chance.
    for (let i = 0; i < 12; i += 1) {
      const { revision, move } = await turn();
      const order = (['player first', 'clock first', 'together'] as const)[i % 3];
      let expiry: Expiry;
      if (order === 'player first') {
        // Both in flight: the player's command enters the match's queue first.
        const player = commands.execute(
          MATCH,
          { game: 'doudizhu', revision, idempotencyKey: `late-move-${String(i)}-x`, command: move },
          OPERATOR,
        );
        const timeout = clock.expire(MATCH);
        expect((await player).revision).toBeGreaterThan(revision);
        expiry = await timeout;
        expect(expiry).toBe('stale');
      } else if (order === 'clock first') {
        const timeout = clock.expire(MATCH);
        const late = send(operator, revision, move);
        expiry = await timeout;
        expect(expiry).toBe('recorded');
        expect((await late).status).toBe(409);
      } else {
        const [answer, raced] = await Promise.all([send(operator, revision, move), clock.expire(MATCH)]);
        expiry = raced;
        // Exactly one wins: the player's move (the clock's default is stale) or the default (the move is late).
        if (answer.status === 200) expect(raced).toBe('stale');
        else expect([answer.status, raced]).toEqual([409, 'recorded']);
      }
      const choices = await choicesAfter(revision);
      expect(choices).toHaveLength(1);
      expect(choices[0]?.timedOut).toBe(expiry === 'recorded');
      outcomes.push(`${order}: ${expiry}`);
    }
    expect(outcomes.filter((o) => o.endsWith('recorded')).length).toBeGreaterThanOrEqual(4);
    expect(outcomes.filter((o) => o.endsWith('stale')).length).toBeGreaterThanOrEqual(4);
    // The races went through bidding into the game: not one turn was recorded twice.
    const phase = ((await commands.read(MATCH)).state as DoudizhuState).board?.phase;
    expect(['bidding', 'doubling', 'redoubling', 'play']).toContain(phase);
  });

  it('DDZ-GEN-2: a default the log did not take (busy past its wait) is sent again after a short backoff, and recorded once', async () => {
    const { server, clock, dealt } = await armedMatch();

    const log = server.app.get<AppEventStore>(EVENT_STORE).log;
    if (!(log instanceof SqliteEventLog)) throw new Error('the test server runs on the SQLite log');
    // Another process's long transaction holds the write lock past the server's (shortened) wait.
    log.setBusyTimeout(100);
    const blocker = new Database(log.file);
    try {
      blocker.exec('BEGIN IMMEDIATE');
      expect(await clock.expire(MATCH)).toBe('retrying');
      // Armed again for the same turn: nothing else would time it before the match's next event.
      expect(clock.armedAt(MATCH)).toBe(dealt);
      expect(await readLog(server)).toHaveLength(dealt + 1);
      blocker.exec('ROLLBACK');
    } finally {
      blocker.close();
    }

    // DDZ-BID-6: once the lock is let go, the retry bids 不叫 for seat 0, once.
    const bid = await eventually(server, 'BidMade');
    expect(dataOf(bid)).toMatchObject({ seat: 0, bid: 'pass', timedOut: true });
    expect(bid.revision).toBe(dealt + 1);
    expect((await readLog(server)).filter((e) => is(e, 'BidMade'))).toHaveLength(1);
  });

  it('DDZ-GEN-2: a default the log refused twice (busy, then an I/O error) is sent again after each backoff, and recorded once', async () => {
    const { server, clock, dealt } = await armedMatch();
    const errors = [logBusyError(), Object.assign(new Error('disk I/O error'), { code: 'SQLITE_IOERR' })];
    const refused = failAppends(server.app.get<AppEventStore>(EVENT_STORE), {
      count: 2,
      error: () => errors[refused.failed] ?? new Error('a third refusal was not planned'),
    });

    expect(await clock.expire(MATCH)).toBe('retrying');
    // Armed again for the same turn: the retry timer sends it (and, refused again, arms once more).
    expect(clock.armedAt(MATCH)).toBe(dealt);
    // DDZ-BID-6: the second retry is taken: 不叫 for seat 0, once, at the next revision.
    const bid = await eventually(server, 'BidMade');
    expect(refused.failed).toBe(2);
    expect(dataOf(bid)).toMatchObject({ seat: 0, bid: 'pass', timedOut: true });
    expect(bid.revision).toBe(dealt + 1);
    expect((await readLog(server)).filter((e) => is(e, 'BidMade'))).toHaveLength(1);
  });

  it('TC-CORR-4: a default a rule refuses is not sent again; the error names the match and the rule, and /metrics counts it', async () => {
    const { server, clock, dealt } = await armedMatch();
    // The command path's answer while a keying correction waits for the referee (TC-CORR-4).
    const refused = failAppends(server.app.get<AppEventStore>(EVENT_STORE), {
      count: 1,
      error: () =>
        new RuleViolationError(
          'TC-CORR-4',
          'correction c1 is waiting for the referee',
          '更正待裁判确认，暂停记录',
        ),
    });
    const errors = vi.spyOn(Logger.prototype, 'error');
    try {
      expect(await clock.expire(MATCH)).toBe('failed');
      // Nothing would answer differently later: no retry is armed, nothing is written.
      expect(clock.armedAt(MATCH)).toBeNull();
      expect(refused.failed).toBe(1);
      expect(await readLog(server)).toHaveLength(dealt + 1);
      const logged = errors.mock.calls.map(([message]) => String(message));
      expect(logged.filter((m) => m.includes(MATCH) && m.includes('TC-CORR-4'))).toHaveLength(1);
    } finally {
      errors.mockRestore();
    }
    const metrics = await fetch(`${server.url}/metrics`);
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toContain(
      `${DEFAULTS_REFUSED_METRIC}{game="doudizhu",rule="TC-CORR-4",reason="ruleViolation"} 1`,
    );
  });

  it('TC-CORR-4: the producer dashboard’s state names the match whose default a rule refused, when, and that its table waits until its next event', async () => {
    const { server, clock, dealt } = await armedMatch();
    const producer = new MatchClient(server.url, TEST_TOKENS.producer);
    const health = async (): Promise<ProducerState['turnClock']> => {
      const answer = await producer.request<ProducerState>('GET', '/api/producer/state');
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body.turnClock;
    };
    expect(await health()).toEqual({ refused: [] });
    failAppends(server.app.get<AppEventStore>(EVENT_STORE), {
      count: 1,
      error: () =>
        new RuleViolationError(
          'TC-CORR-4',
          'correction c1 is waiting for the referee',
          '更正待裁判确认，暂停记录',
        ),
    });
    const before = Date.now();
    expect(await clock.expire(MATCH)).toBe('failed');
    const after = Date.now();
    const refused = (await health())?.refused ?? [];
    expect(refused).toEqual([
      {
        matchId: MATCH,
        game: 'doudizhu',
        revision: dealt,
        command: 'Bid',
        rule: 'TC-CORR-4',
        reason: 'ruleViolation',
        count: 1,
        lastRefusedAt: expect.any(String) as string,
        waiting: true,
      },
    ]);
    const at = Date.parse(refused[0]?.lastRefusedAt ?? '');
    expect(at).toBeGreaterThanOrEqual(before);
    expect(at).toBeLessThanOrEqual(after);

    // The table moves on by hand: it no longer waits on that clock, and the refusal stays listed.
    await accepted(new MatchClient(server.url, TEST_TOKENS.operatorT1), dealt, {
      type: 'Bid',
      seat: 0,
      bid: 3,
    });
    await vi.waitFor(async () => {
      expect((await health())?.refused).toMatchObject([{ matchId: MATCH, count: 1, waiting: false }]);
    }, WAIT);
  });

  it('DDZ-GEN-2: a default an unavailable store did not take is sent again; one to a deleted stream fails and is not retried', async () => {
    const { server, clock, dealt } = await armedMatch();
    const append = vi.spyOn(server.app.get<AppEventStore>(EVENT_STORE).log, 'append');

    // KurrentDB not the leader (an election): the same default goes in once it answers again.
    append.mockRejectedValueOnce(
      new LogUnavailableError('KurrentDB kurrentdb://node-1:2113', 'notLeader', 1),
    );
    expect(await clock.expire(MATCH)).toBe('retrying');
    expect(clock.armedAt(MATCH)).toBe(dealt);

    // A deleted stream answers the same every time: the clock gives the default up.
    append.mockRejectedValueOnce(new StreamDeletedError(matchStream(MATCH)));
    expect(await clock.expire(MATCH)).toBe('failed');
    expect(clock.armedAt(MATCH)).toBeNull();
    expect(await readLog(server)).toHaveLength(dealt + 1);
  });

  it('Guandan times nothing: its module has no turn clock and none is armed for its match', async () => {
    expect('turnClock' in gameModule('guandan')).toBe(false);
    const server = await started();
    const referee = new MatchClient(server.url, TEST_TOKENS.referee);
    const created = await referee.create(newMatchRequest('gd_clock_t1'));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const deal = await referee.send('gd_clock_t1', 0, { type: 'DealCards', seed: 'gd-clock' });
    expect(deal.status, JSON.stringify(deal.body)).toBe(200);
    // A Dou Dizhu match created after it is armed: the clock has looked at everything before it.
    await dealtMatch(referee, ddzCga2017);
    const clock = server.app.get(TurnClockService);
    await vi.waitFor(() => {
      expect(clock.armedAt(MATCH)).not.toBeNull();
    }, WAIT);
    expect(clock.armedAt('gd_clock_t1')).toBeNull();
  });
});
