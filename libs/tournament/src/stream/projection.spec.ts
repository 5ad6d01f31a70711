import type { MatchResult } from '@tablecast/game-kit';
import { describe, expect, it } from 'vitest';
import { TournamentProjection } from './projection';
import { Stream } from './testing';

const NOW = '2026-05-01T09:00:00.000Z';
const at = (minutes: number): string => new Date(Date.parse(NOW) + minutes * 60_000).toISOString();

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

/** A Swiss whose stream holds every kind of event that moves standings, and many that do not. */
function eventful(): Stream {
  const s = new Stream();
  s.run({
    type: 'CreateTournament',
    tournamentId: 'open2026',
    name: 'Open 2026',
    game: 'guandan',
    ruleset: 'cga2017',
    stages: [{ format: 'swiss', venue: 'onSite', rounds: 3, unit: { games: 1, bestOf: false } }],
    options: { pairingRules: '000', firstRound: 'fold', whenNoLegalPairing: 'refuse', byeScore: null },
  });
  for (let i = 1; i <= 7; i++)
    s.run({
      type: 'RegisterEntrant',
      entrant: `P${String(i)}`,
      name: `Pair ${String(i)}`,
      unit: null,
      seed: i,
    });
  // TRN-WD-1: gone before round 1, no place.
  s.run({ type: 'WithdrawEntrant', entrant: 'P7', reason: 'illness', now: at(0) });
  s.run({ type: 'PairRound', seed: null, now: at(1) });
  s.run({ type: 'PublishRound', round: 1, now: at(2) });
  let table = 1;
  for (const pairing of s.state.rounds[0]?.pairings.values() ?? []) {
    const matchId = `open2026.${pairing.match}`;
    s.run({ type: 'AssignMatch', round: 1, match: pairing.match, table, matchId });
    table += 1;
    s.run({ type: 'RecordGameResult', matchId, result: gameResult(20, 6), now: at(50) });
  }
  const first = s.events.find((e) => e.type === 'ResultRecorded');
  if (first?.type !== 'ResultRecorded') throw new Error('a result was recorded');
  const { scored } = first.data;
  s.run({
    type: 'CorrectResult',
    round: 1,
    match: first.data.match,
    kind: 'scoring',
    reason: 'level points miscounted',
    scored: { ...scored, a: { ...scored.a, levelPoints: scored.a.levelPoints + 3 } },
    playersLeftAt: null,
    now: at(51),
  });
  for (const entrant of ['P9', 'P10'])
    s.run({ type: 'RegisterEntrant', entrant, name: `Late ${entrant}`, unit: null, seed: null });
  s.run({ type: 'PairRound', seed: null, now: at(60) });
  // TRN-WD-2: gone mid-round; its match is forfeited.
  s.run({ type: 'WithdrawEntrant', entrant: 'P2', reason: 'illness', now: at(70) });
  return s;
}

describe('the tournament projection counts the events that can move its standings', () => {
  it('standings the count did not move are the standings before the event, for every event of the stream', () => {
    const { events } = eventful();
    const projection = new TournamentProjection();
    const moved = new Set<string>();
    const kept = new Set<string>();
    for (const event of events) {
      const before = JSON.stringify(projection.standings());
      const version = projection.standingsVersion;
      projection.apply(event);
      const after = JSON.stringify(projection.standings());
      if (projection.standingsVersion === version) {
        expect(after, event.type).toBe(before);
        kept.add(event.type);
      } else if (after !== before) moved.add(event.type);
    }
    // The stream is worth its name: each kind that moves standings did (TournamentCreated starts
    // them empty, as they were), and others kept them.
    expect([...moved].sort()).toEqual([
      'EntrantLateEntered',
      'EntrantRegistered',
      'EntrantWithdrawn',
      'ResultRecorded',
      'TournamentResultCorrected',
    ]);
    expect([...kept].sort()).toEqual(['MatchAssigned', 'RoundPaired', 'RoundPublished']);
  });
});
