import type { TournamentFeedView, TournamentPairingView } from '@tablecast/protocol';
import { describe, expect, it, vi } from 'vitest';
import { MatchCommandService } from '../matches/match-command.service';
import { TEST_TOKENS, TEST_TOKENS_SPEC } from '../testing/staff-tokens';
import { restartTestServer, startTestServer, type TestServer } from '../testing/test-server';
import { TournamentFeed } from './feed/tournament-feed.service';
import { KnockoutGameTables } from './knockout-game-tables';
import { TournamentResultReactor } from './result-reactor';
import { playTable } from './testing/table-bots';
import { apiCall } from './testing/api-call';

interface Game {
  game: number;
  matchId: string;
  extraDeal: boolean;
  winner?: string | null;
}
interface Pairing {
  match: string;
  a: string;
  b: string;
  matchId?: string;
  games?: Game[];
  result: {
    source: string;
    scored: {
      kind: string;
      a: { entrant: string; matchTenths: number };
      b: { entrant: string; matchTenths: number } | null;
    };
  } | null;
}
interface Event {
  rounds: { round: number; byes: string[]; pairings: Pairing[] }[];
}

const call = apiCall('/api');

const event = async (server: TestServer): Promise<Event> =>
  (await call(server, 'GET', '/tournaments/cup')).json as Event;

/** A non-JSON answer (a CSV or printable sheet) as text, as the arbiter reads it. */
async function text(server: TestServer, path: string): Promise<string> {
  const response = await fetch(`${server.url}/api${path}`, {
    headers: { authorization: `Bearer ${TEST_TOKENS.arbiter}` },
  });
  expect(response.status).toBe(200);
  return response.text();
}

/** The pairing `match` as the latest tournament feed frame shows it. */
function feedPairing(frames: readonly string[], match: string): TournamentPairingView | undefined {
  const frame = JSON.parse(frames.at(-1) ?? 'null') as { view?: TournamentFeedView } | null;
  return frame?.view?.rounds.flatMap((r) => r.pairings).find((p) => p.match === match);
}

const pairingOf = async (server: TestServer, round: number, match: string): Promise<Pairing> => {
  const held = (await event(server)).rounds[round - 1]?.pairings.find((p) => p.match === match);
  if (held === undefined) throw new Error(`no pairing ${match}`);
  return held;
};

const winner = (p: Pairing): string | null => {
  const scored = p.result?.scored;
  if (scored === undefined || scored.b === null) return scored?.a.entrant ?? null;
  return scored.a.matchTenths > scored.b.matchTenths ? scored.a.entrant : scored.b.entrant;
};

/** Creates the event, imports `pairs` seeded pairs K1…Kn, and pairs, publishes and starts rounds as asked. */
async function createEvent(server: TestServer, pairs: number, unit: unknown, rounds: number): Promise<void> {
  const created = await call(server, 'POST', '/tournaments', {
    tournamentId: 'cup',
    name: 'Cup',
    ruleset: 'cga2017',
    stages: [{ format: 'singleKnockout', venue: 'onSite', rounds, unit }],
  });
  expect(created.status).toBe(201);
  const rows = Array.from(
    { length: pairs },
    (_, i) => `K${String(i + 1)},Pair ${String(i + 1)},,${String(i + 1)}`,
  );
  const csv = `entrant,name,unit,seed\n${rows.join('\n')}\n`;
  expect((await call(server, 'POST', '/tournaments/cup/entrants', { csv })).status).toBe(200);
}

async function startRound(server: TestServer, round: number): Promise<{ match: string; matchId: string }[]> {
  expect((await call(server, 'POST', '/tournaments/cup/rounds', {})).status).toBe(200);
  expect((await call(server, 'POST', `/tournaments/cup/rounds/${String(round)}/publish`)).status).toBe(200);
  const started = await call(
    server,
    'POST',
    `/tournaments/cup/rounds/${String(round)}/start`,
    undefined,
    TEST_TOKENS.referee,
  );
  expect(started.status).toBe(200);
  return (started.json as { tables: { match: string; matchId: string }[] }).tables;
}

/** Waits until the game `matchId` has been created at its table (game 2 on: by the server itself). */
async function created(matches: MatchCommandService, matchId: string): Promise<void> {
  await vi.waitFor(
    async () => {
      expect((await matches.get(matchId)).revision).toBeGreaterThanOrEqual(0);
    },
    {
      timeout: 20_000,
    },
  );
}

/**
 * The referee decides each deal of a game: a foul (GD-PEN-4) ends the deal, lost by the fouling
 * pair, so `losers` ('NS' or 'EW' per deal) sets who wins it. Commands go through the API with the
 * referee's token, as at the table.
 */
async function refereeGame(
  server: TestServer,
  matchId: string,
  losers: readonly ('NS' | 'EW')[],
): Promise<void> {
  let key = 0;
  const send = async (command: unknown): Promise<void> => {
    const state = await call(server, 'GET', `/matches/${matchId}/state`, undefined, TEST_TOKENS.referee);
    const { revision } = state.json as { revision: number };
    key += 1;
    const sent = await call(
      server,
      'POST',
      `/matches/${matchId}/commands`,
      { revision, idempotencyKey: `${matchId}.ref.${String(key)}`, command },
      TEST_TOKENS.referee,
    );
    expect(sent.status, JSON.stringify(sent.json)).toBe(200);
  };
  for (const [i, loser] of losers.entries()) {
    await send({ type: 'DealCards', seed: `${matchId}/deal-${String(i + 1)}` });
    await send({
      type: 'IssuePenalty',
      seat: loser === 'NS' ? 'S' : 'E',
      sanction: 'foul',
      rule: 'GD-PEN-4',
    });
  }
}

/** Plays a pairing's games with the seeded bots until the round is decided: each game the server sets next. */
async function botsPlayPairing(
  server: TestServer,
  matches: MatchCommandService,
  round: number,
  match: string,
): Promise<Pairing> {
  for (let played = 0; played < 9; played += 1) {
    const pairing = await pairingOf(server, round, match);
    if (pairing.result !== null) return pairing;
    const matchId = pairing.matchId ?? '';
    await created(matches, matchId);
    expect(await playTable(matches, matchId, `bots-${matchId}`)).toBe(true);
    // The result reactor records the game; then the round is decided or the next game is set.
    await vi.waitFor(
      async () => {
        const now = await pairingOf(server, round, match);
        expect(now.result !== null || now.matchId !== matchId).toBe(true);
      },
      { timeout: 20_000 },
    );
  }
  throw new Error(`${match}: no result after 9 games`);
}

describe('a best-of knockout at the tables (TRN-KO-5 (b)): each game created, recorded, and the next set by the server', () => {
  it('4 pairs, best of 3 of 2 deals: a 1–1 pairing plays game 3, level, then the extra deal on top; the bracket goes on to the final', async () => {
    const server = await startTestServer({ TABLECAST_TOKENS: TEST_TOKENS_SPEC });
    try {
      await createEvent(server, 4, { games: 3, bestOf: true, deals: 2 }, 2);
      const matches = server.app.get(MatchCommandService);
      const frames: string[] = [];
      const feed = server.app.get(TournamentFeed);
      const page = {};
      expect(await feed.watch(page, 'cup', (frame: string) => frames.push(frame))).toBe(true);
      const semis = await startRound(server, 1);
      // Each pairing starts with its game 1, named by event, round, table and game.
      expect(semis.map((t) => t.matchId)).toEqual(['cup.r1.t1.g1', 'cup.r1.t2.g1']);
      const [top, bottom] = semis;
      if (top === undefined || bottom === undefined) throw new Error('two semi-finals');

      // Table 1 (K1 NS against K4 EW), kept level by the referee: K1, K4, a level game, then K4 on the extra deal.
      // After each game the feed shows the running score in games (TRN-KO-5 (b)).
      const script: [string, ('NS' | 'EW')[], [number, number]][] = [
        ['cup.r1.t1.g1', ['EW', 'EW'], [1, 0]],
        ['cup.r1.t1.g2', ['NS', 'NS'], [1, 1]],
        ['cup.r1.t1.g3', ['EW', 'NS'], [1, 1]],
        ['cup.r1.t1.g3.x', ['NS'], [1, 2]],
      ];
      for (const [matchId, losers, [a, b]] of script) {
        await created(matches, matchId);
        await refereeGame(server, matchId, losers);
        await vi.waitFor(
          () => {
            const bestOf = feedPairing(frames, top.match)?.bestOf;
            expect(bestOf?.games.find((g) => g.matchId === matchId)?.ended).toBe(true);
            expect(bestOf?.score).toEqual({ a, b });
          },
          { timeout: 20_000 },
        );
      }
      // Game 3 ended level, both pairs on 5 (each won a deal by the other's foul, +3); the extra deal
      // played on from there (DEC-GD-15): K4's win by K1's foul took K4 from 5 to 8, K1 stayed on 5.
      const levels = async (id: string) => ((await matches.get(id)).state as { levels: unknown }).levels;
      expect(await levels('cup.r1.t1.g3')).toEqual({ NS: 3, EW: 3 });
      expect(await levels('cup.r1.t1.g3.x')).toEqual({ NS: 3, EW: 6 });
      const onFeed = feedPairing(frames, top.match)?.bestOf?.games ?? [];
      expect(onFeed.map((g) => [g.game, g.extraDeal, g.winner, g.a?.standing, g.b?.standing])).toEqual([
        [1, false, 'K1', '8', '2'],
        [2, false, 'K4', '2', '8'],
        [3, false, null, '5', '5'],
        [3, true, 'K4', '5', '8'],
      ]);
      const semi = await botsPlayPairing(server, matches, 1, bottom.match);
      await vi.waitFor(
        async () => {
          expect((await pairingOf(server, 1, top.match)).result).not.toBeNull();
        },
        {
          timeout: 20_000,
        },
      );
      const level = await pairingOf(server, 1, top.match);
      expect(level.games).toEqual([
        expect.objectContaining({ game: 1, matchId: 'cup.r1.t1.g1', extraDeal: false, winner: 'K1' }),
        expect.objectContaining({ game: 2, matchId: 'cup.r1.t1.g2', extraDeal: false, winner: 'K4' }),
        expect.objectContaining({ game: 3, matchId: 'cup.r1.t1.g3', extraDeal: false, winner: null }),
        expect.objectContaining({ game: 4, matchId: 'cup.r1.t1.g3.x', extraDeal: true, winner: 'K4' }),
      ]);
      expect(winner(level)).toBe('K4');
      // The extra deal is a one-deal match; each game of the round is one of 2 deals.
      const format = async (id: string) => ((await matches.get(id)).state as { format: unknown }).format;
      expect(await format('cup.r1.t1.g3.x')).toEqual({ kind: 'fixedDeals', deals: 1 });
      expect(await format('cup.r1.t1.g2')).toEqual({ kind: 'fixedDeals', deals: 2 });

      // The 附录二 sheets list every game: the CSV a row each after the round's, the printable a form each.
      const sheet = await text(server, '/tournaments/cup/score-sheet.csv');
      const games = sheet
        .split('\r\n')
        .filter((line) => line.startsWith(`1,1,${top.match},`))
        .map((line) => line.split(',').slice(9));
      expect(games).toEqual([
        ['played', 'game', '0', '', '', ''],
        ['game', 'game', '', '1', '8', '2'],
        ['game', 'game', '', '2', '2', '8'],
        ['game', 'game', '', '3', '5', '5'],
        ['extraDeal', 'game', '', '3x', '5', '8'],
      ]);
      const printable = await text(server, '/tournaments/cup/rounds/1/score-sheets.html');
      for (const label of [
        '第1局 (cup.r1.t1.g1)',
        '第2局 (cup.r1.t1.g2)',
        '第3局 (cup.r1.t1.g3)',
        '第3局加赛 (cup.r1.t1.g3.x)',
      ])
        expect(printable).toContain(`第 1 轮 第 1 台记分表 ${label}`);
      await feed.unwatch(page);

      // The final: the semi-final winners, in bracket order, played by the bots to a decision.
      const final = await startRound(server, 2);
      expect(final.map((t) => t.matchId)).toEqual(['cup.r2.t1.g1']);
      const decided = await botsPlayPairing(server, matches, 2, final[0]?.match ?? '');
      expect([decided.a, decided.b]).toEqual(['K4', winner(semi)]);
      expect(decided.games?.length).toBeGreaterThanOrEqual(2);
      expect(decided.result?.source).toBe('game');
      const more = await call(server, 'POST', '/tournaments/cup/rounds', {});
      expect(more.status).toBe(422);
      expect(more.json).toMatchObject({ rule: 'TRN-KO-1' });
    } finally {
      await server.stop();
    }
  });
});

describe('a best-of outside a knockout (TRN-KO-5 (b))', () => {
  it('a Swiss round of best-of games is not started at the tables: 400 naming the unit', async () => {
    const server = await startTestServer({ TABLECAST_TOKENS: TEST_TOKENS_SPEC });
    try {
      const made = await call(server, 'POST', '/tournaments', {
        tournamentId: 'cup',
        name: 'Cup',
        ruleset: 'cga2017',
        stages: [{ format: 'swiss', venue: 'onSite', rounds: 2, unit: { games: 3, bestOf: true, deals: 2 } }],
      });
      expect(made.status).toBe(201);
      const csv = 'entrant,name,unit,seed\nK1,Pair 1,,1\nK2,Pair 2,,2\n';
      expect((await call(server, 'POST', '/tournaments/cup/entrants', { csv })).status).toBe(200);
      expect((await call(server, 'POST', '/tournaments/cup/rounds', {})).status).toBe(200);
      expect((await call(server, 'POST', '/tournaments/cup/rounds/1/publish')).status).toBe(200);
      const refused = await call(
        server,
        'POST',
        '/tournaments/cup/rounds/1/start',
        undefined,
        TEST_TOKENS.referee,
      );
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.json)).toContain('tournament.stages.unit.bestOf');
    } finally {
      await server.stop();
    }
  });
});

describe('a best-of round across a restart (TRN-KO-5 (b))', () => {
  it('a game assigned but not yet created when the server stops is created by the restarted server, under the same id', async () => {
    let server = await startTestServer({ TABLECAST_TOKENS: TEST_TOKENS_SPEC });
    try {
      await createEvent(server, 4, { games: 3, bestOf: true, deals: 1 }, 2);
      await startRound(server, 1);
      // The server stops between assigning game 2 and creating its match (as a crash there would).
      const tables = server.app.get(KnockoutGameTables);
      const creating = vi.spyOn(tables, 'createIfAssigned').mockResolvedValue(false);
      await created(server.app.get(MatchCommandService), 'cup.r1.t1.g1');
      await refereeGame(server, 'cup.r1.t1.g1', ['EW']);
      await vi.waitFor(
        async () => {
          expect((await pairingOf(server, 1, 'r1.R1.M1')).matchId).toBe('cup.r1.t1.g2');
        },
        {
          timeout: 20_000,
        },
      );
      await server.app.get(TournamentResultReactor).settled();
      expect(creating).toHaveBeenCalledWith('cup', 'cup.r1.t1.g2');
      await expect(server.app.get(MatchCommandService).get('cup.r1.t1.g2')).rejects.toThrow(/does not exist/);
      await server.app.close();

      server = await restartTestServer(server, { TABLECAST_TOKENS: TEST_TOKENS_SPEC });
      const matches = server.app.get(MatchCommandService);
      await created(matches, 'cup.r1.t1.g2');
      await refereeGame(server, 'cup.r1.t1.g2', ['EW']);
      await vi.waitFor(
        async () => {
          expect(winner(await pairingOf(server, 1, 'r1.R1.M1'))).toBe('K1');
        },
        {
          timeout: 20_000,
        },
      );
      const games = (await pairingOf(server, 1, 'r1.R1.M1')).games ?? [];
      expect(games.map((g) => [g.matchId, g.winner])).toEqual([
        ['cup.r1.t1.g1', 'K1'],
        ['cup.r1.t1.g2', 'K1'],
      ]);
    } finally {
      await server.stop();
    }
  });
});

describe('knockout byes in the tournament stream (TRN-KO-1, 000 附录五)', () => {
  it('6 pairs: round 1 records seeds 1 and 2 through on byes; the event, the standings and the bracket feed show them', async () => {
    const server = await startTestServer({ TABLECAST_TOKENS: TEST_TOKENS_SPEC });
    try {
      await createEvent(server, 6, { games: 1, bestOf: false }, 3);
      const frames: string[] = [];
      const feed = server.app.get(TournamentFeed);
      const page = {};
      expect(await feed.watch(page, 'cup', (frame: string) => frames.push(frame))).toBe(true);
      const matches = server.app.get(MatchCommandService);
      const tables = await startRound(server, 1);
      expect(tables.map((t) => t.match)).toEqual(['r1.R1.M2', 'r1.R1.M4']);

      const first = (await event(server)).rounds[0];
      expect(first?.byes).toEqual(['K1', 'K2']);
      const { rows } = (await call(server, 'GET', '/tournaments/cup/standings')).json as {
        rows: { entrant: string; played: number }[];
      };
      expect(
        rows
          .filter((r) => r.played === 1)
          .map((r) => r.entrant)
          .sort(),
      ).toEqual(['K1', 'K2']);
      await vi.waitFor(() => {
        const view = JSON.parse(frames.at(-1) ?? 'null') as {
          view?: { rounds: { byes: string[] }[] };
        } | null;
        expect(view?.view?.rounds[0]?.byes).toEqual(['K1', 'K2']);
      });

      for (const table of tables)
        expect(await playTable(matches, table.matchId, `bye-${table.matchId}`)).toBe(true);
      await vi.waitFor(
        async () => {
          expect((await event(server)).rounds[0]?.pairings.every((p) => p.result !== null)).toBe(true);
        },
        { timeout: 20_000 },
      );
      // Round 2: the bye holders meet the round-1 winners in bracket order.
      const second = await startRound(server, 2);
      const r1 = (await event(server)).rounds[0]?.pairings ?? [];
      const sides = (await event(server)).rounds[1]?.pairings.map((p) => [p.a, p.b]);
      expect(second).toHaveLength(2);
      expect(sides).toEqual([
        ['K1', winner(r1[0] ?? never())],
        ['K2', winner(r1[1] ?? never())],
      ]);
      await feed.unwatch(page);
    } finally {
      await server.stop();
    }
  });
});

function never(): never {
  throw new Error('missing');
}
