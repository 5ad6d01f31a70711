import { matchStream } from '@tablecast/events';
import { describe, expect, it, vi } from 'vitest';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import type { AppEventStore } from '../event-store/event-store.module';
import { TEST_TOKENS, TEST_TOKENS_SPEC } from '../testing/staff-tokens';
import { startTestServer } from '../testing/test-server';
import { MatchCommandService } from '../matches/match-command.service';
import { playTable, playTableOverHttp } from './testing/table-bots';

/**
 * A whole 003-style event (TRN-SWISS-7, TRN-SWISS-10): 40 pairs, 6 Swiss rounds, every table played
 * by the seeded bots through the HTTP API and every result recorded from the game's own result.
 * The unit of play is TRN_EVENT_DEALS deals a match: 7 by default, as in the 003 regulations (a
 * smaller count, e.g. `TRN_EVENT_DEALS=1` while working on it, plays a shorter real Guandan game of
 * fixed deals, card by card, scored by its module: shorter, never faked). What a deal costs here is
 * the server's, not the bots': most of it is the followers of the match log (the broadcast feeds'
 * disclosure ledger, the projections, the result reactor) and the append.
 * The event is run through the tournament API over HTTP; the cards are played by the bots through
 * the match command service (the path every transport and the seat bots use) unless
 * TRN_EVENT_PLAY=http, which sends each command over HTTP with a GET of the state before it: on
 * the shared 2-core machine that took 485 s for the 1-deal event, over the CI budget.
 */
const DEALS = Number(process.env.TRN_EVENT_DEALS ?? 7);
const OVER_HTTP = process.env.TRN_EVENT_PLAY === 'http';
const PAIRS = 40;
const ROUNDS = 6;
const OPERATOR_ALL = 'test-operator-all-token-1';

interface Pairing {
  match: string;
  a: string;
  b: string;
  matchId?: string;
  result: {
    source: string;
    scored: {
      kind: string;
      a: { entrant: string; matchTenths: number; levelPoints: number };
      b: { entrant: string; matchTenths: number; levelPoints: number } | null;
    };
  } | null;
}
interface Round {
  round: number;
  bye: string | null;
  pairings: Pairing[];
}
interface Row {
  entrant: string;
  rank: number;
  matchPoints: string;
  levelPoints: number;
  played: number;
}

describe(`a whole 003 event: ${String(PAIRS)} pairs, ${String(ROUNDS)} rounds of ${String(DEALS)} deal(s), bots through the API`, () => {
  it('TRN-SWISS-7, TRN-SWISS-10, TRN-SWISS-9: paired, started, played and scored with no manual result; every pair plays each round, no rematch, totals add up', async () => {
    const started = Date.now();
    const server = await startTestServer({
      TABLECAST_TOKENS: `${TEST_TOKENS_SPEC},operator:*=${OPERATOR_ALL}`,
    });
    try {
      const call = async (
        method: string,
        path: string,
        body?: unknown,
        token: string = TEST_TOKENS.arbiter,
      ) => {
        const response = await fetch(`${server.url}/api/tournaments${path}`, {
          method,
          headers: {
            authorization: `Bearer ${token}`,
            // A connection of its own per request: a round's play keeps the HTTP connection idle past
            // the server's keep-alive timeout, and a request sent on it as the server closes it fails
            // with "other side closed" (the server and the bots share one busy event loop).
            connection: 'close',
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
        const text = await response.text();
        expect(response.status, `${method} ${path}: ${text}`).toBeLessThan(300);
        return JSON.parse(text) as unknown;
      };
      await call('POST', '', {
        tournamentId: 'open003',
        name: '003 Open',
        ruleset: 'cesa2023',
        stages: [{ format: 'swiss', venue: 'onSite', rounds: ROUNDS, unit: { games: DEALS, bestOf: false } }],
        options: { pairingRules: '003' },
      });
      const csv = [
        'entrant,name,unit,seed',
        ...Array.from({ length: PAIRS }, (_, i) => {
          const n = String(i + 1);
          return `P${n},选手${n}甲/选手${n}乙,单位${String(i % 8)},${n}`;
        }),
      ].join('\n');
      await call('POST', '/open003/entrants', { csv });
      const met = new Set<string>();
      const playTimes: number[] = [];
      for (let round = 1; round <= ROUNDS; round += 1) {
        await call('POST', '/open003/rounds', {});
        await call('POST', `/open003/rounds/${String(round)}/publish`);
        const { tables } = (await call(
          'POST',
          `/open003/rounds/${String(round)}/start`,
          undefined,
          TEST_TOKENS.referee,
        )) as { tables: { matchId: string }[] };
        expect(tables).toHaveLength(PAIRS / 2);
        const playing = Date.now();
        await Promise.all(
          tables.map((t) =>
            OVER_HTTP
              ? playTableOverHttp(server.url, OPERATOR_ALL, t.matchId, `open003/${t.matchId}`)
              : playTable(server.app.get(MatchCommandService), t.matchId, `open003/${t.matchId}`),
          ),
        );
        playTimes.push(Date.now() - playing);
        // No result is sent by hand: the reactor records each from the game's end.
        const rounds = await vi.waitFor(
          async () => {
            const { rounds } = (await call('GET', '/open003')) as { rounds: Round[] };
            expect(rounds[round - 1]?.pairings.every((p) => p.result !== null)).toBe(true);
            return rounds;
          },
          { timeout: 120_000, interval: 250 },
        );
        const current = rounds[round - 1];
        if (current === undefined) throw new Error('the round is there');
        // Every entrant plays (an even field: no bye) exactly once; no pairing repeats a meeting.
        expect(current.bye).toBeNull();
        const seated = current.pairings.flatMap((p) => [p.a, p.b]).sort();
        expect(seated).toEqual(Array.from({ length: PAIRS }, (_, i) => `P${String(i + 1)}`).sort());
        for (const p of current.pairings) {
          const key = [p.a, p.b].sort().join('-');
          expect(met.has(key), `rematch ${key} in round ${String(round)}`).toBe(false);
          met.add(key);
        }
      }

      const store = server.app.get<AppEventStore>(EVENT_STORE);
      const { rounds } = (await call('GET', '/open003')) as { rounds: Round[] };
      const totals = new Map<string, { tenths: number; levels: number; played: number }>();
      for (const round of rounds)
        for (const p of round.pairings) {
          const result = p.result;
          if (result === null || p.matchId === undefined) throw new Error(`${p.match} has a result`);
          // The recorded result is the game's: the match's own MatchEnded, side for side.
          expect(result.source).toBe('game');
          const ended = (await store.readStream(matchStream(p.matchId))).find((e) => e.type === 'MatchEnded');
          const data = ended?.data as {
            matchPoints: { NS: number; EW: number };
            levelPoints: { NS: number; EW: number };
          };
          expect([result.scored.a.matchTenths, result.scored.b?.matchTenths]).toEqual([
            data.matchPoints.NS,
            data.matchPoints.EW,
          ]);
          expect([result.scored.a.levelPoints, result.scored.b?.levelPoints]).toEqual([
            data.levelPoints.NS,
            data.levelPoints.EW,
          ]);
          for (const side of [result.scored.a, result.scored.b]) {
            if (side === null) continue;
            const t = totals.get(side.entrant) ?? { tenths: 0, levels: 0, played: 0 };
            totals.set(side.entrant, {
              tenths: t.tenths + side.matchTenths,
              levels: t.levels + side.levelPoints,
              played: t.played + 1,
            });
          }
        }
      const { rows } = (await call('GET', '/open003/standings')) as { rows: Row[] };
      expect(rows).toHaveLength(PAIRS);
      expect(rows.map((r) => r.rank)).toEqual(Array.from({ length: PAIRS }, (_, i) => i + 1));
      for (const row of rows) {
        const t = totals.get(row.entrant);
        expect(row.played).toBe(ROUNDS);
        expect(Number(row.matchPoints) * 10).toBe(t?.tenths);
        expect(row.levelPoints).toBe(t?.levels);
      }
      console.info(
        `whole event: ${String(PAIRS)} pairs, ${String(ROUNDS)} rounds of ${String(DEALS)} deal(s), played ${OVER_HTTP ? 'over HTTP' : 'through the command service'}, in ${String(Date.now() - started)} ms (rounds played in ${playTimes.join(', ')} ms)`,
      );
    } finally {
      await server.stop();
    }
    // 120 matches of 7 deals: a fresh-clone run beside six other jobs (load 20 on 2 cores) went past
    // 600 s. What is checked is the event, not its pace.
  }, 1_200_000);
});
