import { describe, expect, it, vi } from 'vitest';
import { MatchCommandService } from '../matches/match-command.service';
import { TEST_TOKENS, TEST_TOKENS_SPEC } from '../testing/staff-tokens';
import { startTestServer } from '../testing/test-server';
import { TournamentFeed } from './feed/tournament-feed.service';
import { playTable } from './testing/table-bots';
import { apiCall } from './testing/api-call';

interface Pairing {
  match: string;
  a: string;
  b: string;
  matchId?: string;
  result: {
    scored: { a: { entrant: string; matchTenths: number }; b: { entrant: string; matchTenths: number } };
  } | null;
}
interface Event {
  stage: number;
  rounds: { round: number; pairings: Pairing[] }[];
}

const call = apiCall('/api/tournaments');

const winner = (p: Pairing): string | null => {
  const scored = p.result?.scored;
  if (scored === undefined) return null;
  return scored.a.matchTenths > scored.b.matchTenths ? scored.a.entrant : scored.b.entrant;
};

describe('a single knockout on the server (TRN-KO-1): paired from its bracket, played to its final', () => {
  it('8 pairs: each round is paired over HTTP from the last one winners, played by bots, recorded from the games', async () => {
    const server = await startTestServer({ TABLECAST_TOKENS: TEST_TOKENS_SPEC });
    try {
      const created = await call(server, 'POST', '', {
        tournamentId: 'cup',
        name: 'Cup',
        ruleset: 'cga2017',
        stages: [{ format: 'singleKnockout', venue: 'onSite', rounds: 3, unit: { games: 1, bestOf: false } }],
        options: { thirdPlace: true },
      });
      expect(created.status).toBe(201);
      // Listed out of seed order: the bracket goes by seed.
      const rows = [8, 3, 5, 1, 7, 2, 6, 4].map((n) => `K${String(n)},Pair ${String(n)},,${String(n)}`);
      const csv = `entrant,name,unit,seed\n${rows.join('\n')}\n`;
      expect((await call(server, 'POST', '/cup/entrants', { csv })).status).toBe(200);

      const frames: string[] = [];
      const feed = server.app.get(TournamentFeed);
      const page = {};
      expect(await feed.watch(page, 'cup', (frame: string) => frames.push(frame))).toBe(true);

      const matches = server.app.get(MatchCommandService);
      const played: [string, string][][] = [];
      for (let round = 1; round <= 3; round += 1) {
        const paired = await call(server, 'POST', '/cup/rounds', {});
        expect(paired.status).toBe(200);
        expect((await call(server, 'POST', `/cup/rounds/${String(round)}/publish`)).status).toBe(200);
        const started = await call(
          server,
          'POST',
          `/cup/rounds/${String(round)}/start`,
          undefined,
          TEST_TOKENS.referee,
        );
        expect(started.status).toBe(200);
        const tables = (started.json as { tables: { matchId: string; a: string; b: string }[] }).tables;
        played.push(tables.map((t) => [t.a, t.b]));
        for (const table of tables)
          expect(await playTable(matches, table.matchId, `cup-${table.matchId}`)).toBe(true);
        await vi.waitFor(
          async () => {
            const event = (await call(server, 'GET', '/cup')).json as Event;
            expect(event.rounds[round - 1]?.pairings.every((p) => p.result !== null)).toBe(true);
          },
          { timeout: 30_000 },
        );
        if (round === 1)
          expect(played[0]).toEqual([
            ['K1', 'K8'],
            ['K4', 'K5'],
            ['K2', 'K7'],
            ['K3', 'K6'],
          ]);
      }
      const event = (await call(server, 'GET', '/cup')).json as Event;
      const [r1, r2, r3] = event.rounds;
      if (r1 === undefined || r2 === undefined || r3 === undefined) throw new Error('three rounds');
      const w = (r: typeof r1) => r.pairings.map((p) => winner(p));
      const l = (r: typeof r1) => r.pairings.map((p) => (winner(p) === p.a ? p.b : p.a));
      // Winners meet in bracket order; the semi-final losers play off for 3rd beside the final.
      expect(r2.pairings.map((p) => [p.a, p.b])).toEqual([
        [w(r1)[0], w(r1)[1]],
        [w(r1)[2], w(r1)[3]],
      ]);
      expect(r3.pairings.map((p) => p.match)).toEqual(['r3.R3.M1', 'r3.P3']);
      expect(r3.pairings.map((p) => [p.a, p.b])).toEqual([
        [w(r2)[0], w(r2)[1]],
        [l(r2)[0], l(r2)[1]],
      ]);
      // The bracket is decided: a fourth round is refused, naming the rule.
      const more = await call(server, 'POST', '/cup/rounds', {});
      expect(more.status).toBe(422);
      expect(more.json).toMatchObject({ rule: 'TRN-KO-1' });
      // The bracket overlay's feed reads the server's stage: three knockout rounds with their results.
      await vi.waitFor(() => {
        const view = JSON.parse(frames.at(-1) ?? 'null') as {
          view?: { rounds: { format: string; pairings: { result: unknown }[] }[] };
        } | null;
        const rounds = view?.view?.rounds ?? [];
        expect(rounds.map((r) => r.format)).toEqual(['singleKnockout', 'singleKnockout', 'singleKnockout']);
        expect(rounds.every((r) => r.pairings.every((p) => p.result !== null))).toBe(true);
      });
      await feed.unwatch(page);
    } finally {
      await server.stop();
    }
  });
});
