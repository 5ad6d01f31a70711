import type { TableLiveView } from '@tablecast/protocol';
import type { MatchResult } from '@tablecast/game-kit';
import {
  decideTournament,
  duplicateEventStandings,
  TournamentProjection,
  type TournamentCommand,
} from '@tablecast/tournament';
import { describe, expect, it } from 'vitest';
import { tournamentFeedView } from './tournament-feed-view';

const NOW = '2026-05-01T09:00:00.000Z';

/** Commands through the decider, their events folded by the feed's own projection. */
class Event {
  readonly projection = new TournamentProjection();
  run(command: TournamentCommand): void {
    const decision = decideTournament(command, this.projection.state);
    if (!decision.ok) throw new Error(`${decision.rule}: ${decision.message}`);
    for (const event of decision.events) this.projection.apply(event);
  }
  view() {
    const view = tournamentFeedView(this.projection, 7, () => null);
    if (view === null) throw new Error('no view');
    return view;
  }
}

function entered(
  game: string,
  format: 'swiss' | 'duplicateSwiss',
  entrants: number,
  sessionsPerRound?: number,
): Event {
  const e = new Event();
  e.run({
    type: 'CreateTournament',
    tournamentId: 'open',
    name: 'Open',
    game,
    ruleset: 'cga2017',
    stages: [{ format, venue: 'onSite', rounds: 3, unit: { games: 1, bestOf: false } }],
    options: {
      pairingRules: '000',
      firstRound: format === 'swiss' ? 'fold' : 'lot',
      whenNoLegalPairing: 'refuse',
      byeScore: null,
      ...(sessionsPerRound === undefined ? {} : { sessionsPerRound }),
    },
  });
  for (let i = 1; i <= entrants; i++)
    e.run({
      type: 'RegisterEntrant',
      entrant: `P${String(i)}`,
      name: `Player ${String(i)}`,
      unit: null,
      seed: null,
    });
  return e;
}

/** A Dou Dizhu table's result: one board per deal, each board's scores in seat order 0, 1, 2. */
const ddzResult = (boards: Record<string, readonly number[]>): MatchResult => ({
  reason: 'boardsPlayed',
  rule: 'DDZ-SCORE-5',
  winner: null,
  sides: [0, 1, 2].map((seat) => ({ side: String(seat), matchPoints: 0, score: 0 })),
  boards: Object.entries(boards).map(([deal, scores], i) => ({
    board: String(i + 1),
    deal,
    scores: Object.fromEntries(scores.map((score, seat) => [String(seat), score])),
  })),
});

/** A Dou Dizhu event of 6 players, round 1 drawn, published and seated: the two tables' seats. */
function seatedDouDizhu(): { e: Event; t1: string[]; t2: string[] } {
  const e = entered('doudizhu', 'duplicateSwiss', 6);
  e.run({ type: 'PairRound', seed: 'draw-1', now: NOW });
  e.run({ type: 'PublishRound', round: 1, now: NOW });
  const tables = [...(e.projection.state.rounds[0]?.tables.values() ?? [])];
  for (const table of tables)
    e.run({
      type: 'AssignMatch',
      round: 1,
      match: table.match,
      table: table.table,
      matchId: `m.${table.match}`,
    });
  const [t1, t2] = tables.map((t) => [...t.seats]);
  if (t1 === undefined || t2 === undefined) throw new Error('two tables expected');
  return { e, t1, t2 };
}

describe('the tournament feed view of a duplicate event (TRN-MP-5, TRN-TB-4)', () => {
  it('carries the chain after S with its labels, and no rows before a table result is recorded', () => {
    const { e } = seatedDouDizhu();
    const view = e.view();
    expect(view.duplicate).toMatchObject({ scoring: 'duplicate', rule: 'TRN-TB-4', rows: [] });
    // TRN-TB-4: time, trimmed time, defeated opponents, places; S itself is the standings' own column.
    expect(view.duplicate?.tiebreakOrder.map((s) => [s.step, s.rule, s.key, s.label.zh, s.label.en])).toEqual(
      [
        [2, 'TRN-TB-4', 'totalSeconds', '总用时', 'Total time'],
        [3, 'TRN-TB-4', 'trimmedMeanSeconds', '去极值平均用时', 'Trimmed average time'],
        [4, 'TRN-TB-4', 'defeatedOpponentsMeanS', '所胜对手平均S', 'Defeated opponents’ mean S'],
        [5, 'TRN-TB-4', 'placeCounts', '名次数', 'Places'],
      ],
    );
    // The pair game's standings and chain mean nothing for players ranked by S.
    expect(view.standings).toEqual([]);
    expect(view.tiebreakOrder).toEqual([]);
  });

  it('TRN-MOVE-4/5: each seated table carries its own live status from the venue feed, by match id', () => {
    const { e } = seatedDouDizhu();
    const liveOf = (matchId: string): TableLiveView | null =>
      matchId === 'm.r1.t1'
        ? {
            matchId,
            status: 'live',
            played: 1,
            score: ['甲', '乙', '丙'].map((side, i) => ({ side, value: String([24, -12, -12][i]) })),
            asOf: NOW,
          }
        : null;
    const view = tournamentFeedView(e.projection, 7, liveOf);
    expect(
      view?.rounds[0]?.tables?.map((t) => [t.matchId, t.live?.played ?? null, t.live?.score.length]),
    ).toEqual([
      ['m.r1.t1', 1, 3],
      ['m.r1.t2', null, undefined],
    ]);
  });

  it('TRN-MP-5: the rows move as each table result lands, in the REST standings order', () => {
    const { e, t1, t2 } = seatedDouDizhu();
    e.run({
      type: 'RecordGameResult',
      matchId: 'm.r1.t1',
      result: ddzResult({ 'deal-a': [24, -12, -12] }),
      now: NOW,
    });
    // Table 2 has not played deal-a yet: each of table 1's players is alone in its seat's comparison.
    expect(e.view().duplicate?.rows.map((r) => [r.entrant, r.rank, r.S, r.boards])).toEqual(
      [...t1].sort().map((p) => [p, 1, '10000.00', 1]),
    );
    e.run({
      type: 'RecordGameResult',
      matchId: 'm.r1.t2',
      result: ddzResult({ 'deal-a': [48, -24, -12] }),
      now: NOW,
    });
    const rows = e.view().duplicate?.rows ?? [];
    expect(rows.map((r) => r.entrant)).toEqual(
      duplicateEventStandings(e.projection.state).map((r) => r.player),
    );
    const S = Object.fromEntries(rows.map((r) => [r.entrant, r.S]));
    // Seat 0: 48 beats 24; seat 1: −12 beats −24; seat 2: −12 ties −12 and both rank 1st (TRN-MP-3/4).
    expect(S).toEqual({
      [t2[0] ?? '']: '10000.00',
      [t1[0] ?? '']: '7000.00',
      [t1[1] ?? '']: '10000.00',
      [t2[1] ?? '']: '7000.00',
      [t1[2] ?? '']: '10000.00',
      [t2[2] ?? '']: '10000.00',
    });
  });

  it('TRN-TB-4: each row carries the tie-break values after S, and how many of them placed it', () => {
    const { e, t1, t2 } = seatedDouDizhu();
    const [a0, a1, a2] = t1;
    const [b0, b1, b2] = t2;
    // Seat 0: a0 wins both deals (20000, b0 14000). Seat 1: a1 wins deal-a and ties deal-b (20000,
    // b1 17000). Seat 2: both ties (20000 each). Four players on S 20000, every play time 0 s.
    e.run({
      type: 'RecordGameResult',
      matchId: 'm.r1.t1',
      result: ddzResult({ 'deal-a': [24, -6, 0], 'deal-b': [12, 6, 0] }),
      now: NOW,
    });
    e.run({
      type: 'RecordGameResult',
      matchId: 'm.r1.t2',
      result: ddzResult({ 'deal-a': [12, -12, 0], 'deal-b': [6, 6, 0] }),
      now: NOW,
    });
    const rows = e.view().duplicate?.rows ?? [];
    const row = (p: string | undefined) => rows.find((r) => r.entrant === p);
    // Times are equal, so step 3 (defeated opponents' mean S) splits the four: a1 beat b1
    // (17000), a0 beat b0 twice (14000), a2 and b2 beat no one (0) and tie on places too.
    expect(rows.map((r) => [r.entrant, r.rank, r.S, r.decidedBy])).toEqual([
      [a1, 1, '20000.00', 3],
      [a0, 2, '20000.00', 3],
      ...[a2, b2].sort().map((p) => [p, 3, '20000.00', 4]),
      [b1, 5, '17000.00', 0],
      [b0, 6, '14000.00', 0],
    ]);
    expect(row(a1)?.tiebreaks).toEqual([
      { rule: 'TRN-TB-4', key: 'totalSeconds', value: '0' },
      { rule: 'TRN-TB-4', key: 'trimmedMeanSeconds', value: '0' },
      { rule: 'TRN-TB-4', key: 'defeatedOpponentsMeanS', value: '17000' },
      { rule: 'TRN-TB-4', key: 'placeCounts', value: '2' },
    ]);
    expect(row(a0)?.tiebreaks.map((t) => t.value)).toEqual(['0', '0', '14000', '2']);
    expect(row(a2)?.tiebreaks.map((t) => t.value)).toEqual(['0', '0', '0', '2']);
    expect(row(b0)?.boards).toBe(2);
  });
});

/** Pairs, publishes and seats the next stream round of a duplicate event, every table at its match. */
function seatNext(e: Event, seed: string | null): void {
  e.run({ type: 'PairRound', seed, now: NOW });
  const round = e.projection.state.rounds.length;
  e.run({ type: 'PublishRound', round, now: NOW });
  for (const table of e.projection.state.rounds.at(-1)?.tables.values() ?? [])
    e.run({
      type: 'AssignMatch',
      round,
      match: table.match,
      table: table.table,
      matchId: `m.${table.match}`,
    });
}

/** Plays one board at every table of the last stream round. */
function playBoard(e: Event, deal: string): void {
  for (const table of e.projection.state.rounds.at(-1)?.tables.values() ?? [])
    e.run({
      type: 'RecordGameResult',
      matchId: table.matchId ?? '',
      result: ddzResult({ [deal]: [24, -12, -12] }),
      now: NOW,
    });
}

describe('the tournament feed view of the sessions of a round (TRN-MOVE-6)', () => {
  it('TRN-MOVE-6: each stream round of an event of 2 sessions a round says its round and session', () => {
    const e = entered('doudizhu', 'duplicateSwiss', 6, 2);
    seatNext(e, 'draw-1');
    playBoard(e, 'deal-a');
    seatNext(e, null);
    playBoard(e, 'deal-b');
    seatNext(e, null);
    expect(e.view().rounds.map((r) => [r.round, r.session, r.tables?.[0]?.match])).toEqual([
      [1, { round: 1, session: 1, sessions: 2 }, 'r1.s1.t1'],
      [2, { round: 1, session: 2, sessions: 2 }, 'r1.s2.t1'],
      [3, { round: 2, session: 1, sessions: 2 }, 'r2.s1.t1'],
    ]);
  });

  it('TRN-MOVE-6: a round of one session carries no session, as before', () => {
    const { e } = seatedDouDizhu();
    expect(Object.keys(e.view().rounds[0] ?? {})).not.toContain('session');
  });

  it('TRN-MOVE-6: between two sessions the view names the next, until it is paired', () => {
    const e = entered('doudizhu', 'duplicateSwiss', 6, 2);
    seatNext(e, 'draw-1');
    expect(e.view().nextSession).toBeUndefined();
    playBoard(e, 'deal-a');
    expect(e.view().nextSession).toEqual({ round: 1, session: 2, sessions: 2 });
    seatNext(e, null);
    expect(e.view().nextSession).toBeUndefined();
    playBoard(e, 'deal-b');
    expect(e.view().nextSession).toEqual({ round: 2, session: 1, sessions: 2 });
    // An event of one session a round: nothing new in its view.
    const { e: plain } = seatedDouDizhu();
    playBoard(plain, 'deal-a');
    expect(Object.keys(plain.view())).not.toContain('nextSession');
  });
});

describe('the tournament feed view of a Guandan event', () => {
  it('is the pair standings with their chain, and carries no duplicate standings', () => {
    const e = entered('guandan', 'swiss', 4);
    e.run({ type: 'PairRound', seed: null, now: NOW });
    e.run({ type: 'PublishRound', round: 1, now: NOW });
    e.run({ type: 'RecordForfeit', round: 1, match: 'r1.t1', forfeitedBy: 'P4', now: NOW });
    const view = e.view();
    expect(Object.keys(view)).toEqual([
      'tournamentId',
      'name',
      'game',
      'ruleset',
      'format',
      'stage',
      'revision',
      'entrants',
      'standings',
      'tiebreakOrder',
      'rounds',
    ]);
    expect(view.standings.map((r) => [r.rank, r.entrant, r.matchPoints, r.played])).toEqual(
      e.projection.standings().map((r) => [r.rank, r.entrant, r.matchPoints, r.played]),
    );
    expect(view.standings[0]).toMatchObject({ rank: 1, entrant: 'P1', matchPoints: '2' });
    expect(view.tiebreakOrder.map((s) => s.label.zh)).toEqual(['场分', '级分', '相互间级分', '对手分']);
  });
});
