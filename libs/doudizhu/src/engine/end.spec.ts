import { compareDdzFaces, type Face } from '@tablecast/cards';
import { describe, expect, it } from 'vitest';
import type { DdzEventOf } from '../events/catalog';
import type { Seat } from '../events/primitives';
import { TestTable, orderFor } from './test-table';

// The landlord (seat 0) holds the bomb 3333 and the small joker; seat 1 starts with H5 and no 3.
const LANDLORD: Face[] = [
  'S3',
  'H3',
  'C3',
  'D3',
  'S5',
  'S6',
  'S7',
  'S8',
  'S9',
  'SJ',
  'HJ',
  'SK',
  'HK',
  'CK',
  'S2',
  'H2',
  'BJ',
];
const SEAT1: Face[] = [
  'H5',
  'H6',
  'H7',
  'H8',
  'H9',
  'HT',
  'ST',
  'C5',
  'C6',
  'C7',
  'C8',
  'C9',
  'CT',
  'S4',
  'H4',
  'C4',
  'SQ',
];
const KITTY: Face[] = ['D4', 'D5', 'D6'];

function table(doubles: readonly [boolean, boolean] = [false, false]): TestTable {
  const t = new TestTable();
  t.deal(orderFor([LANDLORD, SEAT1, []], KITTY));
  t.toPlay(0, doubles);
  return t;
}

/** `seat` leads its whole hand as singles, low to high, and the other two pass every time. */
function leadOutSingles(t: TestTable, seat: Seat): void {
  for (const card of [...t.hand(seat)].sort(compareDdzFaces)) {
    t.must({ type: 'PlayCards', seat, cards: [card] });
    if (t.state.status !== 'inBoard') return;
    t.must({ type: 'Pass', seat: ((seat + 1) % 3) as Seat });
    t.must({ type: 'Pass', seat: ((seat + 2) % 3) as Seat });
  }
}

function boardEnded(t: TestTable): DdzEventOf<'BoardEnded'>['data'] {
  const ended = t.events.find((e): e is DdzEventOf<'BoardEnded'> => e.type === 'BoardEnded');
  if (ended === undefined) throw new Error('the board did not end');
  return ended.data;
}

describe('end of board and scoring (DDZ-END-*, DDZ-SCORE-*)', () => {
  it('DDZ-END-2: spring: the landlord plays out and the defenders never played a card', () => {
    const t = table();
    leadOutSingles(t, 0);
    expect(boardEnded(t)).toMatchObject({ winner: 'landlord', outSeat: 0, spring: true, antiSpring: false });
    // bid 3, W = -1, n = spring = 1 for each defender (DDZ-SCORE-1…4).
    expect(boardEnded(t).scores).toEqual([12, -6, -6]);
  });

  it("DDZ-END-3: anti-spring: the landlord's only play was the opening lead and the defenders played out", () => {
    const t = table();
    t.must({ type: 'PlayCards', seat: 0, cards: ['S3'] });
    t.must({ type: 'PlayCards', seat: 1, cards: ['H5'] });
    t.must({ type: 'Pass', seat: 2 });
    t.must({ type: 'Pass', seat: 0 });
    leadOutSingles(t, 1);
    expect(boardEnded(t)).toMatchObject({ winner: 'defenders', outSeat: 1, spring: false, antiSpring: true });
    expect(boardEnded(t).scores).toEqual([-12, 6, 6]);
  });

  it('DDZ-END-1: the board ends the moment a player has played all his cards; his side wins', () => {
    const t = table();
    t.must({ type: 'PlayCards', seat: 0, cards: ['S3'] });
    t.must({ type: 'PlayCards', seat: 1, cards: ['H5'] });
    t.must({ type: 'Pass', seat: 2 });
    t.must({ type: 'PlayCards', seat: 0, cards: ['S2'] });
    t.must({ type: 'Pass', seat: 1 });
    t.must({ type: 'PlayCards', seat: 2, cards: ['RJ'] });
    t.must({ type: 'Pass', seat: 0 });
    t.must({ type: 'Pass', seat: 1 });
    leadOutSingles(t, 2);
    expect(boardEnded(t)).toMatchObject({ winner: 'defenders', outSeat: 2, antiSpring: false });
    expect(t.state.status).toBe('betweenBoards');
    expect(t.run({ type: 'Pass', seat: 0 })).toMatchObject({ ok: false, rule: 'DDZ-PLAY-1' });
  });

  it('DDZ-PLAY-5: a player left with one card is reported to the table, once', () => {
    const t = table();
    leadOutSingles(t, 0);
    const reports = t.events.filter((e) => e.type === 'CardsReported');
    expect(reports).toEqual([{ type: 'CardsReported', data: { seat: 0, count: 1 } }]);
    const at = t.events.findIndex((e) => e.type === 'CardsReported');
    expect(t.events[at - 1]).toMatchObject({ type: 'CardsPlayed', data: { seat: 0 } });
  });

  it('DDZ-SCORE-1/2/3/4: each defender scored apart as bid × W × 2^n, n counting bombs, his double and the redouble; the landlord pays the sum', () => {
    const t = table([true, false]);
    t.must({ type: 'Redouble', seat: 0, redouble: true });
    t.must({ type: 'PlayCards', seat: 0, cards: ['S3', 'H3', 'C3', 'D3'] });
    t.must({ type: 'Pass', seat: 1 });
    t.must({ type: 'Pass', seat: 2 });
    t.must({ type: 'PlayCards', seat: 0, cards: ['S5'] });
    t.must({ type: 'PlayCards', seat: 1, cards: ['H6'] });
    t.must({ type: 'Pass', seat: 2 });
    t.must({ type: 'PlayCards', seat: 0, cards: ['BJ'] });
    t.must({ type: 'Pass', seat: 1 });
    t.must({ type: 'Pass', seat: 2 });
    leadOutSingles(t, 0);
    const ended = boardEnded(t);
    expect(ended).toMatchObject({
      winner: 'landlord',
      bombs: 1,
      rockets: 0,
      spring: false,
      doubled: [false, true, false],
      redoubled: true,
    });
    // d1 (seat 1): n = 1 bomb + 1 double + 1 redouble = 3 → 3 × -1 × 8; d2 (seat 2): n = 1 → 3 × -1 × 2.
    expect(ended.scores).toEqual([30, -24, -6]);
  });

  it("DDZ-SCORE-5: the board's scores are recorded with the board and added to the running totals; the deal is revealed", () => {
    const t = table();
    leadOutSingles(t, 0);
    const ended = boardEnded(t);
    expect(ended.totals).toEqual(ended.scores);
    expect(t.state.boardTotals).toEqual([12, -6, -6]);
    const revealed = t.events.filter((e) => e.type === 'DeckRevealed');
    expect(revealed).toHaveLength(1);
    expect(t.events.at(-1)).toMatchObject({
      type: 'DeckRevealed',
      data: { board: 1, redeal: 0, salt: 'salt-1' },
    });
  });
});
