import type { MatchResult } from '@tablecast/game-kit';
import { describe, expect, it } from 'vitest';
import { computeStandings } from '../standings/standings';
import type { TournamentCommand } from './decide';
import { projectTournament } from './projection';
import { Stream } from './testing';
import { scoredResults } from './state';

const NOW = '2026-05-01T09:00:00.000Z';
const at = (minutes: number): string => new Date(Date.parse(NOW) + minutes * 60_000).toISOString();

const swiss = (ruleset: 'cga2017' | 'cesa2023', rounds = 3): TournamentCommand => ({
  type: 'CreateTournament',
  tournamentId: 'open2026',
  name: 'Open 2026',
  game: 'guandan',
  ruleset,
  stages: [{ format: 'swiss', venue: 'onSite', rounds, unit: { games: 1, bestOf: false } }],
  options: { pairingRules: '000', firstRound: 'fold', whenNoLegalPairing: 'refuse', byeScore: null },
});

const gameResult = (a: number, b: number): MatchResult => ({
  reason: 'pastAce',
  rule: 'GD-SCORE-2',
  winner: a > b ? 'NS' : 'EW',
  sides: [
    { side: 'NS', matchPoints: a > b ? 20 : 0, score: a },
    { side: 'EW', matchPoints: a > b ? 0 : 20, score: b },
  ],
  boards: [],
});

function started(ruleset: 'cga2017' | 'cesa2023', pairs: number): Stream {
  const s = new Stream();
  s.run(swiss(ruleset));
  for (let i = 1; i <= pairs; i++)
    s.run({
      type: 'RegisterEntrant',
      entrant: `P${String(i)}`,
      name: `Pair ${String(i)}`,
      unit: i % 2 ? 'North' : 'South',
      seed: i,
    });
  return s;
}

/** Pairs, publishes, seats and plays a round: the first pair of each match wins 20:6. */
function playRound(s: Stream, minute: number): number {
  s.run({ type: 'PairRound', seed: null, now: at(minute) });
  const round = s.state.rounds.length;
  s.run({ type: 'PublishRound', round, now: at(minute + 1) });
  let table = 1;
  for (const pairing of s.state.rounds[round - 1]?.pairings.values() ?? []) {
    const matchId = `open2026.${pairing.match}`;
    s.run({ type: 'AssignMatch', round, match: pairing.match, table, matchId });
    table += 1;
    s.run({ type: 'RecordGameResult', matchId, result: gameResult(20, 6), now: at(minute + 50) });
  }
  return round;
}

describe('the tournament decider', () => {
  it('records a result from the game module when its match ends, the pairing first side as the game first side', () => {
    const s = started('cga2017', 4);
    playRound(s, 0);
    const recorded = s.events.filter((e) => e.type === 'ResultRecorded');
    expect(recorded).toHaveLength(2);
    expect(recorded[0]?.data).toMatchObject({
      source: 'game',
      gameResult: { reason: 'pastAce', rule: 'GD-SCORE-2' },
      scored: {
        kind: 'played',
        a: { matchTenths: 20, levelPoints: 20 },
        b: { matchTenths: 0, levelPoints: 6 },
      },
    });
    // Round 1 by strength (TRN-SWISS-1, fold): seed 1 meets seed 4, seed 2 meets seed 3.
    expect(s.state.rounds[0]?.paired.pairs.map((p) => [p.a, p.b])).toEqual([
      ['P1', 'P4'],
      ['P2', 'P3'],
    ]);
  });

  it('TRN-SWISS-1: the next round is paired only once the last one is published and complete, and never as a rematch', () => {
    const s = started('cga2017', 4);
    s.run({ type: 'PairRound', seed: null, now: at(0) });
    expect(s.rejects({ type: 'PairRound', seed: null, now: at(1) })).toBe('TRN-SWISS-1');
    s.run({ type: 'PublishRound', round: 1, now: at(1) });
    expect(s.rejects({ type: 'PairRound', seed: null, now: at(2) })).toBe('TRN-SWISS-1');
    s.run({ type: 'RecordForfeit', round: 1, match: 'r1.t1', forfeitedBy: 'P4', now: at(3) });
    s.run({ type: 'RecordForfeit', round: 1, match: 'r1.t2', forfeitedBy: 'P3', now: at(3) });
    s.run({ type: 'PairRound', seed: null, now: at(4) });
    const round2 = s.state.rounds[1]?.paired;
    // High against high: the two winners meet, with the standings and meetings it read kept.
    expect(round2?.pairs.map((p) => [p.a, p.b].sort())).toEqual([
      ['P1', 'P2'],
      ['P3', 'P4'],
    ]);
    expect(round2?.inputStandings.map((r) => [r.entrant, r.matchPoints])).toEqual([
      ['P1', '2'],
      ['P2', '2'],
      ['P3', '0'],
      ['P4', '0'],
    ]);
    expect(round2?.history).toEqual([
      ['P1', 'P4'],
      ['P2', 'P3'],
    ]);
  });

  it('TRN-SCORE-4: an odd field under 000 is not paired unless the regulations give the bye its score', () => {
    const s = started('cga2017', 5);
    expect(s.rejects({ type: 'PairRound', seed: null, now: at(0) })).toBe('TRN-SCORE-4');
    const t = new Stream();
    t.run({
      ...swiss('cga2017'),
      options: {
        pairingRules: '000',
        firstRound: 'fold',
        whenNoLegalPairing: 'refuse',
        byeScore: { matchTenths: 20, levelPoints: 13 },
      },
    } as TournamentCommand);
    for (let i = 1; i <= 5; i++)
      t.run({
        type: 'RegisterEntrant',
        entrant: `P${String(i)}`,
        name: `P${String(i)}`,
        unit: null,
        seed: i,
      });
    const events = t.run({ type: 'PairRound', seed: null, now: at(0) });
    expect(events.map((e) => e.type)).toEqual(['RoundPaired', 'ResultRecorded']);
    expect(events[1]?.data).toMatchObject({
      source: 'bye',
      scored: { kind: 'bye', a: { entrant: 'P5', matchTenths: 20, levelPoints: 13 }, b: null },
    });
  });

  it('TRN-SWISS-8: under 003 a bye scores 1.5 and 17', () => {
    const s = started('cesa2023', 3);
    const events = s.run({ type: 'PairRound', seed: null, now: at(0) });
    expect(events[1]?.data).toMatchObject({
      scored: { kind: 'bye', a: { matchTenths: 15, levelPoints: 17 } },
    });
  });

  it('TRN-SWISS-9: a recorded result changes only by a correction, and a data-entry error only within 5 minutes of the next pairing', () => {
    const s = started('cga2017', 4);
    playRound(s, 0);
    const matchId = 'open2026.r1.t1';
    expect(s.rejects({ type: 'RecordGameResult', matchId, result: gameResult(6, 20), now: at(60) })).toBe(
      'TRN-SWISS-9',
    );
    expect(
      s.rejects({ type: 'RecordForfeit', round: 1, match: 'r1.t1', forfeitedBy: 'P1', now: at(60) }),
    ).toBe('TRN-SWISS-9');
    playRound(s, 60); // round 2 published at minute 61
    const scored = {
      kind: 'played' as const,
      a: { entrant: 'P1', matchTenths: 0, levelPoints: 6, levelDifference: 0 },
      b: { entrant: 'P4', matchTenths: 20, levelPoints: 20, levelDifference: 0 },
    };
    const correction = (now: string): TournamentCommand => ({
      type: 'CorrectResult',
      round: 1,
      match: 'r1.t1',
      kind: 'dataEntry',
      reason: 'keyed the wrong way round',
      scored,
      playersLeftAt: null,
      now,
    });
    expect(s.rejects(correction(at(66.5)))).toBe('TRN-SWISS-9');
    const [event] = s.run(correction(at(65)));
    expect(event).toMatchObject({ type: 'TournamentResultCorrected', data: { revision: 1 } });
    // A correction never changes a published pairing.
    const swapped = { ...scored, b: { ...scored.b, entrant: 'P2' } };
    expect(s.rejects({ ...correction(at(65)), scored: swapped } as TournamentCommand)).toBe('TRN-SWISS-9');
    // A scoring error is raised at the table before the players leave.
    expect(
      s.rejects({
        type: 'CorrectResult',
        round: 2,
        match: 'r2.t1',
        kind: 'scoring',
        reason: 'miscounted',
        scored,
        playersLeftAt: at(111),
        now: at(112),
      }),
    ).toBe('TRN-SWISS-9');
  });

  it('TRN-WD-2: a pair withdrawing mid-round forfeits its match, 2 match points and 18 level points to the opponent; its results stand', () => {
    const s = started('cga2017', 4);
    playRound(s, 0);
    s.run({ type: 'PairRound', seed: null, now: at(60) });
    const events = s.run({ type: 'WithdrawEntrant', entrant: 'P2', reason: 'illness', now: at(70) });
    expect(events.map((e) => e.type)).toEqual(['EntrantWithdrawn', 'ResultRecorded']);
    expect(events[0]?.data).toMatchObject({ entrant: 'P2', round: 2 });
    expect(events[1]?.data).toMatchObject({
      source: 'forfeit',
      scored: {
        kind: 'forfeit',
        forfeitedBy: 'P2',
        a: { matchTenths: 20, levelPoints: 18 },
        b: { entrant: 'P2', matchTenths: 0, levelPoints: 0 },
      },
    });
    const rows = projectTournament(s.events).standings();
    expect(rows.find((r) => r.entrant === 'P2')).toMatchObject({ withdrewInRound: 2, played: 2 });
  });

  it('TRN-WD-1: a pair withdrawing before round 1 has no place and is not paired', () => {
    const s = started('cga2017', 5);
    expect(
      s.run({ type: 'WithdrawEntrant', entrant: 'P5', reason: 'no consent needed here', now: at(0) })[0]
        ?.data,
    ).toMatchObject({ round: null });
    s.run({ type: 'PairRound', seed: null, now: at(1) });
    expect(s.state.rounds[0]?.paired.bye).toBeNull();
    expect(
      projectTournament(s.events)
        .standings()
        .map((r) => r.entrant),
    ).not.toContain('P5');
  });

  it('a pair entering after round 1 is paired from the next round on', () => {
    const s = started('cga2017', 4);
    playRound(s, 0);
    expect(
      s.run({ type: 'RegisterEntrant', entrant: 'P9', name: 'Late', unit: null, seed: null })[0],
    ).toMatchObject({ type: 'EntrantLateEntered', data: { fromRound: 2, number: 5 } });
  });

  it('TRN-SWISS-10: the 003 event takes at most 100 pairs', () => {
    const s = started('cesa2023', 100);
    expect(
      s.rejects({ type: 'RegisterEntrant', entrant: 'P101', name: 'One too many', unit: null, seed: null }),
    ).toBe('TRN-SWISS-10');
  });

  it('TRN-EVT-2: a stage before another says how many go on, and advances only when its rounds are played', () => {
    const s = new Stream();
    const two = {
      ...swiss('cga2017', 1),
      stages: [
        { format: 'swiss' as const, venue: 'onSite' as const, rounds: 1, unit: { games: 1, bestOf: false } },
        {
          format: 'singleKnockout' as const,
          venue: 'tv' as const,
          rounds: 1,
          unit: { games: 1, bestOf: false },
        },
      ],
    } as TournamentCommand;
    expect(s.rejects(two)).toBe('TRN-EVT-2');
    s.run({
      ...two,
      stages: [
        { ...(two as { stages: object[] }).stages[0], advance: 2 },
        (two as { stages: object[] }).stages[1],
      ],
    } as TournamentCommand);
    for (let i = 1; i <= 4; i++)
      s.run({
        type: 'RegisterEntrant',
        entrant: `P${String(i)}`,
        name: `P${String(i)}`,
        unit: null,
        seed: i,
      });
    expect(s.rejects({ type: 'AdvanceStage', advancing: ['P1', 'P2'] })).toBe('TC-TRN-STATE');
    playRound(s, 0);
    expect(s.rejects({ type: 'AdvanceStage', advancing: ['P1'] })).toBe('TRN-EVT-2');
    expect(s.run({ type: 'AdvanceStage', advancing: ['P1', 'P2'] })[0]).toMatchObject({
      type: 'StageAdvanced',
      data: { toStage: 2 },
    });
  });

  it('the standings projection equals the whole computation, and folding the stream again gives the same', () => {
    const s = started('cesa2023', 7);
    playRound(s, 0);
    playRound(s, 60);
    const first = s.state.rounds[0]?.pairings.get('r1.t1');
    s.run({
      type: 'CorrectResult',
      round: 1,
      match: 'r1.t1',
      kind: 'dataEntry',
      reason: 'entry',
      playersLeftAt: null,
      now: at(62),
      scored: {
        kind: 'played',
        a: { entrant: first?.a ?? '', matchTenths: 10, levelPoints: 0, levelDifference: 0 },
        b: { entrant: first?.b ?? '', matchTenths: 10, levelPoints: 0, levelDifference: 0 },
      },
    });
    playRound(s, 120);
    const live = projectTournament(s.events);
    const whole = computeStandings({
      ruleset: 'cesa2023',
      entrants: [...s.state.entrants.keys()],
      results: scoredResults(s.state),
    });
    expect(live.standings()).toEqual(whole);
    expect(projectTournament([...s.events]).standings()).toEqual(live.standings());
    expect(live.standings()[0]?.tiebreaks.map((t) => t.key)).toEqual([
      'matchPoints',
      'levelDifferencePoints',
      'headToHead',
      'roundsWon',
      'roundsDrawn',
      'levelDifference',
      'opponentsMatchPoints',
      'previousRank',
    ]);
  });
});
