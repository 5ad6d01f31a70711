import { ddzCga2017 } from '@tablecast/doudizhu';
import { SqliteLeaseStore } from '@tablecast/event-store';
import { matchStream } from '@tablecast/events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import type { AppEventStore } from '../event-store/event-store.module';
import { MatchClient } from '../testing/match-client';
import { TEST_TOKENS, TEST_TOKENS_SPEC } from '../testing/staff-tokens';
import { startTestServer, type TestServer } from '../testing/test-server';
import { TurnClockService } from '../turn-clock/turn-clock.service';
import { CONTROL_LEASE, ControlLeaseKeeper } from './control-lease-keeper';

const MATCH = 'ctl_fence_t1';
/** A 2 s turn clock's default, on a loaded machine. */
const CLOCK_WAIT = 8_000;

async function timedOutBids(store: AppEventStore): Promise<number[]> {
  return (await store.readStream(matchStream(MATCH)))
    .filter((event) => (event.type as string) === 'doudizhu.BidMade')
    .map((event) => event.data as unknown as { seat: number; timedOut?: boolean })
    .filter((bid) => bid.timedOut === true)
    .map((bid) => bid.seat);
}

/**
 * The control holder's appends are fenced by its lease in the log's own write transaction
 * (TC-SCALE-1). The lease is taken from under a live holder by an owner whose lease clock is
 * stepped to the holder's expiry, as a takeover after the holder paused past its TTL looks to the
 * holder when it wakes: it still believes it holds the lease (its next renewal is far off).
 */
describe('TABLECAST_ROLE=control: the singletons append under the control lease (TC-SCALE-1)', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /** A control process holding the lease on a fresh shared log, with a Dou Dizhu match dealt over HTTP. */
  async function holderWithDealtMatch(bidSeconds: number): Promise<{
    holder: TestServer;
    keeper: ControlLeaseKeeper;
    logDir: string;
    lost: string[];
    operator: MatchClient;
  }> {
    const logDir = mkdtempSync(join(tmpdir(), 'tablecast-control-fence-'));
    cleanups.push(() => {
      rmSync(logDir, { recursive: true, force: true });
      return Promise.resolve();
    });
    const holder = await startTestServer({
      TABLECAST_ROLE: 'control',
      TABLECAST_LOG_DIR: logDir,
      // Renewals every 20 s: none comes during the test, so only the fence can notice the takeover.
      CONTROL_LEASE_TTL_MS: '60000',
      TABLECAST_TOKENS: TEST_TOKENS_SPEC,
    });
    cleanups.push(() => holder.stop());
    const keeper = holder.app.get(ControlLeaseKeeper);
    const lost: string[] = [];
    keeper.onLost((reason) => lost.push(reason));
    await vi.waitFor(() => {
      expect(keeper.state.kind).toBe('holding');
    }, 10_000);

    const operator = new MatchClient(holder.url, TEST_TOKENS.operatorT1);
    const created = await operator.request('POST', '/api/matches', {
      game: 'doudizhu',
      matchId: MATCH,
      table: 't1',
      ruleset: { ...ddzCga2017, bidSeconds },
      players: [
        { id: 'p0', name: '赵一', seat: 0 },
        { id: 'p1', name: '钱二', seat: 1 },
        { id: 'p2', name: '孙三', seat: 2 },
      ],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const dealt = await operator.request('POST', `/api/matches/${MATCH}/commands`, {
      game: 'doudizhu',
      revision: 0,
      idempotencyKey: 'control-fence-deal-1',
      command: { type: 'DealBoard', board: 1, seed: 'control-fence-board-1' },
    });
    expect(dealt.status, JSON.stringify(dealt.body)).toBe(200);
    return { holder, keeper, logDir, lost, operator };
  }

  /**
   * Another control process, its clock at the holder's expiry, takes the lease: the token it got.
   * The holder's own renewal is far off, so it still believes it holds the lease.
   */
  async function takeOver(logDir: string, keeper: ControlLeaseKeeper): Promise<number> {
    const state = keeper.state;
    if (state.kind !== 'holding') throw new Error(`not holding: ${state.kind}`);
    const probe = new SqliteLeaseStore({ dataDir: logDir });
    const current = await probe.acquire(CONTROL_LEASE, 'probe', 60_000);
    await probe.close();
    if (current.acquired) throw new Error('the control lease was free while its holder ran');
    const thief = new SqliteLeaseStore({ dataDir: logDir, now: () => current.expiresAt });
    expect(await thief.acquire(CONTROL_LEASE, 'control-b', 60_000)).toMatchObject({
      acquired: true,
      lease: { token: state.token + 1 },
    });
    await thief.close();
    return state.token;
  }

  /** The loss the fence reports: the holder's token refused, control-b's named. */
  const fencedLoss = (token: number): RegExp =>
    new RegExp(
      `^TC-SCALE-1: lease control token ${String(token)} of \\S+ is fenced \\(taken over: control-b holds token ${String(token + 1)}\\); the write was refused$`,
    );

  it("TC-SCALE-1: a holder's turn-clock default decided after a takeover it has not noticed is refused, nothing is written, and the holder loses the lease; a client's command on the same process is not fenced", async () => {
    const { holder, keeper, logDir, lost, operator } = await holderWithDealtMatch(2);

    // Under the live lease the fenced default goes in (DDZ-BID-6: seat 0 bids 不叫).
    const store = holder.app.get<AppEventStore>(EVENT_STORE);
    await vi.waitFor(async () => {
      expect(await timedOutBids(store)).toEqual([0]);
    }, CLOCK_WAIT);
    const seat1Turn = (await store.readStream(matchStream(MATCH))).length - 1;
    await vi.waitFor(() => {
      expect(holder.app.get(TurnClockService).armedAt(MATCH)).toBe(seat1Turn);
    }, CLOCK_WAIT);

    const token = await takeOver(logDir, keeper);

    // Seat 1's clock runs out in the former holder: its default is refused by the fence.
    await vi.waitFor(() => {
      expect(keeper.state.kind).toBe('lost');
    }, CLOCK_WAIT);
    expect(lost).toEqual([expect.stringMatching(fencedLoss(token)) as unknown]);
    expect(await timedOutBids(store)).toEqual([0]);
    expect((await store.readStream(matchStream(MATCH))).length).toBe(seat1Turn + 1);

    // A client's command through the same process carries no grant: it is not fenced.
    const bid = await operator.request('POST', `/api/matches/${MATCH}/commands`, {
      game: 'doudizhu',
      revision: seat1Turn,
      idempotencyKey: 'control-fence-bid-1',
      command: { type: 'Bid', seat: 1, bid: 3 },
    });
    expect(bid.status, JSON.stringify(bid.body)).toBe(200);
  });

  it('TC-SCALE-1: a seat bot seated on a holder after a takeover it has not noticed has its move refused, nothing is written, and the holder loses the lease', async () => {
    // The clock's 25 s would come long after the bot's move: only the bot appends here.
    const { holder, keeper, logDir, lost } = await holderWithDealtMatch(25);
    const store = holder.app.get<AppEventStore>(EVENT_STORE);
    const before = (await store.readStream(matchStream(MATCH))).length;
    const token = await takeOver(logDir, keeper);

    // Seated by a request (no grant of its own), it bids for seat 0 at once under the bots' grant.
    const seated = await fetch(`${holder.url}/api/seat-bots`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${TEST_TOKENS.referee}` },
      body: JSON.stringify({ matchId: MATCH, seat: 0 }),
    });
    expect(seated.status, await seated.clone().text()).toBeLessThan(300);
    await vi.waitFor(() => {
      expect(keeper.state.kind).toBe('lost');
    }, CLOCK_WAIT);
    expect(lost).toEqual([expect.stringMatching(fencedLoss(token)) as unknown]);
    expect(await store.readStream(matchStream(MATCH))).toHaveLength(before);
  });
});
