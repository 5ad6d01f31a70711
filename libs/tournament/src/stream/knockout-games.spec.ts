import type { TournamentEvent } from '@tablecast/events';
import type { MatchResult } from '@tablecast/game-kit';
import { describe, expect, it } from 'vitest';
import { decideTournament, type TournamentCommand } from './decide';
import { resolveStage } from './knockout-pair';
import { projectTournament } from './projection';
import { evolveTournament, initialTournamentState, type TournamentState } from './state';

const NOW = '2026-05-01T09:00:00.000Z';

class Stream {
  state: TournamentState = initialTournamentState;
  readonly log: TournamentEvent[] = [];
  run(command: TournamentCommand): readonly TournamentEvent[] {
    const decision = decideTournament(command, this.state);
    if (!decision.ok) throw new Error(`${decision.rule}: ${decision.message}`);
    for (const event of decision.events) this.state = evolveTournament(this.state, event);
    this.log.push(...decision.events);
    return decision.events;
  }
  rejects(command: TournamentCommand): { rule: string; message: string } {
    const decision = decideTournament(command, this.state);
    if (decision.ok) throw new Error(`accepted: ${JSON.stringify(decision.events)}`);
    return { rule: decision.rule, message: decision.message };
  }
}

/** A game's result: the game's first side (the pairing's first pair) scores `a` match points (tenths) and level points. */
const game = (
  a: number,
  b: number,
  levels: [number, number] = [a === b ? 13 : a > b ? 16 : 10, 0],
): MatchResult => ({
  reason: 'fixedDeals',
  rule: 'GD-FMT-2',
  winner: a > b ? 'NS' : a < b ? 'EW' : null,
  sides: [
    { side: 'NS', matchPoints: a, score: levels[0] },
    { side: 'EW', matchPoints: b, score: levels[1] === 0 ? 26 - levels[0] : levels[1] },
  ],
  boards: [],
});
const A_WINS = game(20, 0);
const B_WINS = game(0, 20);
const LEVEL = game(10, 10);

const stage = (unit: { games: number; bestOf: boolean; deals?: number }) => ({
  format: 'singleKnockout' as const,
  venue: 'onSite' as const,
  rounds: 2,
  unit,
});

function bestOf3(entrants = 4): Stream {
  const s = new Stream();
  s.run({
    type: 'CreateTournament',
    tournamentId: 'ko',
    name: 'Cup',
    game: 'guandan',
    ruleset: 'cga2017',
    stages: [stage({ games: 3, bestOf: true, deals: 2 })],
    options: { pairingRules: '000', firstRound: 'fold', whenNoLegalPairing: 'refuse', byeScore: null },
  });
  for (let i = 1; i <= entrants; i++)
    s.run({
      type: 'RegisterEntrant',
      entrant: `S${String(i)}`,
      name: `Seed ${String(i)}`,
      unit: null,
      seed: i,
    });
  return s;
}

/** Pairs, publishes and seats round 1: table n plays game 1 as `ko.r1.tn.g1`. */
function startRound(s: Stream): { match: string; a: string; b: string }[] {
  const [paired] = s.run({ type: 'PairRound', seed: null, now: NOW });
  if (paired?.type !== 'RoundPaired') throw new Error('no pairing');
  const { round, pairs } = paired.data;
  s.run({ type: 'PublishRound', round, now: NOW });
  for (const [i, p] of pairs.entries())
    s.run({
      type: 'AssignMatch',
      round,
      match: p.match,
      table: i + 1,
      matchId: `ko.r1.t${String(i + 1)}.g1`,
    });
  return pairs;
}

const record = (s: Stream, matchId: string, result: MatchResult) =>
  s.run({ type: 'RecordGameResult', matchId, result, now: NOW });

describe('a best-of knockout round played game by game at its table (TRN-KO-5 (b))', () => {
  it('TRN-KO-5 (b): 1–1 after two games sets game 3 at the same table; the third decides the round, 2:0 with the level points summed', () => {
    const s = bestOf3();
    const [top] = startRound(s);
    if (top === undefined) throw new Error('a pairing');
    expect(s.state.rounds[0]?.pairings.get(top.match)?.games).toEqual([
      { game: 1, matchId: 'ko.r1.t1.g1', extraDeal: false },
    ]);
    const after1 = record(s, 'ko.r1.t1.g1', A_WINS);
    expect(after1.map((e) => e.type)).toEqual(['KnockoutGameRecorded', 'MatchAssigned']);
    expect(after1[1]?.data).toEqual({
      round: 1,
      match: top.match,
      table: 1,
      matchId: 'ko.r1.t1.g2',
      game: 2,
    });
    const after2 = record(s, 'ko.r1.t1.g2', B_WINS);
    expect(after2[1]?.data).toMatchObject({ table: 1, matchId: 'ko.r1.t1.g3', game: 3 });
    expect(s.state.rounds[0]?.results.has(top.match)).toBe(false);
    const after3 = record(s, 'ko.r1.t1.g3', game(20, 0, [17, 9]));
    expect(after3.map((e) => e.type)).toEqual(['KnockoutGameRecorded', 'ResultRecorded']);
    // Game 1: 16–10, game 2: 10–16, game 3: 17–9.
    expect(after3[1]?.data).toMatchObject({
      match: top.match,
      source: 'game',
      matchId: 'ko.r1.t1.g3',
      scored: {
        kind: 'played',
        a: { entrant: top.a, matchTenths: 20, levelPoints: 43 },
        b: { entrant: top.b, matchTenths: 0, levelPoints: 35 },
      },
    });
  });

  it('TRN-KO-5 (b): 2–0 decides a best of 3 without a third game', () => {
    const s = bestOf3();
    const [top] = startRound(s);
    record(s, 'ko.r1.t1.g1', B_WINS);
    const after2 = record(s, 'ko.r1.t1.g2', B_WINS);
    expect(after2.map((e) => e.type)).toEqual(['KnockoutGameRecorded', 'ResultRecorded']);
    expect(after2[1]?.data).toMatchObject({ scored: { b: { entrant: top?.b, matchTenths: 20 } } });
  });

  it('TRN-KO-5 (b), TRN-KO-4: a level deciding game gets one more deal on top of it, its own one-deal match, whose winner takes the round', () => {
    const s = bestOf3();
    const [top] = startRound(s);
    if (top === undefined) throw new Error('a pairing');
    record(s, 'ko.r1.t1.g1', A_WINS);
    record(s, 'ko.r1.t1.g2', B_WINS);
    const level = record(s, 'ko.r1.t1.g3', LEVEL);
    expect(level[0]?.data).toMatchObject({ game: 3, winner: null });
    expect(level[1]?.data).toEqual({
      round: 1,
      match: top.match,
      table: 1,
      matchId: 'ko.r1.t1.g3.x',
      game: 4,
      extraDeal: true,
    });
    const extra = record(s, 'ko.r1.t1.g3.x', game(0, 20, [11, 15]));
    expect(extra.map((e) => e.type)).toEqual(['KnockoutGameRecorded', 'ResultRecorded']);
    expect(extra[1]?.data).toMatchObject({
      // The extra deal decides the game; its levels are not added to the round's (16+10+13 : 10+16+13).
      scored: {
        a: { matchTenths: 0, levelPoints: 39 },
        b: { entrant: top.b, matchTenths: 20, levelPoints: 39 },
      },
    });
    // The bracket goes on: the winner is through to the final.
    const resolved = resolveStage(s.state, s.state.created ?? never());
    expect(resolved.matches.find((m) => m.id === 'R1-M1')?.winner).toBe(top.b);
  });

  it('TRN-KO-5 (b), TRN-KO-4: a level game before the decider counts for neither pair; 1–1 after the third game is settled by an extra deal on it', () => {
    const s = bestOf3();
    startRound(s);
    expect(record(s, 'ko.r1.t1.g1', LEVEL)[1]?.data).toMatchObject({ matchId: 'ko.r1.t1.g2', game: 2 });
    expect(record(s, 'ko.r1.t1.g2', B_WINS)[1]?.data).toMatchObject({ matchId: 'ko.r1.t1.g3', game: 3 });
    expect(record(s, 'ko.r1.t1.g3', A_WINS)[1]?.data).toMatchObject({
      matchId: 'ko.r1.t1.g3.x',
      game: 4,
      extraDeal: true,
    });
    expect(record(s, 'ko.r1.t1.g3.x', A_WINS)[1]?.data).toMatchObject({ scored: { a: { matchTenths: 20 } } });
  });

  it('a game recorded twice is refused with TRN-SWISS-9 (a restart that reads the log again records nothing twice)', () => {
    const s = bestOf3();
    startRound(s);
    record(s, 'ko.r1.t1.g1', A_WINS);
    expect(
      s.rejects({ type: 'RecordGameResult', matchId: 'ko.r1.t1.g1', result: A_WINS, now: NOW }).rule,
    ).toBe('TRN-SWISS-9');
    record(s, 'ko.r1.t1.g2', A_WINS);
    expect(
      s.rejects({ type: 'RecordGameResult', matchId: 'ko.r1.t1.g2', result: A_WINS, now: NOW }).rule,
    ).toBe('TRN-SWISS-9');
  });

  it('TRN-EVT-3, TRN-KO-5: a best-of holds an odd number of games and says how many deals each has', () => {
    const create = (unit: { games: number; bestOf: boolean; deals?: number }): TournamentCommand => ({
      type: 'CreateTournament',
      tournamentId: 'ko',
      name: 'Cup',
      game: 'guandan',
      ruleset: 'cga2017',
      stages: [stage(unit)],
      options: { pairingRules: '000', firstRound: 'fold', whenNoLegalPairing: 'refuse', byeScore: null },
    });
    const s = new Stream();
    expect(s.rejects(create({ games: 2, bestOf: true, deals: 2 }))).toMatchObject({
      rule: 'TRN-EVT-3',
      message: expect.stringContaining('stages.0.unit.games') as unknown,
    });
    expect(s.rejects(create({ games: 3, bestOf: true }))).toMatchObject({
      rule: 'TRN-KO-5',
      message: expect.stringContaining('stages.0.unit.deals') as unknown,
    });
  });
});

describe('knockout byes recorded in the stream (TRN-KO-1, 000 附录五)', () => {
  it('TRN-KO-1: 6 pairs: round 1 records the top two seeds through on byes, with no score, and they stand in the standings', () => {
    const s = new Stream();
    s.run({
      type: 'CreateTournament',
      tournamentId: 'ko',
      name: 'Cup',
      game: 'guandan',
      ruleset: 'cga2017',
      stages: [{ ...stage({ games: 1, bestOf: false }), rounds: 3 }],
      options: { pairingRules: '000', firstRound: 'fold', whenNoLegalPairing: 'refuse', byeScore: null },
    });
    for (let i = 6; i >= 1; i--)
      s.run({
        type: 'RegisterEntrant',
        entrant: `S${String(i)}`,
        name: `Seed ${String(i)}`,
        unit: null,
        seed: i,
      });
    const paired = s.run({ type: 'PairRound', seed: null, now: NOW });
    expect(paired.map((e) => e.type)).toEqual(['RoundPaired', 'ResultRecorded', 'ResultRecorded']);
    expect(paired.slice(1).map((e) => e.data)).toEqual([
      {
        round: 1,
        match: 'r1.R1.M1',
        source: 'bye',
        matchId: null,
        gameResult: null,
        scored: {
          kind: 'bye',
          a: { entrant: 'S1', matchTenths: 0, levelPoints: 0, levelDifference: 0 },
          b: null,
        },
        recordedAt: NOW,
      },
      expect.objectContaining({ match: 'r1.R1.M3' }),
    ]);
    expect(paired[2]?.data).toMatchObject({ scored: { kind: 'bye', a: { entrant: 'S2' }, b: null } });
    // Only the two real matches are played; the byes do not hold the round open.
    expect([...(s.state.rounds[0]?.pairings.keys() ?? [])]).toEqual(['r1.R1.M2', 'r1.R1.M4']);
    const standings = projectTournament(s.log).standings();
    expect(standings.find((r) => r.entrant === 'S1')?.played).toBe(1);
    expect(standings.find((r) => r.entrant === 'S6')?.played).toBe(0);
  });

  it('TRN-KO-1: the regulations’ bye score, when they set one, is the knockout bye’s', () => {
    const s = new Stream();
    s.run({
      type: 'CreateTournament',
      tournamentId: 'ko',
      name: 'Cup',
      game: 'guandan',
      ruleset: 'cga2017',
      stages: [stage({ games: 1, bestOf: false })],
      options: {
        pairingRules: '000',
        firstRound: 'fold',
        whenNoLegalPairing: 'refuse',
        byeScore: { matchTenths: 20, levelPoints: 13 },
      },
    });
    for (let i = 1; i <= 3; i++)
      s.run({
        type: 'RegisterEntrant',
        entrant: `S${String(i)}`,
        name: `Seed ${String(i)}`,
        unit: null,
        seed: i,
      });
    const [, bye] = s.run({ type: 'PairRound', seed: null, now: NOW });
    expect(bye?.data).toMatchObject({
      scored: { kind: 'bye', a: { entrant: 'S1', matchTenths: 20, levelPoints: 13 } },
    });
  });
});

function never(): never {
  throw new Error('the tournament exists');
}
