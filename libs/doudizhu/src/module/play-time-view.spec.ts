import { compareDdzFaces, type Face } from '@tablecast/cards';
import { BROADCAST, VENUE, seatViewer } from '@tablecast/game-kit';
import { describe, expect, it } from 'vitest';
import { TestTable, orderFor } from '../engine/test-table';
import { doudizhuModule } from './doudizhu-module';

// Seat 0 holds S3, S2 and the kitty; seat 2 holds the big joker (RJ) and no 3.
const LANDLORD: Face[] = ['S3', 'H3', 'C3', 'D3', 'S5', 'S6', 'S7', 'S8', 'S9', 'SJ', 'HJ', 'SK', 'HK'];
const SEAT1: Face[] = ['H5', 'H6', 'H7', 'H8', 'H9', 'HT', 'ST', 'C5', 'C6', 'C7', 'C8', 'C9', 'CT'];
const KITTY: Face[] = ['D4', 'D5', 'D6'];

const secondsOf = (t: TestTable, viewer = VENUE) =>
  doudizhuModule.view(t.state, viewer).seats.map((s) => s.playSeconds);

describe('play time on the venue view (TRN-TB-4, DEC-DDZ-6)', () => {
  it('TRN-TB-4: each seat’s own play time on the board and over the match, from the recorded choices’ times, the same for every audience', () => {
    const t = new TestTable();
    t.deal(orderFor([LANDLORD, SEAT1, ['RJ']], KITTY));
    expect(secondsOf(t)).toEqual([
      { board: 0, match: 0 },
      { board: 0, match: 0 },
      { board: 0, match: 0 },
    ]);
    // Bidding and doubling are not play (只累计玩家出牌用时): 29 s of them count nothing.
    t.must({ type: 'Bid', seat: 0, bid: 3, now: 20_000 });
    t.must({ type: 'Double', seat: 1, double: false, now: 24_000 });
    t.must({ type: 'Double', seat: 2, double: false, now: 30_000 });
    // The landlord leads after 3 s, seat 1 passes after 4.6 s, seat 2 after 1.5 s.
    t.must({ type: 'PlayCards', seat: 0, cards: ['S3'], now: 33_000 });
    t.must({ type: 'Pass', seat: 1, now: 37_600 });
    t.must({ type: 'Pass', seat: 2, now: 39_100 });
    // Mid-board: 3 s, 4.6 s → 5 s, 1.5 s → 2 s; the board is the match so far.
    expect(secondsOf(t)).toEqual([
      { board: 3, match: 3 },
      { board: 5, match: 5 },
      { board: 2, match: 2 },
    ]);
    // Every audience reads the same numbers: the time is the log's, not the viewer's clock.
    expect(secondsOf(t, BROADCAST)).toEqual(secondsOf(t));
    expect(secondsOf(t, seatViewer('1'))).toEqual(secondsOf(t));

    // The landlord then leads the rest as singles at 2 s each; both defenders pass at 1 s each.
    let now = 39_100;
    for (const card of [...t.hand(0)].sort(compareDdzFaces)) {
      now += 2_000;
      t.must({ type: 'PlayCards', seat: 0, cards: [card], now });
      if (t.state.status !== 'inBoard') break;
      for (const seat of [1, 2] as const) {
        now += 1_000;
        t.must({ type: 'Pass', seat, now });
      }
    }
    expect(t.state.status).toBe('betweenBoards');
    // Seat 0: 3 s + 19 leads × 2 s; seat 1: 4.6 s + 18 passes × 1 s; seat 2: 1.5 s + 18 × 1 s.
    const board1 = doudizhuModule.boards(t.state)[0]?.seconds ?? {};
    expect(board1).toEqual({ '0': 41, '1': 23, '2': 20 });
    // Between boards the last board stays on the table; it is counted once in the match.
    expect(secondsOf(t)).toEqual(
      [0, 1, 2].map((s) => ({ board: board1[String(s)], match: board1[String(s)] })),
    );

    // Board 2: each board starts at 0 s; the match keeps board 1's whole seconds.
    t.deal(orderFor([LANDLORD, SEAT1, ['RJ']], KITTY), 2);
    const landlord = t.state.board?.turn ?? 0;
    t.must({ type: 'Bid', seat: landlord, bid: 3, now: 200_000 });
    for (const seat of ([0, 1, 2] as const).filter((s) => s !== landlord))
      t.must({ type: 'Double', seat, double: false, now: 200_000 });
    const lead = [...t.hand(landlord)].sort(compareDdzFaces)[0];
    if (lead === undefined) throw new Error('no card to lead');
    t.must({ type: 'PlayCards', seat: landlord, cards: [lead], now: 207_000 });
    const after = secondsOf(t);
    for (const s of [0, 1, 2] as const) {
      const board = s === landlord ? 7 : 0;
      expect(after[s]).toEqual({ board, match: (board1[String(s)] ?? 0) + board });
    }
  });
});
