import { LogUnavailableError } from '@tablecast/event-store';
import { matchStream } from '@tablecast/events';
import { afterEach, describe, expect, it } from 'vitest';
import { CLOCK, ENTROPY } from '../clock/clock';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import type { AppEventStore } from '../event-store/event-store.module';
import { MatchCommandService } from '../matches/match-command.service';
import { failAppends } from '../testing/failing-appends';
import { MatchClient, newDoudizhuMatchRequest } from '../testing/match-client';
import { TEST_TOKENS, TEST_TOKENS_SPEC } from '../testing/staff-tokens';
import { startTestServer, type TestServer } from '../testing/test-server';

/**
 * A command whose append went in but whose answer was lost (the store's connection dropped after
 * the commit: 503, "send the same request again") is resent with its idempotency key. The resend
 * carries the very event ids of the first try, so a store that recognises a batch by its ids
 * (KurrentDB's idempotent append) takes it once, and on SQLite (real, here) the expected revision
 * refuses the second write: the stream holds the command's events once, and the resend is
 * answered with the first result.
 */
describe('a command resent after its answer was lost writes its events once, under the same ids', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.stop();
  });

  /** A Dou Dizhu match on the real server; every batch appended to its stream from now on is noted with its ids. */
  async function matchWithNotedAppends(matchId: string): Promise<{
    store: AppEventStore;
    attempts: (string | undefined)[][];
    revision: number;
  }> {
    server = await startTestServer({ TABLECAST_TOKENS: TEST_TOKENS_SPEC });
    const operator = new MatchClient(server.url, TEST_TOKENS.operatorT1);
    const created = await operator.request<{ revision: number }>(
      'POST',
      '/api/matches',
      newDoudizhuMatchRequest(matchId),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const store = server.app.get<AppEventStore>(EVENT_STORE);
    // The answer is lost after the commit: the first DealBoard's append writes, then fails.
    failAppends(store, {
      count: 1,
      when: 'after',
      error: () => new LogUnavailableError('test log', 'unavailable', 1),
      matches: (stream) => stream === matchStream(matchId),
    });
    const attempts: (string | undefined)[][] = [];
    const mutable = store as { append: AppEventStore['append'] };
    const append = mutable.append;
    mutable.append = (stream, events, expected, options) => {
      if (stream === matchStream(matchId)) attempts.push(events.map((event) => event.metadata.eventId));
      return append(stream, events, expected, options);
    };
    return { store, attempts, revision: created.body.revision };
  }

  it('over HTTP: the 503 is followed by a resend answered with the first result; the events are written once', async () => {
    const { store, revision } = await matchWithNotedAppends('ids_http');
    const url = `${server?.url ?? ''}/api/matches/ids_http/commands`;
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${TEST_TOKENS.operatorT1}` };
    const body = JSON.stringify({
      game: 'doudizhu',
      revision,
      idempotencyKey: 'ids-deal-1',
      command: { type: 'DealBoard', board: 1, seed: 'ids-seed-1' },
    });
    const lost = await fetch(url, { method: 'POST', headers, body });
    expect(lost.status, await lost.clone().text()).toBe(503);
    expect(lost.headers.get('retry-after')).toBe('1');
    const written = (await store.readStream(matchStream('ids_http'))).slice(revision + 1);
    expect(written.length).toBeGreaterThan(0);

    const again = await fetch(url, { method: 'POST', headers, body });
    expect(again.status, await again.clone().text()).toBe(200);
    expect(await again.json()).toMatchObject({ revision: written.at(-1)?.revision, replayed: true });
    expect((await store.readStream(matchStream('ids_http'))).slice(revision + 1)).toEqual(written);
  });

  it('resent to a process whose copy of the match is behind the log (no feed refreshed it), the resend reaches the store with the ids of the first write, is refused by revision and answered with the first result', async () => {
    const { store, attempts, revision } = await matchWithNotedAppends('ids_behind');
    if (server === undefined) throw new Error('no server');
    // Another process on the shared log: a service of its own over the same store, which folded
    // the match before the first try went in and is told nothing of it.
    const other = new MatchCommandService(store, server.app.get(CLOCK), server.app.get(ENTROPY));
    expect((await other.read('ids_behind')).revision).toBe(revision);
    const request = {
      game: 'doudizhu',
      revision,
      idempotencyKey: 'ids-deal-2',
      command: { type: 'DealBoard', board: 1, seed: 'ids-seed-2' },
    };
    const operator = { role: 'operator', table: '*', actorId: 'operator:ids' } as const;
    await expect(
      server.app.get(MatchCommandService).execute('ids_behind', request, operator),
    ).rejects.toThrow(LogUnavailableError);
    const written = (await store.readStream(matchStream('ids_behind'))).slice(revision + 1);
    const ids = written.map((event) => event.metadata.eventId);
    expect(ids.length).toBeGreaterThan(0);

    const answer = await other.execute('ids_behind', request, operator);
    expect(answer).toMatchObject({ revision: written.at(-1)?.revision, replayed: true });
    expect((await store.readStream(matchStream('ids_behind'))).slice(revision + 1)).toEqual(written);
    // Both tries reached the store under the ids now in the log: KurrentDB's idempotent append
    // takes such a resend as the batch it already holds.
    expect(attempts).toEqual([ids, ids]);
  });
});
