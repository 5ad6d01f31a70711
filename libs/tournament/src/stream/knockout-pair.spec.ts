import type { TournamentEvent } from '@tablecast/events';
import type { MatchResult } from '@tablecast/game-kit';
import { describe, expect, it } from 'vitest';
import { decideTournament, type TournamentCommand } from './decide';
import { resolveStage } from './knockout-pair';
import { evolveTournament, initialTournamentState, type TournamentState } from './state';

const NOW = '2026-05-01T09:00:00.000Z';

class Stream {
  state: TournamentState = initialTournamentState;
  run(command: TournamentCommand): readonly TournamentEvent[] {
    const decision = decideTournament(command, this.state);
    if (!decision.ok) throw new Error(`${decision.rule}: ${decision.message}`);
    for (const event of decision.events) this.state = evolveTournament(this.state, event);
    return decision.events;
  }
  rejects(command: TournamentCommand): { rule: string; message: string } {
    const decision = decideTournament(command, this.state);
    if (decision.ok) throw new Error(`accepted: ${JSON.stringify(decision.events)}`);
    return { rule: decision.rule, message: decision.message };
  }
}

/** The game's first side (the pairing's first pair) wins with `a` match points (tenths) to `b`. */
const result = (a: number, b: number): MatchResult => ({
  reason: 'fixedDeals',
  rule: 'GD-FMT-2',
  winner: a > b ? 'NS' : a < b ? 'EW' : null,
  sides: [
    { side: 'NS', matchPoints: a, score: a },
    { side: 'EW', matchPoints: b, score: b },
  ],
  boards: [],
});

function knockout(pairs: number, thirdPlace: boolean): Stream {
  const s = new Stream();
  s.run({
    type: 'CreateTournament',
    tournamentId: 'ko',
    name: 'Cup',
    game: 'guandan',
    ruleset: 'cga2017',
    stages: [{ format: 'singleKnockout', venue: 'onSite', rounds: 3, unit: { games: 1, bestOf: false } }],
    options: {
      pairingRules: '000',
      firstRound: 'fold',
      whenNoLegalPairing: 'refuse',
      byeScore: null,
      thirdPlace,
    },
  });
  // Registered out of seed order: the bracket goes by seed (TRN-KO-1), not by registration.
  for (let i = pairs; i >= 1; i--)
    s.run({
      type: 'RegisterEntrant',
      entrant: `S${String(i)}`,
      name: `Seed ${String(i)}`,
      unit: null,
      seed: i,
    });
  return s;
}

/** Pairs and publishes the next round, seats each pairing, and lets `winner` pick who wins each. */
function playRound(s: Stream, winner: (a: string, b: string) => string): [string, string][] {
  const [paired] = s.run({ type: 'PairRound', seed: null, now: NOW });
  if (paired?.type !== 'RoundPaired') throw new Error('no pairing');
  const { round, pairs } = paired.data;
  s.run({ type: 'PublishRound', round, now: NOW });
  for (const [i, p] of pairs.entries()) {
    s.run({ type: 'AssignMatch', round, match: p.match, table: i + 1, matchId: `ko.${p.match}` });
    const aWins = winner(p.a, p.b) === p.a;
    s.run({
      type: 'RecordGameResult',
      matchId: `ko.${p.match}`,
      result: result(aWins ? 20 : 0, aWins ? 0 : 20),
      now: NOW,
    });
  }
  return pairs.map((p) => [p.a, p.b]);
}

const stronger = (a: string, b: string): string => (Number(a.slice(1)) < Number(b.slice(1)) ? a : b);

describe('pairing a single-knockout stage from its bracket (TRN-KO-1, TRN-KO-4)', () => {
  it('8 pairs: seed lines in round 1, winners meet after, the final and the third-place play-off last', () => {
    const s = knockout(8, true);
    // The upset: seed 5 beats seed 4, then meets seed 1.
    const upset = (a: string, b: string): string => ([a, b].includes('S5') ? 'S5' : stronger(a, b));
    expect(playRound(s, upset)).toEqual([
      ['S1', 'S8'],
      ['S4', 'S5'],
      ['S2', 'S7'],
      ['S3', 'S6'],
    ]);
    expect(playRound(s, (a, b) => ([a, b].includes('S3') ? 'S3' : stronger(a, b)))).toEqual([
      ['S1', 'S5'],
      ['S2', 'S3'],
    ]);
    expect(s.state.rounds[1]?.paired.pairs.map((p) => p.match)).toEqual(['r2.R2.M1', 'r2.R2.M2']);
    expect(playRound(s, (a, b) => (a === 'S3' || b === 'S3' ? 'S3' : stronger(a, b)))).toEqual([
      ['S1', 'S3'],
      ['S5', 'S2'],
    ]);
    expect(s.state.rounds[2]?.paired.pairs.map((p) => p.match)).toEqual(['r3.R3.M1', 'r3.P3']);
    const resolved = resolveStage(s.state, s.state.created ?? never());
    expect(resolved.placings).toEqual([
      { place: 1, entrant: 'S3' },
      { place: 2, entrant: 'S1' },
      { place: 3, entrant: 'S2' },
      { place: 4, entrant: 'S5' },
    ]);
    expect(s.rejects({ type: 'PairRound', seed: null, now: NOW }).rule).toBe('TRN-KO-1');
  });

  it('6 pairs: the top two seeds are through round 1 on byes; no third-place match unless the event has one', () => {
    const s = knockout(6, false);
    expect(playRound(s, stronger)).toEqual([
      ['S4', 'S5'],
      ['S3', 'S6'],
    ]);
    expect(playRound(s, stronger)).toEqual([
      ['S1', 'S4'],
      ['S2', 'S3'],
    ]);
    expect(playRound(s, stronger)).toEqual([['S1', 'S2']]);
  });

  it('a drawn match stops the next pairing, naming TRN-KO-4; an unfinished round names TRN-KO-1', () => {
    const s = knockout(4, false);
    const [paired] = s.run({ type: 'PairRound', seed: null, now: NOW });
    if (paired?.type !== 'RoundPaired') throw new Error('no pairing');
    s.run({ type: 'PublishRound', round: 1, now: NOW });
    const [first, second] = paired.data.pairs;
    if (first === undefined || second === undefined) throw new Error('two pairings');
    s.run({ type: 'AssignMatch', round: 1, match: first.match, table: 1, matchId: 'ko.a' });
    s.run({ type: 'AssignMatch', round: 1, match: second.match, table: 2, matchId: 'ko.b' });
    s.run({ type: 'RecordGameResult', matchId: 'ko.a', result: result(10, 10), now: NOW });
    expect(s.rejects({ type: 'PairRound', seed: null, now: NOW }).rule).toBe('TRN-KO-1');
    s.run({ type: 'RecordGameResult', matchId: 'ko.b', result: result(20, 0), now: NOW });
    const refused = s.rejects({ type: 'PairRound', seed: null, now: NOW });
    expect(refused.rule).toBe('TRN-KO-4');
    expect(refused.message).toContain(first.match);
  });
});

function never(): never {
  throw new Error('the tournament exists');
}
