import { duplicateStandings, type EntrantState, type RoundState } from '@tablecast/tournament';
import { describe, expect, it } from 'vitest';
import {
  duplicateScoreSheetCsv,
  duplicateScoreSheetsHtml,
  duplicateStandingsCsv,
  duplicateStandingsHtml,
  sessionStandingsHeading,
} from './duplicate-sheets';

/** TRN-MP-6 (002 附录二 三): three players, three boards; P1 scores 24, P2 and P3 −12 each time. */
const TIMES = [
  [60, 80, 78],
  [60, 72, 78],
  [60, 68, 78],
] as const;
const PLAYERS = ['P1', 'P2', 'P3'] as const;

const entrants: ReadonlyMap<string, EntrantState> = new Map(
  PLAYERS.map((entrant, i) => [
    entrant,
    { entrant, name: `牌手${String(i + 1)}`, unit: null, seed: null, number: i + 1, fromRound: 1 },
  ]),
);

const rows = duplicateStandings(
  'doudizhu',
  TIMES.flatMap((times, b) =>
    PLAYERS.map((player, i) => ({
      board: b + 1,
      player,
      score: i === 0 ? 24 : -12,
      seconds: times[i] ?? 0,
      seat: 0,
    })),
  ),
);

/** One round, one table of P1-P3 with the three boards, recorded with or without their times. */
const round = (timed: boolean): RoundState => ({
  round: 1,
  stage: 1,
  paired: {
    round: 1,
    stage: 1,
    seed: 'draw',
    inputStandings: [],
    history: [],
    pairs: [],
    bye: null,
    relaxed: [],
  },
  publishedAt: null,
  pairings: new Map(),
  results: new Map(),
  boardSets: new Map(),
  tables: new Map([['r1.t1', { match: 'r1.t1', group: 1, groupTable: 1, table: 1, seats: [...PLAYERS] }]]),
  tableResults: new Map([
    [
      'r1.t1',
      {
        matchId: 'm1',
        gameResult: { reason: 'boardsPlayed', rule: null, winner: null, sides: [], boards: [] },
        seats: PLAYERS.map((entrant, seat) => ({ entrant, seat: String(seat) })),
        boards: TIMES.map((times, b) => ({
          board: `deal-${String(b + 1)}`,
          scores: { P1: 24, P2: -12, P3: -12 },
          ...(timed ? { seconds: { P1: times[0], P2: times[1], P3: times[2] } } : {}),
        })),
        recordedAt: '2026-05-01T09:00:00.000Z',
      },
    ],
  ]),
});

describe('duplicate score sheets (002/001 附录二 三)', () => {
  it('TRN-MP-6: the final standings sheet shows S and each player’s 累计出牌总用时, P2 before P3 on time (TRN-TB-4)', () => {
    const csv = duplicateStandingsCsv(rows, entrants).split('\r\n');
    expect(csv[0]).toBe(
      'rank,number,entrant,name,unit,S,seconds,boards,tb:S,tb:totalSeconds,tb:trimmedMeanSeconds,tb:defeatedOpponentsMeanS,tb:placeCounts',
    );
    expect(csv.slice(1, 4).map((line) => line.split(',').slice(0, 8))).toEqual([
      ['1', '1', 'P1', '牌手1', '', '30000.00', '180', '3'],
      ['2', '2', 'P2', '牌手2', '', '21000.00', '220', '3'],
      ['3', '3', 'P3', '牌手3', '', '21000.00', '234', '3'],
    ]);
    const html = duplicateStandingsHtml('二打一公开赛', rows, entrants);
    expect(html).toContain('<th>最终成绩S</th><th>累计出牌总用时</th>');
    expect(html).toContain('<td>2</td><td>2</td><td>牌手2</td><td></td><td>21000.00</td><td>220s</td>');
    expect(html).toContain('<td>3</td><td>3</td><td>牌手3</td><td></td><td>21000.00</td><td>234s</td>');
  });

  it('TRN-TB-4: a table’s score sheet shows each board’s 得分 and 出牌用时 per player and the total; a result recorded without times leaves them empty', () => {
    const csv = duplicateScoreSheetCsv([round(true)]).split('\r\n');
    expect(csv[0]).toBe('round,table,match,board,seat,entrant,score,seconds');
    expect(csv).toContain('1,1,r1.t1,deal-2,1,P2,-12,72');
    expect(csv).toContain('1,1,r1.t1,deal-3,2,P3,-12,78');
    const html = duplicateScoreSheetsHtml('二打一公开赛', round(true), entrants);
    expect(html).toContain('第 1 轮 第 1 台记分表');
    expect(html).toContain('<th>第1副得分</th><th>第1副出牌用时</th>');
    expect(html).toContain(
      '<tr><td>1</td><td>2</td><td>牌手2</td><td></td><td>-12</td><td>80s</td><td>-12</td><td>72s</td><td>-12</td><td>68s</td><td>220s</td></tr>',
    );
    const untimed = duplicateScoreSheetsHtml('二打一公开赛', round(false), entrants);
    expect(untimed).toContain(
      '<tr><td>1</td><td>2</td><td>牌手2</td><td></td><td>-12</td><td></td><td>-12</td><td></td><td>-12</td><td></td><td></td></tr>',
    );
    expect(duplicateScoreSheetCsv([round(false)]).split('\r\n')).toContain('1,1,r1.t1,deal-2,1,P2,-12,');
  });

  it('TRN-MOVE-6: in an event of several sessions a round, the sheets name the round and the session', () => {
    // Stream round 3 of an event of 2 sessions a round: round 2, session 1.
    const held = round(true);
    const session: RoundState = {
      ...held,
      round: 3,
      paired: { ...held.paired, round: 3, session: { round: 2, session: 1 } },
    };
    const csv = duplicateScoreSheetCsv([round(true), session]).split('\r\n');
    expect(csv[0]).toBe('round,session,table,match,board,seat,entrant,score,seconds');
    // A round paired before sessions were recorded reads as its round's only session.
    expect(csv).toContain('1,1,1,r1.t1,deal-2,1,P2,-12,72');
    expect(csv).toContain('2,1,1,r1.t1,deal-2,1,P2,-12,72');
    expect(csv.filter((line) => line.startsWith('3,'))).toEqual([]);
    const html = duplicateScoreSheetsHtml('二打一公开赛', session, entrants);
    expect(html).toContain('<h2>第 2 轮 第 1 局 第 1 台记分表 (r1.t1)</h2>');
    expect(html).toContain('<title>二打一公开赛 第2轮第1局记分表</title>');
    expect(html).not.toContain('第 3 轮');
    // TRN-MOVE-6: the standings after that session say which ranking the next move reads.
    const after = (basis: 'cumulative' | 'lastSession'): string =>
      duplicateStandingsHtml('二打一公开赛', rows, entrants, sessionStandingsHeading(session, basis));
    expect(after('cumulative')).toContain('<h1>二打一公开赛 第2轮第1局后名次（累计）</h1>');
    expect(after('lastSession')).toContain('<h1>二打一公开赛 第2轮第1局后名次（本局）</h1>');
    expect(duplicateStandingsHtml('二打一公开赛', rows, entrants)).toContain(
      '<h1>二打一公开赛 最终排名</h1>',
    );
  });
});
