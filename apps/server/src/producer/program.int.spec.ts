import { driveMatch } from '@tablecast/bots';
import { matchStream } from '@tablecast/events';
import type { ProgramServerMessage, ProgramView } from '@tablecast/protocol';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FeedSocket } from '../broadcast/testing/feed-socket';
import type { AppEventStore } from '../event-store/event-store.module';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import { MatchCommandService } from '../matches/match-command.service';
import { TEST_TOKENS, TEST_TOKENS_SPEC } from '../testing/staff-tokens';
import { startTestServer, type TestServer } from '../testing/test-server';
import { ProgramSocket } from './testing/program-socket';

const DELAY_MS = 1_000;
const BOMBS: readonly string[] = ['bomb', 'straightFlush', 'fourJokers'];

const call = async (
  server: TestServer,
  method: string,
  path: string,
  body?: unknown,
  token: string | null = TEST_TOKENS.producer,
): Promise<{ status: number; body: { message?: string } & Partial<ProgramView> }> => {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token !== null) headers.authorization = `Bearer ${token}`;
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return {
    status: response.status,
    body: (await response.json()) as { message?: string } & Partial<ProgramView>,
  };
};

const programOf = (m: ProgramServerMessage): ProgramView | null => (m.type === 'program' ? m.program : null);

describe('the producer program with two tables (real server, real feeds, 1 s delay)', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({
      TABLECAST_TOKENS: TEST_TOKENS_SPEC,
      BROADCAST_DELAY_MS: String(DELAY_MS),
    });
  });
  afterAll(async () => {
    await server.stop();
  });

  it('refuses other roles (401, 403, on the API and the socket) and names a bad field; 404 for an unknown table', async () => {
    expect((await call(server, 'GET', '/api/producer/program', undefined, null)).status).toBe(401);
    for (const token of [TEST_TOKENS.referee, TEST_TOKENS.operatorT1])
      expect((await call(server, 'POST', '/api/producer/program/take', { table: 't1' }, token)).status).toBe(
        403,
      );

    const bad = await call(server, 'PUT', '/api/producer/program/preview', { table: 'no spaces' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^table: /);
    const nothing = await call(server, 'POST', '/api/producer/program/take', {});
    expect(nothing.status).toBe(400);
    expect(nothing.body.message).toMatch(/^table: .*nothing is in preview/);
    const unknown = await call(server, 'PUT', '/api/producer/program/preview', { table: 't9' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toMatch(/^table "t9": no such table/);
    expect((await call(server, 'POST', '/api/producer/program/proposals/p999/take')).status).toBe(404);
    expect((await call(server, 'POST', '/api/producer/program/proposals/x/dismiss')).status).toBe(400);
    const noEvent = await call(server, 'PUT', '/api/producer/program/tournament', { tournamentId: 'nope' });
    expect(noEvent.status).toBe(404);

    const operator = await ProgramSocket.open(server.url, TEST_TOKENS.operatorT1);
    const refused = await operator.until((m) => m.type === 'error');
    expect(refused.message).toMatchObject({ type: 'error', code: 'forbidden' });
    expect(operator.received.some((r) => r.message.type === 'program')).toBe(false);
    const stranger = await ProgramSocket.open(server.url, 'not-a-token-at-all');
    expect((await stranger.until((m) => m.type === 'error')).message).toMatchObject({
      code: 'unauthenticated',
    });
  });

  it('a bomb at the table off air is proposed once the broadcast released it; taking it moves every on-air page', async () => {
    const matches = server.app.get(MatchCommandService);
    const store = server.app.get<AppEventStore>(EVENT_STORE);
    await matches.create(
      {
        matchId: 'PROG_T1',
        table: 't1',
        ruleset: 'cga2017',
        format: { kind: 'fixedDeals', deals: 1 },
        teams: { NS: { id: 'ns1', name: 'NS one' }, EW: { id: 'ew1', name: 'EW one' } },
        players: [
          { id: 'a1', name: 'A1', seat: 'S' },
          { id: 'b1', name: 'B1', seat: 'E' },
          { id: 'c1', name: 'C1', seat: 'N' },
          { id: 'd1', name: 'D1', seat: 'W' },
        ],
      },
      { role: 'referee', table: null, actorId: 'referee' },
    );
    expect((await call(server, 'POST', '/api/producer/program/take', { table: 't1' })).body.onAir).toBe('t1');

    const onAirPage = await FeedSocket.open(server);
    onAirPage.send({ type: 'follow', onAir: true });
    await onAirPage.until((m) => m.type === 'following' && m.table === 't1' && m.matchId === 'PROG_T1');

    const dashboard = await ProgramSocket.open(server.url, TEST_TOKENS.producer);
    await dashboard.until((m) => programOf(m)?.onAir === 't1');

    // Table 2 plays until its first bomb, then stops: the proposal is about that bomb.
    const stop = new AbortController();
    let bomb: { revision: number } | null = null;
    const playing = driveMatch(matches, {
      matchId: 'PROG_T2',
      table: 't2',
      seed: 'program-bomb',
      ruleset: 'cga2017',
      format: { kind: 'fixedDeals', deals: 3 },
      firstCutIndex: 60,
      signal: stop.signal,
      onCommand: (accepted) => {
        const played = accepted.events.find(
          (e) => e.type === 'CardsPlayed' && BOMBS.includes((e.data as { as: { type: string } }).as.type),
        );
        if (bomb === null && played !== undefined) {
          bomb = { revision: played.revision };
          stop.abort();
        }
      },
    }).catch((error: unknown) => {
      if (!stop.signal.aborted) throw error;
    });
    await playing;
    const found = bomb as { revision: number } | null;
    if (found === null) throw new Error('table 2 played no bomb: pick another seed');
    const bombEvent = (await store.readStream(matchStream('PROG_T2'))).find(
      (e) => e.revision === found.revision,
    );
    const recordedAt = Date.parse(bombEvent?.metadata.recordedAt ?? '');

    const proposed = await dashboard.until((m) =>
      (programOf(m)?.proposals ?? []).some((p) => p.table === 't2' && BOMBS.includes(p.moment)),
    );
    // The security delay: the producer hears of the bomb no sooner than the broadcast shows it.
    expect(proposed.at).toBeGreaterThanOrEqual(recordedAt + DELAY_MS);
    const program = programOf(proposed.message);
    const proposal = program?.proposals.find((p) => p.table === 't2');
    if (proposal === undefined) throw new Error('no proposal about table 2');
    expect(proposal).toMatchObject({ matchId: 'PROG_T2', number: null });
    // The same line as the director's log codes it, for the dashboard to word in its language.
    expect(proposal.parts.map((part) => part.code)).toEqual(['bombPlayed']);
    expect(proposal.parts[0]?.params).toMatchObject({ combo: proposal.moment });
    expect(Date.parse(proposal.releasedAt)).toBeGreaterThanOrEqual(recordedAt + DELAY_MS);
    // Every table of the program, with its venue data and its delay clock; it never cut by itself.
    expect(program?.onAir).toBe('t1');
    expect(program?.tables.map((t) => [t.table, t.matchId, t.onAir])).toEqual([
      ['t1', 'PROG_T1', true],
      ['t2', 'PROG_T2', false],
    ]);
    const t2 = program?.tables[1];
    expect(t2?.live?.status).toBe('live');
    expect(t2?.live?.score.map((s) => s.value)).toEqual(['2', '2']);
    expect(t2?.delay).toMatchObject({ matchId: 'PROG_T2', delaySeconds: 1, feedState: 'live' });

    const taken = await call(server, 'POST', `/api/producer/program/proposals/${proposal.id}/take`);
    expect(taken.status).toBe(200);
    expect(taken.body.onAir).toBe('t2');
    expect(taken.body.proposals).toEqual([]);
    await onAirPage.until((m) => m.type === 'following' && m.table === 't2' && m.matchId === 'PROG_T2');
    await dashboard.until((m) => programOf(m)?.onAir === 't2');

    // Preview, then take: the follow target moves back.
    expect((await call(server, 'PUT', '/api/producer/program/preview', { table: 't1' })).body.preview).toBe(
      't1',
    );
    const back = await call(server, 'POST', '/api/producer/program/take', {});
    expect(back.body).toMatchObject({ onAir: 't1', preview: null });
    await vi.waitFor(
      () => {
        expect(onAirPage.messages.filter((m) => m.type === 'following').at(-1)).toMatchObject({
          table: 't1',
          matchId: 'PROG_T1',
        });
      },
      { timeout: 20_000 },
    );
    dashboard.close();
    await onAirPage.close();
  }, 90_000);

  it("lists a tournament's started round: its tables by number and their matches, until set back to every table", async () => {
    const arbiter = (method: string, path: string, body?: unknown, token: string = TEST_TOKENS.arbiter) =>
      call(server, method, `/api/tournaments${path}`, body, token);
    expect(
      (
        await arbiter('POST', '', {
          tournamentId: 'pt',
          name: 'Open',
          ruleset: 'cesa2023',
          stages: [{ format: 'swiss', venue: 'onSite', rounds: 2, unit: { games: 1, bestOf: false } }],
          options: { pairingRules: '003' },
        })
      ).status,
    ).toBe(201);
    const csv = 'entrant,name,unit,seed\nP1,A/B,A,1\nP2,C/D,B,2\nP3,E/F,C,3\nP4,G/H,D,4\n';
    expect((await arbiter('POST', '/pt/entrants', { csv })).status).toBe(200);
    expect((await arbiter('POST', '/pt/rounds', {})).status).toBe(200);

    // Paired, not started: no table yet.
    const paired = await call(server, 'PUT', '/api/producer/program/tournament', { tournamentId: 'pt' });
    expect(paired.body).toMatchObject({ tournamentId: 'pt', round: null, tables: [] });
    expect((await arbiter('POST', '/pt/rounds/1/publish')).status).toBe(200);
    expect((await arbiter('POST', '/pt/rounds/1/start', undefined, TEST_TOKENS.referee)).status).toBe(200);
    await vi.waitFor(
      async () => {
        const listed = (await call(server, 'GET', '/api/producer/program')).body;
        expect(listed.round).toBe(1);
        expect(listed.tables?.map((t) => [t.table, t.number, t.matchId])).toEqual([
          ['t1', 1, 'pt.r1.t1'],
          ['t2', 2, 'pt.r1.t2'],
        ]);
      },
      { timeout: 20_000 },
    );
    const previewed = await call(server, 'PUT', '/api/producer/program/preview', { table: 't2' });
    expect(previewed.body.preview).toBe('t2');

    const every = await call(server, 'PUT', '/api/producer/program/tournament', { tournamentId: null });
    expect(every.body).toMatchObject({ tournamentId: null, round: null });
    // Every table's latest match: the round's, created after the earlier ones there.
    expect(every.body.tables?.map((t) => [t.table, t.number, t.matchId])).toEqual([
      ['t1', null, 'pt.r1.t1'],
      ['t2', null, 'pt.r1.t2'],
    ]);
  });
});
