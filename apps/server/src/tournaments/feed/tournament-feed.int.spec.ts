import { describe, expect, it, vi } from 'vitest';
import { newMatchRequest } from '../../testing/match-client';
import { TEST_TOKENS } from '../../testing/staff-tokens';
import { staffedServerForSuite } from '../../testing/staffed-server';
import { apiCall } from '../testing/api-call';
import { dealFirstRoundBoard } from '../testing/deal-round-board';
import { feedClient, frames } from '../testing/tournament-feed-client';
import { TournamentFeed } from './tournament-feed.service';

describe('the tournament feed at /ws/tournament (real server, SQLite, real websockets)', () => {
  const suite = staffedServerForSuite();

  const api = async (path: string, body?: unknown): Promise<{ status: number; json: unknown }> => {
    const response = await fetch(`${suite.server.url}/api/tournaments${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${TEST_TOKENS.arbiter}` },
      body: JSON.stringify(body ?? {}),
    });
    return { status: response.status, json: await response.json() };
  };

  it('sends the snapshot, then moved standings when a result is recorded, and never a card', async () => {
    const id = 'feed_open';
    expect(
      (
        await api('', {
          tournamentId: id,
          name: '公开赛',
          ruleset: 'cga2017',
          stages: [{ format: 'swiss', venue: 'onSite', rounds: 3, unit: { games: 1, bestOf: false } }],
        })
      ).status,
    ).toBe(201);
    const csv = [
      'entrant,name,unit,seed',
      ...[1, 2, 3, 4].map((i) => `P${String(i)},Pair ${String(i)},U${String(i)},${String(i)}`),
    ];
    expect((await api(`/${id}/entrants`, { csv: csv.join('\n') })).status).toBe(200);
    expect((await api(`/${id}/rounds`)).status).toBe(200);
    expect((await api(`/${id}/rounds/1/publish`)).status).toBe(200);
    expect(
      (await api(`/${id}/rounds/1/assignments`, { match: 'r1.t1', table: 1, matchId: 'feed_open.r1.t1' }))
        .status,
    ).toBe(200);
    // The table's game match is under way: the staff feed holds every hand, the venue feed none.
    expect((await suite.operator.create(newMatchRequest('feed_open.r1.t1', 't1'))).status).toBe(201);
    const dealt = await suite.operator.send('feed_open.r1.t1', 0, { type: 'DealCards', seed: 'feed' });
    expect(dealt.status).toBe(200);
    const staff = (await suite.operator.state('feed_open.r1.t1')).body;
    const cards = Object.values(staff.state.hand?.hands ?? {}).flat();
    expect(cards.length).toBe(108);

    const client = await feedClient(suite.server.url);
    client.watch(id);
    await vi.waitFor(() => {
      const live = frames(client.received).at(-1)?.view.rounds[0]?.pairings[0]?.live;
      expect(live).toMatchObject({ matchId: 'feed_open.r1.t1', status: 'live', played: 0 });
    });
    const snapshot = frames(client.received).at(-1);
    expect(snapshot?.view).toMatchObject({ tournamentId: id, name: '公开赛', game: 'guandan', stage: 1 });
    expect(snapshot?.view.rounds[0]).toMatchObject({
      round: 1,
      published: true,
      pairings: [
        { match: 'r1.t1', a: 'P1', b: 'P4', table: 1, matchId: 'feed_open.r1.t1', result: null },
        { match: 'r1.t2', a: 'P2', b: 'P3', table: null, result: null },
      ],
    });
    expect(snapshot?.view.rounds[0]?.pairings[0]?.live?.score).toEqual([
      { side: '江苏队', value: '2' },
      { side: '安徽队', value: '2' },
    ]);
    expect(snapshot?.view.standings.every((row) => row.matchPoints === '0')).toBe(true);
    // The chain the standings break ties by, each step named by its TRN rule.
    expect(snapshot?.view.tiebreakOrder.length).toBeGreaterThan(0);
    expect(snapshot?.view.tiebreakOrder.every((s) => s.rule.startsWith('TRN-'))).toBe(true);
    // The legend's names come with the feed, zh-CN and English (TRN-TB-1 under cga2017).
    expect(snapshot?.view.tiebreakOrder.map((s) => s.label.zh)).toEqual([
      '场分',
      '级分',
      '相互间级分',
      '对手分',
    ]);
    expect(snapshot?.view.tiebreakOrder[0]?.label.en).toBe('Match points');
    const before = frames(client.received).length;

    // P4 forfeits round 1 (TRN-SCORE-4): P1 goes top on its own.
    expect((await api(`/${id}/forfeits`, { round: 1, match: 'r1.t1', forfeitedBy: 'P4' })).status).toBe(200);
    await vi.waitFor(() => {
      expect(frames(client.received).at(-1)?.view.rounds[0]?.pairings[0]?.result).not.toBeNull();
    });
    const moved = frames(client.received).at(-1);
    expect(moved?.seq).toBeGreaterThan(snapshot?.seq ?? Infinity);
    expect(frames(client.received).length).toBe(before + 1);
    expect(moved?.view.rounds[0]?.pairings[0]?.result).toMatchObject({
      kind: 'forfeit',
      source: 'forfeit',
      forfeitedBy: 'P4',
      a: { entrant: 'P1' },
    });
    expect(moved?.view.standings[0]).toMatchObject({ entrant: 'P1', rank: 1 });
    expect(Number(moved?.view.standings[0]?.matchPoints)).toBeGreaterThan(0);
    expect(moved?.view.standings.filter((row) => row.rank === 1).map((row) => row.entrant)).toEqual(['P1']);
    expect(moved?.view.standings.find((row) => row.entrant === 'P4')).toMatchObject({
      matchPoints: '0',
      played: 1,
    });

    // A second page gets the latest frame as its snapshot at once.
    const late = await feedClient(suite.server.url);
    late.watch(id);
    await vi.waitFor(() => {
      expect(frames(late.received)[0]?.seq).toBe(moved?.seq);
    });

    // No frame carries a card or a hand: the feed reads the venue audience, and only its score.
    for (const text of [...client.texts, ...late.texts]) {
      expect(text).not.toMatch(/"hands?"/);
      for (const card of new Set(cards)) expect(text).not.toContain(`"${card}"`);
    }
    client.socket.close();
    late.socket.close();
    // Pages gone, the event is no longer followed: nothing is left behind, even for a page that
    // closed while its event was still being read.
    const hasty = await feedClient(suite.server.url);
    hasty.watch(id);
    hasty.socket.close();
    const feed = suite.server.app.get(TournamentFeed);
    await vi.waitFor(() => {
      expect(feed.watching).toEqual({ events: 0, pages: 0 });
    });
  });

  it('TRN-MP-5, TRN-TB-4: a Dou Dizhu duplicate event sends its players by S, moving as each table result lands', async () => {
    const call = apiCall('/api');
    const ok = async (method: string, path: string, body?: unknown, token: string = TEST_TOKENS.referee) => {
      const answer = await call(suite.server, method, path, body, token);
      if (answer.status >= 300)
        throw new Error(`${method} ${path}: ${String(answer.status)} ${JSON.stringify(answer.json)}`);
      return answer.json;
    };
    const id = 'feed_ddz';
    await ok(
      'POST',
      '/tournaments',
      {
        tournamentId: id,
        name: '斗地主公开赛',
        game: 'doudizhu',
        ruleset: 'cga2017',
        stages: [{ format: 'duplicateSwiss', venue: 'onSite', rounds: 2, unit: { games: 1, bestOf: false } }],
        options: { boardsPerRound: 1 },
      },
      TEST_TOKENS.arbiter,
    );
    const csv = `entrant,name\n${[1, 2, 3, 4, 5, 6].map((i) => `P${String(i)},Player ${String(i)}`).join('\n')}\n`;
    await ok('POST', `/tournaments/${id}/entrants`, { csv }, TEST_TOKENS.arbiter);
    await ok('POST', `/tournaments/${id}/rounds`, { seed: 'draw-1' });
    await ok('POST', `/tournaments/${id}/rounds/1/publish`, undefined, TEST_TOKENS.arbiter);
    const { tables } = (await ok('POST', `/tournaments/${id}/rounds/1/start`)) as {
      tables: { matchId: string; seats: string[] }[];
    };
    const [t1, t2] = tables;
    if (t1 === undefined || t2 === undefined) throw new Error('two tables expected');

    const client = await feedClient(suite.server.url);
    client.watch(id);
    const latest = () => frames(client.received).at(-1)?.view;
    await vi.waitFor(() => {
      expect(latest()?.duplicate?.rule).toBe('TRN-TB-4');
    });
    // Before any table result: no rows, the chain after S named for the legend, no pair standings.
    expect(latest()?.duplicate?.rows).toEqual([]);
    expect(latest()?.duplicate?.tiebreakOrder.map((s) => s.key)).toEqual([
      'totalSeconds',
      'trimmedMeanSeconds',
      'defeatedOpponentsMeanS',
      'placeCounts',
    ]);
    expect(latest()?.standings).toEqual([]);

    // TRN-MP-1: the round's one board, set at both tables by the start, dealt by each table's
    // DealBoard; bots on every seat.
    const board = await dealFirstRoundBoard(
      suite.server,
      id,
      'doudizhu',
      tables.map((t) => t.matchId),
    );
    for (const table of tables)
      for (const seat of [0, 1, 2])
        await ok('POST', '/seat-bots', {
          matchId: table.matchId,
          seat,
          seed: `${table.matchId}-${String(seat)}`,
        });
    await vi.waitFor(
      async () => {
        const results = (await ok('GET', `/boards/${board}/results`)) as { tables: { result: unknown }[] };
        expect(results.tables.map((t) => t.result !== null)).toEqual([true, true]);
      },
      { timeout: 60_000, interval: 100 },
    );
    // TRN-MOVE-4/5: each seated table shows its venue feed's status, as a pairing does: the board
    // played and each player's total, one a seat.
    await vi.waitFor(
      () => {
        expect(
          latest()?.rounds[0]?.tables?.map((t) => [t.matchId, t.live?.played, t.live?.score.length]),
        ).toEqual(tables.map((t) => [t.matchId, 1, 3]));
      },
      { timeout: 20_000, interval: 50 },
    );
    const end = async (matchId: string): Promise<void> => {
      const { revision } = (await ok('GET', `/matches/${matchId}/state`)) as { revision: number };
      await ok('POST', `/matches/${matchId}/commands`, {
        game: 'doudizhu',
        revision,
        idempotencyKey: `end-${matchId}`,
        command: { type: 'EndMatch' },
      });
    };

    // Table 1's result lands (the result reactor records it): its three players, each alone so far
    // in its seat's comparison on the board, share S = 10000 (TRN-MP-1…4). Their ranks are then the
    // chain after S, own play time first (TRN-TB-4, DEC-DDZ-6): the bots' think time, which a loaded
    // machine can round up to a whole second for one seat, so the feed's ranks are checked against
    // the REST standings' rather than assumed tied.
    await end(t1.matchId);
    await vi.waitFor(
      () => {
        expect(latest()?.duplicate?.rows).toHaveLength(3);
      },
      { timeout: 20_000, interval: 50 },
    );
    const firstRows = latest()?.duplicate?.rows ?? [];
    expect(firstRows.map((r) => [r.entrant, r.S, r.boards]).sort()).toEqual(
      [...t1.seats].sort().map((p) => [p, '10000.00', 1]),
    );
    const firstRest = (await ok('GET', `/tournaments/${id}/standings`)) as {
      rows: { player: string; rank: number }[];
    };
    expect(firstRows.map((r) => [r.entrant, r.rank])).toEqual(firstRest.rows.map((r) => [r.player, r.rank]));

    // Table 2's lands: all six, exactly as the REST standings rank them, with their tie-break values.
    await end(t2.matchId);
    await vi.waitFor(
      () => {
        expect(latest()?.duplicate?.rows).toHaveLength(6);
      },
      { timeout: 20_000, interval: 50 },
    );
    const rest = (await ok('GET', `/tournaments/${id}/standings`)) as {
      rows: {
        player: string;
        rank: number;
        S: string;
        boards: unknown[];
        tiebreaks: { key: string; value: { kind: string; value?: string | number[] } }[];
      }[];
    };
    const rows = latest()?.duplicate?.rows ?? [];
    expect(rows.map((r) => [r.entrant, r.rank, r.S, r.boards])).toEqual(
      rest.rows.map((r) => [r.player, r.rank, r.S, r.boards.length]),
    );
    expect(rows.map((r) => r.tiebreaks.map((t) => [t.key, t.value]))).toEqual(
      rest.rows.map((r) =>
        r.tiebreaks
          .filter((t) => t.key !== 'S')
          .map((t) => [
            t.key,
            Array.isArray(t.value.value) ? t.value.value.join('/') : (t.value.value ?? '—'),
          ]),
      ),
    );
    expect(new Set(rows.map((r) => r.entrant))).toEqual(new Set([...t1.seats, ...t2.seats]));
    client.socket.close();
  }, 120_000);

  it('refuses a malformed frame naming the field, and an unknown tournament by id', async () => {
    const client = await feedClient(suite.server.url);
    client.socket.send(JSON.stringify({ type: 'watchTournament', tournamentId: 'no spaces' }));
    client.watch('nobody');
    await vi.waitFor(() => {
      expect(client.received).toHaveLength(2);
    });
    expect(client.received[0]).toMatchObject({ type: 'error', code: 'malformed' });
    expect(client.received[0]?.type === 'error' && client.received[0].message).toContain('"tournamentId"');
    expect(client.received[1]).toEqual({
      type: 'error',
      code: 'unknown-tournament',
      message: 'tournamentId "nobody": no such tournament',
    });
    client.socket.close();
  });
});
