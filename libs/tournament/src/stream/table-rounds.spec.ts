import { TableResultRecordedSchema } from '@tablecast/events';
import type { MatchResult } from '@tablecast/game-kit';
import { describe, expect, it } from 'vitest';
import { firstRoundMovement } from '../movement/snake';
import { evolveTournament } from './state';
import { duplicateEventStandings } from './table-standings';
import type { TournamentCommand } from './decide';
import { NOW, Stream, ddzResult, duplicateSwiss, entered, seatRound, seatsOf, timedResult } from './testing';

describe('duplicate Swiss rounds of individual players at tables of 3 or 4 (TRN-MOVE-*)', () => {
  it('TRN-MOVE-4: round 1 is drawn by lot from the recorded seed, and without a seed it is refused', () => {
    const s = entered('doudizhu', 6);
    expect(s.rejects({ type: 'PairRound', seed: null, now: NOW })).toBe('TRN-MOVE-4');
    const [paired] = s.run({ type: 'PairRound', seed: 'draw-1', now: NOW });
    const drawn = firstRoundMovement(
      ['P1', 'P2', 'P3', 'P4', 'P5', 'P6'],
      { seats: 3, tablesPerGroup: 2 },
      'draw-1',
    );
    const expected = [1, 2].map((table) =>
      [0, 1, 2].map((seat) => drawn.find((d) => d.table === table && d.seat === seat)?.player),
    );
    expect(paired?.type === 'RoundPaired' && paired.data.pairs).toEqual([]);
    expect(paired?.type === 'RoundPaired' && paired.data.tables).toEqual([
      { match: 'r1.t1', group: 1, groupTable: 1, table: 1, seats: expected[0] },
      { match: 'r1.t2', group: 1, groupTable: 2, table: 2, seats: expected[1] },
    ]);
  });

  it('TRN-MOVE-3: the players must fill whole groups of 3N (Dou Dizhu) or 4N (Big Two)', () => {
    expect(entered('doudizhu', 7).rejects({ type: 'PairRound', seed: 'x', now: NOW })).toBe('TRN-MOVE-3');
    expect(entered('bigtwo', 6).rejects({ type: 'PairRound', seed: 'x', now: NOW })).toBe('TRN-MOVE-3');
    expect(entered('doudizhu', 12, 3).rejects({ type: 'PairRound', seed: 'x', now: NOW })).toBe('TRN-MOVE-3');
    const b2 = entered('bigtwo', 8);
    b2.run({ type: 'PairRound', seed: 'x', now: NOW });
    expect(seatsOf(b2, 1).map((t) => t.length)).toEqual([4, 4]);
  });

  it('TRN-MOVE-1: a game of pairs is not seated by the duplicate movement', () => {
    expect(new Stream().rejects(duplicateSwiss('guandan'))).toBe('TRN-MOVE-1');
    expect(new Stream().run(duplicateSwiss('bigtwo'))).toHaveLength(1);
  });

  it('TRN-MOVE-6: sessions and when to move are options of a duplicate Swiss event alone', () => {
    const sessions = { sessionsPerRound: 2, moveAfter: 'round', rankingBasis: 'lastSession' } as const;
    const created = duplicateSwiss('doudizhu');
    const withSessions = (command: TournamentCommand): TournamentCommand =>
      command.type === 'CreateTournament'
        ? { ...command, options: { ...command.options, ...sessions } }
        : command;
    expect(new Stream().run(withSessions(created))).toHaveLength(1);
    const swiss = withSessions({
      ...created,
      game: 'guandan',
      stages: [{ format: 'swiss', venue: 'onSite', rounds: 3, unit: { games: 1, bestOf: false } }],
    } as TournamentCommand);
    expect(new Stream().rejects(swiss)).toBe('TRN-MOVE-6');
  });

  it('TRN-MP-1: a table result keys each board score by the entrant in that seat, once', () => {
    const s = entered('doudizhu', 6);
    seatRound(s, 'draw-1');
    const [t1] = seatsOf(s, 1);
    const [recorded] = s.run({
      type: 'RecordGameResult',
      matchId: 'm.r1.t1',
      result: ddzResult('deal-a', [24, -12, -12]),
      now: NOW,
    });
    expect(recorded?.type).toBe('TableResultRecorded');
    expect(recorded?.type === 'TableResultRecorded' && recorded.data.boards).toEqual([
      { board: 'deal-a', scores: { [t1?.[0] ?? '']: 24, [t1?.[1] ?? '']: -12, [t1?.[2] ?? '']: -12 } },
    ]);
    expect(
      s.rejects({
        type: 'RecordGameResult',
        matchId: 'm.r1.t1',
        result: ddzResult('deal-a', [1, 2, 3]),
        now: NOW,
      }),
    ).toBe('TRN-SWISS-9');
    const four: MatchResult = { ...ddzResult('deal-a', [1, 2, 3]), sides: [] };
    expect(s.rejects({ type: 'RecordGameResult', matchId: 'm.r1.t2', result: four, now: NOW })).toBe(
      'TC-TRN-STATE',
    );
  });

  it('TRN-MP-5 and TRN-MOVE-5: S over the tables, then round 2 seated by the snake on that ranking', () => {
    const s = entered('doudizhu', 6);
    seatRound(s, 'draw-1');
    expect(s.rejects({ type: 'PairRound', seed: null, now: NOW })).toBe('TRN-MOVE-6');
    const [t1, t2] = seatsOf(s, 1);
    // The same deal at both tables: seat 0 scores 24 at table 1 and 48 at table 2, and so on.
    s.run({
      type: 'RecordGameResult',
      matchId: 'm.r1.t1',
      result: ddzResult('deal-a', [24, -12, -6]),
      now: NOW,
    });
    s.run({
      type: 'RecordGameResult',
      matchId: 'm.r1.t2',
      result: ddzResult('deal-a', [48, -24, -6]),
      now: NOW,
    });
    const rows = duplicateEventStandings(s.state);
    const S = Object.fromEntries(rows.map((r) => [r.player, r.S]));
    // Per seat, the higher score ranks 1st (10000), the lower 2nd (7000), equal scores share 1st (TRN-MP-3/4).
    expect(S).toEqual({
      [t2?.[0] ?? '']: '10000.00',
      [t1?.[0] ?? '']: '7000.00',
      [t1?.[1] ?? '']: '10000.00',
      [t2?.[1] ?? '']: '7000.00',
      [t1?.[2] ?? '']: '10000.00',
      [t2?.[2] ?? '']: '10000.00',
    });
    expect(rows.find((r) => r.player === t1?.[0])?.boards[0]?.comparedWith).toEqual(
      [t1?.[0] ?? '', t2?.[0] ?? ''].sort(),
    );
    const [paired] = s.run({ type: 'PairRound', seed: null, now: NOW });
    const ranking = rows.map((r) => r.player);
    expect(paired?.type === 'RoundPaired' && paired.data.movement?.ranking).toEqual(ranking);
    // TRN-MOVE-5: table 1 takes 1st, 2nd, 3rd in seats 0, 1, 2; table 2 takes 6th, 5th, 4th.
    expect(seatsOf(s, 2)).toEqual([
      [ranking[0], ranking[1], ranking[2]],
      [ranking[5], ranking[4], ranking[3]],
    ]);
  });

  it('TRN-MP-1: Dou Dizhu compares a board only within a group (TRN-MOVE-3)', () => {
    const s = entered('doudizhu', 6, 1);
    seatRound(s, 'draw-2');
    const tables = [...(s.state.rounds[0]?.tables.values() ?? [])];
    expect(tables.map((t) => t.group)).toEqual([1, 2]);
    s.run({
      type: 'RecordGameResult',
      matchId: 'm.r1.t1',
      result: ddzResult('deal-a', [24, -12, -12]),
      now: NOW,
    });
    s.run({
      type: 'RecordGameResult',
      matchId: 'm.r1.t2',
      result: ddzResult('deal-a', [48, -24, -24]),
      now: NOW,
    });
    // Alone in its group and seat, every player has a comparison set of one: no one is beaten.
    for (const row of duplicateEventStandings(s.state))
      expect(row.boards[0]?.comparedWith).toEqual([row.player]);
  });
});

describe('own play time in the duplicate standings (TRN-TB-4, TRN-TB-5)', () => {
  it('TRN-TB-4: players equal on S are ranked by total own play time, as the tables recorded it, seconds keyed by entrant', () => {
    const s = entered('doudizhu', 6);
    seatRound(s, 'draw-1');
    const [t1 = [], t2 = []] = seatsOf(s, 1);
    // The same scores in each seat at both tables: every player shares 1st on the board, S = 10000.
    const [recorded] = s.run({
      type: 'RecordGameResult',
      matchId: 'm.r1.t1',
      result: timedResult(['0', '1', '2'], 'deal-a', [24, -12, -12], [60, 80, 78]),
      now: NOW,
    });
    s.run({
      type: 'RecordGameResult',
      matchId: 'm.r1.t2',
      result: timedResult(['0', '1', '2'], 'deal-a', [24, -12, -12], [61, 72, 70]),
      now: NOW,
    });
    expect(recorded?.type === 'TableResultRecorded' && recorded.data.boards).toEqual([
      {
        board: 'deal-a',
        scores: { [t1[0] ?? '']: 24, [t1[1] ?? '']: -12, [t1[2] ?? '']: -12 },
        seconds: { [t1[0] ?? '']: 60, [t1[1] ?? '']: 80, [t1[2] ?? '']: 78 },
      },
    ]);
    const rows = duplicateEventStandings(s.state);
    expect(rows.map((r) => r.S)).toEqual(Array.from({ length: 6 }, () => '10000.00'));
    // TRN-TB-4 step 1: less total time first.
    expect(rows.map((r) => [r.player, r.seconds, r.rank])).toEqual([
      [t1[0], 60, 1],
      [t2[0], 61, 2],
      [t2[2], 70, 3],
      [t2[1], 72, 4],
      [t1[2], 78, 5],
      [t1[1], 80, 6],
    ]);
    const first = rows[0]?.tiebreaks.find((t) => t.key === 'totalSeconds');
    expect(first).toMatchObject({ rule: 'TRN-TB-4', step: 2, value: { kind: 'number', value: '60' } });
    expect(first?.among).toEqual({ from: 1, count: 6 });
  });

  it('TRN-TB-5: Big Two players equal on S, defeated opponents and places are ranked by total own play time (step 3)', () => {
    const s = entered('bigtwo', 8);
    seatRound(s, 'draw-1');
    const [t1 = [], t2 = []] = seatsOf(s, 1);
    const seats = ['S', 'E', 'N', 'W'];
    // The same scores in each seat at both tables: S = 10000 for all; at each table S beats E, N
    // and W, W beats E and N: the two S players tie on steps 1 and 2, and so do the two W players.
    s.run({
      type: 'RecordGameResult',
      matchId: 'm.r1.t1',
      result: timedResult(seats, 'deal-b', [10, -5, -5, 0], [135, 146, 151, 122]),
      now: NOW,
    });
    s.run({
      type: 'RecordGameResult',
      matchId: 'm.r1.t2',
      result: timedResult(seats, 'deal-b', [10, -5, -5, 0], [163, 156, 144, 137]),
      now: NOW,
    });
    const rows = duplicateEventStandings(s.state);
    const rankOf = (player: string | undefined) => rows.find((r) => r.player === player)?.rank;
    // Mean S of defeated opponents 10000 (S and W) before 0 (E and N, who beat no one); then time.
    expect(rows.map((r) => [r.player, r.seconds])).toEqual([
      [t1[3], 122],
      [t1[0], 135],
      [t2[3], 137],
      [t2[0], 163],
      [t2[2], 144],
      [t1[1], 146],
      [t1[2], 151],
      [t2[1], 156],
    ]);
    expect(rankOf(t1[0])).toBeLessThan(rankOf(t2[0]) ?? 0);
    const step = rows.find((r) => r.player === t2[0])?.tiebreaks.find((t) => t.key === 'totalSeconds');
    expect(step).toMatchObject({ rule: 'TRN-TB-5', step: 4, value: { kind: 'number', value: '163' } });
  });

  it('TRN-TB-4: a table result recorded without play time (an older event) still folds, each board counted 0 s', () => {
    const s = entered('doudizhu', 6);
    seatRound(s, 'draw-1');
    const [t1 = [], t2 = []] = seatsOf(s, 1);
    // TableResultRecorded as written before boards carried seconds, parsed by the event's own schema.
    const old = TableResultRecordedSchema.parse({
      type: 'TableResultRecorded',
      data: {
        round: 1,
        match: 'r1.t1',
        matchId: 'm.r1.t1',
        gameResult: ddzResult('deal-a', [24, -12, -12]),
        seats: t1.map((entrant, seat) => ({ entrant, seat: String(seat) })),
        boards: [{ board: 'deal-a', scores: { [t1[0] ?? '']: 24, [t1[1] ?? '']: -12, [t1[2] ?? '']: -12 } }],
        recordedAt: NOW,
      },
    });
    s.state = evolveTournament(s.state, old);
    s.run({
      type: 'RecordGameResult',
      matchId: 'm.r1.t2',
      result: timedResult(['0', '1', '2'], 'deal-a', [24, -12, -12], [61, 72, 70]),
      now: NOW,
    });
    const rows = duplicateEventStandings(s.state);
    expect(rows).toHaveLength(6);
    // Counted 0 s, the old table's players come first on time; each row's total is its boards' sum.
    const oldTable = rows.slice(0, 3);
    expect(oldTable.map((r) => r.player).sort()).toEqual([...t1].sort());
    expect(oldTable.map((r) => [r.seconds, r.rank, r.boards[0]?.seconds])).toEqual([
      [0, 1, 0],
      [0, 1, 0],
      [0, 1, 0],
    ]);
    expect(rows.slice(3).map((r) => [r.player, r.seconds, r.rank])).toEqual([
      [t2[0], 61, 4],
      [t2[2], 70, 5],
      [t2[1], 72, 6],
    ]);
  });
});
