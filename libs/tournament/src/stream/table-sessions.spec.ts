import { describe, expect, it } from 'vitest';
import type { TournamentCommand } from './decide';
import { roundBoardSets } from './table-boards';
import { duplicateEventStandings, standingsAfterSession } from './table-standings';
import { NOW, Stream, ddzResult, duplicateSwiss, seatRound, seatsOf } from './testing';

interface SessionOptions {
  readonly moveAfter?: 'session' | 'round';
  readonly rankingBasis?: 'cumulative' | 'lastSession';
}

/** 6 Dou Dizhu players at 2 tables, rounds of 2 sessions under the given TRN-MOVE-6 options. */
function entered(options: SessionOptions): Stream {
  const created = duplicateSwiss('doudizhu', 2);
  const s = new Stream();
  s.run({
    ...created,
    options: {
      ...(created as Extract<TournamentCommand, { type: 'CreateTournament' }>).options,
      sessionsPerRound: 2,
      ...options,
    },
  } as TournamentCommand);
  for (let i = 1; i <= 6; i++)
    s.run({
      type: 'RegisterEntrant',
      entrant: `P${String(i)}`,
      name: `Player ${String(i)}`,
      unit: null,
      seed: null,
    });
  return s;
}

/** Records one board `deal` at both tables of the last stream round, seat scores in seat order. */
function play(s: Stream, deal: string, t1: readonly number[], t2: readonly number[]): void {
  const round = s.state.rounds.at(-1);
  const [a, b] = [...(round?.tables.values() ?? [])];
  s.run({ type: 'RecordGameResult', matchId: a?.matchId ?? '', result: ddzResult(deal, t1), now: NOW });
  s.run({ type: 'RecordGameResult', matchId: b?.matchId ?? '', result: ddzResult(deal, t2), now: NOW });
}

const snake = (ranking: readonly string[]): string[][] => [
  [ranking[0] ?? '', ranking[1] ?? '', ranking[2] ?? ''],
  [ranking[5] ?? '', ranking[4] ?? '', ranking[3] ?? ''],
];

describe('TRN-MOVE-6: the sessions (局) of a duplicate Swiss round (轮)', () => {
  it('TRN-MOVE-6: moving after each session, session 2 is seated by the snake on the cumulative ranking and named r1.s2', () => {
    const s = entered({ moveAfter: 'session' });
    seatRound(s, 'draw-1');
    expect([...(s.state.rounds[0]?.tables.keys() ?? [])]).toEqual(['r1.s1.t1', 'r1.s1.t2']);
    // The next session waits for every table of this one.
    expect(s.rejects({ type: 'PairRound', seed: null, now: NOW })).toBe('TRN-MOVE-6');
    play(s, 'deal-a', [24, -12, -6], [48, -24, -6]);
    seatRound(s, null);
    const session2 = s.state.rounds[1];
    expect(session2?.paired.session).toEqual({ round: 1, session: 2 });
    expect([...(session2?.tables.keys() ?? [])]).toEqual(['r1.s2.t1', 'r1.s2.t2']);
    const ranking = duplicateEventStandings({ ...s.state, rounds: s.state.rounds.slice(0, 1) }).map(
      (r) => r.player,
    );
    expect(session2?.paired.movement?.ranking).toEqual(ranking);
    expect(seatsOf(s, 2)).toEqual(snake(ranking));
    expect(seatsOf(s, 2)).not.toEqual(seatsOf(s, 1));
  });

  it('TRN-MOVE-6: moving after each round, session 2 keeps the seats, and the next round moves', () => {
    const s = entered({ moveAfter: 'round' });
    seatRound(s, 'draw-1');
    play(s, 'deal-a', [24, -12, -6], [48, -24, -6]);
    seatRound(s, null);
    expect(s.state.rounds[1]?.paired.session).toEqual({ round: 1, session: 2 });
    expect(seatsOf(s, 2)).toEqual(seatsOf(s, 1));
    play(s, 'deal-b', [24, -12, -6], [48, -24, -6]);
    seatRound(s, null);
    expect(s.state.rounds[2]?.paired.session).toEqual({ round: 2, session: 1 });
    expect([...(s.state.rounds[2]?.tables.keys() ?? [])]).toEqual(['r2.s1.t1', 'r2.s1.t2']);
    const ranking = duplicateEventStandings({ ...s.state, rounds: s.state.rounds.slice(0, 2) }).map(
      (r) => r.player,
    );
    expect(seatsOf(s, 3)).toEqual(snake(ranking));
  });

  it('TRN-MOVE-6: each session is dealt its own board set, every table of the session the same one', () => {
    const s = entered({});
    seatRound(s, 'draw-1');
    play(s, 'deal-a', [24, -12, -6], [48, -24, -6]);
    seatRound(s, null);
    const [first, second] = s.state.rounds;
    if (first === undefined || second === undefined) throw new Error('two sessions expected');
    expect(roundBoardSets('ddz2026', 'doudizhu', first)).toEqual([
      { group: 1, set: 'ddz2026.r1.s1.g1', matches: ['r1.s1.t1', 'r1.s1.t2'] },
    ]);
    expect(roundBoardSets('ddz2026', 'doudizhu', second)).toEqual([
      { group: 1, set: 'ddz2026.r1.s2.g1', matches: ['r1.s2.t1', 'r1.s2.t2'] },
    ]);
  });

  it('TRN-MOVE-6: the move reads the cumulative standings, or the last session alone', () => {
    const seatedAfterTwoSessions = (rankingBasis: 'cumulative' | 'lastSession') => {
      const s = entered({ moveAfter: 'round', rankingBasis });
      seatRound(s, 'draw-1');
      // Session 1: table 2 wins every seat by a wide margin; session 2 (same seats): table 1 by a narrow one.
      play(s, 'deal-a', [24, -12, -6], [96, 0, 0]);
      seatRound(s, null);
      play(s, 'deal-b', [48, 0, 0], [24, -12, -6]);
      seatRound(s, null);
      return s;
    };
    const cumulative = seatedAfterTwoSessions('cumulative');
    const last = seatedAfterTwoSessions('lastSession');
    const whole = duplicateEventStandings({
      ...cumulative.state,
      rounds: cumulative.state.rounds.slice(0, 2),
    });
    const lastOnly = duplicateEventStandings({ ...last.state, rounds: last.state.rounds.slice(1, 2) });
    const wholeRanking = whole.map((r) => r.player);
    const lastRanking = lastOnly.map((r) => r.player);
    expect(wholeRanking).not.toEqual(lastRanking);
    expect(cumulative.state.rounds[2]?.paired.movement?.ranking).toEqual(wholeRanking);
    expect(seatsOf(cumulative, 3)).toEqual(snake(wholeRanking));
    expect(last.state.rounds[2]?.paired.movement?.ranking).toEqual(lastRanking);
    expect(seatsOf(last, 3)).toEqual(snake(lastRanking));
    // The standings after a session, as the sheets print them: what the move after it reads.
    expect(standingsAfterSession(cumulative.state, 2)).toEqual(whole);
    expect(standingsAfterSession(cumulative.state, 1)).toEqual(
      duplicateEventStandings({ ...cumulative.state, rounds: cumulative.state.rounds.slice(0, 1) }),
    );
    expect(standingsAfterSession(last.state, 2)).toEqual(lastOnly);
    expect(standingsAfterSession(last.state, 1)).toEqual(
      duplicateEventStandings({ ...last.state, rounds: last.state.rounds.slice(0, 1) }),
    );
  });

  it('TRN-MOVE-6: a stage of 3 rounds of 2 sessions pairs 6 sessions, then no more', () => {
    const s = entered({});
    seatRound(s, 'draw-1');
    for (const deal of ['a', 'b', 'c', 'd', 'e']) {
      play(s, deal, [24, -12, -6], [48, -24, -6]);
      seatRound(s, null);
    }
    expect(s.state.rounds.at(-1)?.paired.session).toEqual({ round: 3, session: 2 });
    play(s, 'f', [24, -12, -6], [48, -24, -6]);
    expect(s.rejects({ type: 'PairRound', seed: null, now: NOW })).toBe('TC-TRN-STATE');
  });
});
