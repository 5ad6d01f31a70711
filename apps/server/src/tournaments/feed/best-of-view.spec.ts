import { describe, expect, it } from 'vitest';
import { BestOfStream, guandanGame } from '../testing/best-of-stream';
import { bestOfView } from './best-of-view';
import { tournamentFeedView } from './tournament-feed-view';

/** The feed's view of table 1's pairing (the top pairing). */
function topPairing(s: BestOfStream) {
  const view = tournamentFeedView(s.projection(), 1, () => null);
  const pairing = view?.rounds[0]?.pairings.find((p) => p.table === 1);
  if (pairing === undefined) throw new Error('no pairing at table 1');
  return pairing;
}

describe('the tournament feed’s best-of pairing: each game and the running score (TRN-KO-5 (b))', () => {
  it('TRN-KO-5 (b): game 1 being played shows 0:0 and the game with no end yet', () => {
    const s = new BestOfStream();
    expect(topPairing(s).bestOf).toEqual({
      bestOf: 3,
      games: [
        { game: 1, extraDeal: false, matchId: 'ko.r1.t1.g1', ended: false, winner: null, a: null, b: null },
      ],
      score: { a: 0, b: 0 },
    });
  });

  it('TRN-KO-5 (b): 1:0 after game 1, 1:1 after game 2, 2:1 and the round decided after game 3, each game with the levels it ended at', () => {
    const s = new BestOfStream();
    const top = s.pairs[0];
    if (top === undefined) throw new Error('a pairing');
    s.record('ko.r1.t1.g1', guandanGame('a', ['6', '3'], [16, 10]));
    const after1 = topPairing(s);
    expect(after1.bestOf?.score).toEqual({ a: 1, b: 0 });
    expect(after1.bestOf?.games[0]).toEqual({
      game: 1,
      extraDeal: false,
      matchId: 'ko.r1.t1.g1',
      ended: true,
      winner: top.a,
      a: { levelPoints: 16, standing: '6' },
      b: { levelPoints: 10, standing: '3' },
    });
    expect(after1.bestOf?.games[1]).toMatchObject({ game: 2, matchId: 'ko.r1.t1.g2', ended: false });
    expect(after1.result).toBeNull();

    s.record('ko.r1.t1.g2', guandanGame('b', ['4', 'T'], [7, 19]));
    const after2 = topPairing(s);
    expect(after2.bestOf?.score).toEqual({ a: 1, b: 1 });
    expect(after2.bestOf?.games.map((g) => [g.game, g.winner])).toEqual([
      [1, top.a],
      [2, top.b],
      [3, null],
    ]);
    expect(after2.result).toBeNull();

    s.record('ko.r1.t1.g3', guandanGame('a', ['A+', 'Q'], [17, 9]));
    const after3 = topPairing(s);
    expect(after3.bestOf?.score).toEqual({ a: 2, b: 1 });
    expect(after3.bestOf?.games).toHaveLength(3);
    expect(after3.bestOf?.games[2]).toMatchObject({
      winner: top.a,
      a: { standing: 'A+' },
      b: { standing: 'Q' },
    });
    expect(after3.result).toMatchObject({ a: { entrant: top.a, matchPoints: '2' } });
  });

  it('TRN-KO-5 (b), TRN-KO-4: a level deciding game stays 1:1 until the extra deal on top of it (game 3’s) is won', () => {
    const s = new BestOfStream();
    const top = s.pairs[0];
    if (top === undefined) throw new Error('a pairing');
    s.record('ko.r1.t1.g1', guandanGame('a', ['5', '2'], [15, 11]));
    s.record('ko.r1.t1.g2', guandanGame('b', ['2', '5'], [11, 15]));
    s.record('ko.r1.t1.g3', guandanGame('level', ['9', '9'], [13, 13]));
    const level = topPairing(s);
    expect(level.bestOf?.score).toEqual({ a: 1, b: 1 });
    expect(level.bestOf?.games.at(-1)).toEqual({
      game: 3,
      extraDeal: true,
      matchId: 'ko.r1.t1.g3.x',
      ended: false,
      winner: null,
      a: null,
      b: null,
    });
    s.record('ko.r1.t1.g3.x', guandanGame('b', ['9', 'T'], [12, 14]));
    expect(topPairing(s).bestOf?.score).toEqual({ a: 1, b: 2 });
  });

  it('a pairing played as one game (no games recorded as a best-of) has no best-of view', () => {
    expect(
      bestOfView({ match: 'r1.t1', a: 'P1', b: 'P2', table: 1, matchId: 'sw.r1.t1' }, 1),
    ).toBeUndefined();
  });
});
