import { LogUnavailableError, type RecordedEvent } from '@tablecast/event-store';
import { appealStream, matchStream, type TablecastEvent } from '@tablecast/events';
import type { CommandErrorBody } from '@tablecast/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOCK, ENTROPY, type Clock, type Entropy } from '../clock/clock';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import type { AppEventStore } from '../event-store/event-store.module';
import { IdempotencyKeyReusedError } from '../idempotency/idempotency-key-reused.error';
import { MatchCommandService } from '../matches/match-command.service';
import { failAppends } from '../testing/failing-appends';
import { noteAppends, type NotedEvent } from '../testing/noted-appends';
import { MatchClient, type ApiResponse } from '../testing/match-client';
import { TEST_TOKENS, TEST_TOKENS_SPEC } from '../testing/staff-tokens';
import { startTestServer, type TestServer } from '../testing/test-server';
import { AppealService } from './appeal.service';
import { ARBITRATION_LOOKUPS, type ArbitrationLookups } from './arbitration-lookups';
import { RulingService } from './ruling.service';
import { ScoreCorrectionService, type ScoreCorrectionAnswer } from './score-corrections.service';
import { arbiter, referee, seedPlayedMatch } from './testing/arbitration-fixture';
import { handReplayedRuling } from './testing/ruling-sheet';

/**
 * Rulings and score corrections resent after a lost answer, over the real server on loopback (real
 * SQLite): the resend writes nothing new and is answered as the first; a write refused before it
 * went in is written by the resend under the very event ids of the first try (what KurrentDB's
 * idempotent append recognises a batch by); the same key on another body is 409 and a malformed
 * key 400, naming the header. A second api process on the same log is a second set of services
 * over the same store, with copies of their own.
 */
describe('arbitration writes resent after a lost answer', () => {
  let server: TestServer;
  let store: AppEventStore;
  const as = (token: string) => new MatchClient(server.url, token);

  beforeAll(async () => {
    server = await startTestServer({ TABLECAST_TOKENS: TEST_TOKENS_SPEC });
    store = server.app.get<AppEventStore>(EVENT_STORE);
  });
  afterAll(() => server.stop());

  /** A played two-deal match of table t1 under the 2023 regulations; its last hand and revision. */
  async function played(matchId: string): Promise<{ lastHand: number; revision: number }> {
    const events: readonly TablecastEvent[] = await seedPlayedMatch(store, matchId, {
      ruleset: 'cesa2023',
      deals: 2,
    });
    return { lastHand: events.filter((e) => e.type === 'HandEnded').length, revision: events.length - 1 };
  }

  const logOf = (matchId: string) => store.readStream(matchStream(matchId));

  /** An entry error of the last hand, after the next round's pairings (its window closes 5 minutes later). */
  async function entryError(matchId: string, lastHand: number, revision?: number) {
    const pairings = await as(TEST_TOKENS.referee).request('POST', `/api/tournaments/T_${matchId}/pairings`, {
      round: 2,
      pairings: [{ table: 't1', NS: 'jiangsu', EW: 'anhui' }],
      previousRoundMatches: [matchId],
    });
    expect(pairings.status).toBe(201);
    return {
      kind: 'entry-error',
      handNumber: lastHand,
      levelsAfter: { NS: 5, EW: 3 },
      note: '录入错误',
      revision,
    };
  }

  async function correct(
    matchId: string,
    body: object,
    key?: string,
  ): Promise<ApiResponse<ScoreCorrectionAnswer & CommandErrorBody> & { retryAfter: string | null }> {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      authorization: `Bearer ${TEST_TOKENS.referee}`,
    };
    if (key !== undefined) headers['idempotency-key'] = key;
    const response = await fetch(`${server.url}/api/matches/${matchId}/score-corrections`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
    });
    return {
      status: response.status,
      body: (await response.json()) as ScoreCorrectionAnswer & CommandErrorBody,
      retryAfter: response.headers.get('retry-after'),
    };
  }

  /** The match stream's next append fails: `before` nothing is written, `after` the answer is lost. */
  function failNextAppendTo(matchId: string, when: 'before' | 'after') {
    return failAppends(store, {
      count: 1,
      when,
      error: () => new LogUnavailableError('test log', 'unavailable', 1),
      matches: (stream) => stream === matchStream(matchId),
    });
  }

  /** A second api process on the same log: services of its own over the same store. */
  function otherProcess(log: AppEventStore = store) {
    const clock = server.app.get<Clock>(CLOCK);
    const entropy = server.app.get<Entropy>(ENTROPY);
    const lookups = server.app.get<ArbitrationLookups>(ARBITRATION_LOOKUPS);
    const matches = new MatchCommandService(log, clock, entropy);
    const appeals = new AppealService(log, clock, entropy, lookups);
    return {
      corrections: new ScoreCorrectionService(log, clock, entropy, matches, lookups),
      rulings: new RulingService(log, entropy, appeals, matches, lookups),
    };
  }

  it('a score correction resent with its Idempotency-Key and the revision it acted on is answered as the first, window and all, and written once', async () => {
    const { lastHand, revision } = await played('rw_resent');
    const body = await entryError('rw_resent', lastHand, revision);
    const first = await correct('rw_resent', body, 'sc-key-resent-1');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.corrections.length).toBeGreaterThan(0);
    expect(first.body.windowClosesAt).toEqual(expect.any(Number));
    const written = await logOf('rw_resent');

    // The match has moved on by the correction itself: the resend is no stale 409.
    const again = await correct('rw_resent', body, 'sc-key-resent-1');
    expect(again).toEqual(first);
    expect(await logOf('rw_resent')).toEqual(written);
  });

  it('its answer lost after the commit (503, Retry-After): the resend gets the corrections the log holds, written once', async () => {
    const { lastHand } = await played('rw_lost');
    const body = await entryError('rw_lost', lastHand);
    const before = (await logOf('rw_lost')).length;
    const failing = failNextAppendTo('rw_lost', 'after');
    try {
      const lost = await correct('rw_lost', body, 'sc-key-lost-01');
      expect(lost.status, JSON.stringify(lost.body)).toBe(503);
      expect(lost.retryAfter).toBe('1');
    } finally {
      failing.restore();
    }
    const written = await logOf('rw_lost');
    const corrections = written.slice(before);
    expect(corrections.map((e) => e.type)).toEqual(corrections.map(() => 'ResultCorrected'));
    expect(corrections.length).toBeGreaterThan(0);

    const again = await correct('rw_lost', body, 'sc-key-lost-01');
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.corrections).toEqual(corrections.map((e) => e.data));
    expect(again.body.windowClosesAt).toEqual(expect.any(Number));
    expect(await logOf('rw_lost')).toEqual(written);
  });

  it('refused before it went in (503, nothing written): the resend writes it under the event ids the first try carried', async () => {
    const { lastHand } = await played('rw_before');
    const body = await entryError('rw_before', lastHand);
    const before = (await logOf('rw_before')).length;
    // Outside the failing append, so the refused try is noted too.
    const failing = failNextAppendTo('rw_before', 'before');
    const noted = noteAppends(store, (stream) => stream === matchStream('rw_before'));
    try {
      expect((await correct('rw_before', body, 'sc-key-before1')).status).toBe(503);
      expect(await logOf('rw_before')).toHaveLength(before);
      const again = await correct('rw_before', body, 'sc-key-before1');
      expect(again.status, JSON.stringify(again.body)).toBe(200);
    } finally {
      noted.restore();
      failing.restore();
    }
    const decided = (await logOf('rw_before')).slice(before).map(asNoted);
    expect(decided.length).toBeGreaterThan(0);
    expect(noted.attempts).toEqual([decided, decided]);
  });

  it('the key on another body is 409 IdempotencyKeyReused naming the header, a malformed key a 400 naming it; neither writes', async () => {
    const { lastHand } = await played('rw_reused');
    const body = await entryError('rw_reused', lastHand);
    expect((await correct('rw_reused', body, 'sc-key-reused1')).status).toBe(200);
    const written = await logOf('rw_reused');

    const other = await correct('rw_reused', { ...body, levelsAfter: { NS: 6, EW: 3 } }, 'sc-key-reused1');
    expect(other).toMatchObject({
      status: 409,
      body: { statusCode: 409, error: 'IdempotencyKeyReused', issues: [{ path: 'Idempotency-Key' }] },
    });
    expect(other.body.message).toContain('Idempotency-Key');
    const malformed = await correct('rw_reused', body, 'short');
    expect(malformed.status).toBe(400);
    expect(malformed.body.issues).toEqual([expect.objectContaining({ path: 'Idempotency-Key' })]);
    expect(await logOf('rw_reused')).toEqual(written);
  });

  it('a second api process on the same log answers a resend as the first, refuses the key on another body, and the two sent at once write once', async () => {
    const { lastHand } = await played('rw_other');
    const body = await entryError('rw_other', lastHand);
    const other = otherProcess();
    const first = await correct('rw_other', body, 'sc-key-other-1');
    expect(first.status).toBe(200);
    const written = await logOf('rw_other');
    expect(await other.corrections.correct('rw_other', body, referee, 'sc-key-other-1')).toEqual(first.body);
    await expect(
      other.corrections.correct('rw_other', { ...body, note: '另一处错误' }, referee, 'sc-key-other-1'),
    ).rejects.toThrow(IdempotencyKeyReusedError);
    expect(await logOf('rw_other')).toEqual(written);

    // Both sent at once: the other process has read the log and decided when this one writes; its
    // append then meets the new revision, and the log shows it the very write it was about to make.
    let reached: () => void = () => undefined;
    const atAppend = new Promise<void>((resolve) => {
      reached = resolve;
    });
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const held: AppEventStore = {
      ...store,
      append: async (...args) => {
        reached();
        await released;
        return store.append(...args);
      },
    };
    const next = { ...body, levelsAfter: { NS: 7, EW: 3 } };
    const there = otherProcess(held).corrections.correct('rw_other', next, referee, 'sc-key-other-2');
    await atAppend;
    const here = await correct('rw_other', next, 'sc-key-other-2');
    release();
    expect(here.status, JSON.stringify(here.body)).toBe(200);
    expect(await there).toEqual(here.body);
    const after = await logOf('rw_other');
    expect(after.slice(written.length).map((e) => e.data)).toEqual(here.body.corrections);
  });

  describe('a ruling', () => {
    const rule = (appealId: string, rulingId: string) =>
      as(TEST_TOKENS.arbiter).request<{ corrections: unknown[] } & CommandErrorBody>(
        'POST',
        `/api/appeals/${appealId}/ruling`,
        handReplayedRuling(rulingId),
      );

    async function appealed(matchId: string, appealId: string): Promise<void> {
      await played(matchId);
      const filed = await as(TEST_TOKENS.referee).request('POST', `/api/matches/${matchId}/appeals`, {
        appealId,
        handNumber: 1,
        disputedRevisions: [4],
        statement: 'The deal was misdealt.',
        language: 'en',
        appellant: { team: 'NS', captain: 'Zhang Wei' },
        fee: { amount: 300 },
      });
      expect(filed.status).toBe(201);
    }

    const correctionsIn = async (matchId: string) =>
      (await logOf(matchId)).filter((e) => e.type === 'ResultCorrected');

    it('recorded, its corrections refused before they went in (503): the resend carries them out under the ids the first try carried, and is then answered as that', async () => {
      await appealed('rw_ruling', 'AP_RW1');
      // Outside the failing append, so the refused try is noted too.
      const failing = failNextAppendTo('rw_ruling', 'before');
      const noted = noteAppends(store, (stream) => stream === matchStream('rw_ruling'));
      let carried;
      try {
        const refused = await rule('AP_RW1', 'RU_RW1');
        expect(refused.status, JSON.stringify(refused.body)).toBe(503);
        expect(await store.readStream(appealStream('AP_RW1'))).toHaveLength(2);
        expect(await correctionsIn('rw_ruling')).toEqual([]);
        carried = await rule('AP_RW1', 'RU_RW1');
      } finally {
        noted.restore();
        failing.restore();
      }
      expect(carried.status, JSON.stringify(carried.body)).toBe(201);
      const corrections = await correctionsIn('rw_ruling');
      expect(corrections).toHaveLength(1);
      expect(carried.body.corrections).toEqual(corrections.map((e) => e.data));
      const decided = corrections.map(asNoted);
      expect(noted.attempts).toEqual([decided, decided]);

      const written = await logOf('rw_ruling');
      expect(await rule('AP_RW1', 'RU_RW1')).toEqual(carried);
      expect(await logOf('rw_ruling')).toEqual(written);
    });

    it('its answer lost after the commit: the resend, to this process or another on the same log, is answered with the ruling and its corrections, written once', async () => {
      await appealed('rw_ruled', 'AP_RW2');
      const failing = failNextAppendTo('rw_ruled', 'after');
      try {
        expect((await rule('AP_RW2', 'RU_RW2')).status).toBe(503);
      } finally {
        failing.restore();
      }
      const written = await logOf('rw_ruled');
      const corrections = written.filter((e) => e.type === 'ResultCorrected');
      expect(corrections).toHaveLength(1);

      const again = await rule('AP_RW2', 'RU_RW2');
      expect(again.status, JSON.stringify(again.body)).toBe(201);
      expect(again.body.corrections).toEqual(corrections.map((e) => e.data));
      const there = await otherProcess().rulings.issue('AP_RW2', handReplayedRuling('RU_RW2'), arbiter);
      expect(there).toEqual(again.body);
      expect(await logOf('rw_ruled')).toEqual(written);
      expect(await store.readStream(appealStream('AP_RW2'))).toHaveLength(2);
    });
  });
});

/** An event as a store that recognises a batch by its ids compares it. */
function asNoted(event: RecordedEvent<TablecastEvent>): NotedEvent {
  return { id: event.metadata.eventId, data: event.data };
}
