import { compareDdzFaces, type Face } from '@tablecast/cards';
import { describe, expect, it } from 'vitest';
import { timeoutDefault } from '../engine/clock';
import type { Seat } from '../events/primitives';
import { TestTable, orderFor } from '../engine/test-table';
import { doudizhuModule } from './doudizhu-module';

// Seat 0 (the landlord) holds S3, S2 and the kitty; seat 2 holds the big joker (RJ) and no 3.
const LANDLORD: Face[] = ['S3', 'H3', 'C3', 'D3', 'S5', 'S6', 'S7', 'S8', 'S9', 'SJ', 'HJ', 'SK', 'HK'];
const SEAT1: Face[] = ['H5', 'H6', 'H7', 'H8', 'H9', 'HT', 'ST', 'C5', 'C6', 'C7', 'C8', 'C9', 'CT'];
const KITTY: Face[] = ['D4', 'D5', 'D6'];

describe('own play time per board (TRN-TB-4, DDZ-TB-1)', () => {
  it('DDZ-TB-1, DEC-DDZ-6: own play time runs from the start of each play turn to the play or pass, a clock default and a ruling mid-turn included, bidding and doubling not; a board is rounded once to whole seconds', () => {
    const t = new TestTable();
    t.deal(orderFor([LANDLORD, SEAT1, ['RJ']], KITTY)); // at 1 s
    expect(t.state.board?.turn).toBe(0);
    // 19 s over the bid and 4 s and 6 s over the doubles: not play (只累计玩家出牌用时).
    t.must({ type: 'Bid', seat: 0, bid: 3, now: 20_000 });
    t.must({ type: 'Double', seat: 1, double: false, now: 24_000 });
    t.must({ type: 'Double', seat: 2, double: false, now: 30_000 });
    // Play starts at the last double: the landlord thinks 3 s over the lead, seat 1 2.5 s.
    t.must({ type: 'PlayCards', seat: 0, cards: ['S3'], now: 33_000 });
    t.must({ type: 'PlayCards', seat: 1, cards: ['H5'], now: 35_500 });
    // An arbiter's ruling in the middle of seat 2's turn neither pauses nor restarts it: 3.5 s.
    t.must({
      type: 'IssuePenalty',
      seat: 2,
      rule: 'DDZ-PLAY-7',
      sanction: 'warning',
      points: 0,
      refereeId: 'arb',
      note: 'spoke of his holding',
      now: 36_000,
    });
    t.must({ type: 'Pass', seat: 2, now: 39_000 });
    t.must({ type: 'PlayCards', seat: 0, cards: ['S2'], now: 39_400 });
    t.must({ type: 'Pass', seat: 1, now: 40_000 });
    t.must({ type: 'PlayCards', seat: 2, cards: ['RJ'], now: 41_000 });
    // The landlord lets his clock run out: the software passes for him at the deadline, 25 s on.
    const fallback = timeoutDefault(t.state);
    expect(fallback).toMatchObject({ type: 'Pass', seat: 0 });
    if (fallback === null) throw new Error('no timeout default');
    t.must({ ...fallback, now: 66_000 });
    t.must({ type: 'Pass', seat: 1, now: 66_200 });
    // The rest is recorded without a time (as in a log written before choices had one): it counts nothing.
    for (const card of [...t.hand(2)].sort(compareDdzFaces)) {
      t.must({ type: 'PlayCards', seat: 2, cards: [card] });
      if (t.state.status !== 'inBoard') break;
      t.must({ type: 'Pass', seat: 0 });
      t.must({ type: 'Pass', seat: 1 });
    }
    expect(t.state.status).toBe('betweenBoards');

    // Seat 0: 3 + 0.4 + 25 s; seat 1: 2.5 + 0.6 + 0.2 s; seat 2: 3.5 + 1 s.
    expect(t.state.completed[0]?.playTime).toEqual([28_400, 3_300, 4_500]);
    // Rounded per board (3.3 s → 3 s, 4.5 s → 5 s), not per turn (seat 1 would have 3 + 1 + 0 = 4 s).
    expect(doudizhuModule.boards(t.state)[0]?.seconds).toEqual({ '0': 28, '1': 3, '2': 5 });
  });

  it('DEC-DDZ-6: each board starts every player’s play time at 0 s; the match result carries each board’s seconds per seat', () => {
    const t = new TestTable();
    for (const board of [1, 2]) {
      t.deal(orderFor([LANDLORD, SEAT1, ['RJ']], KITTY), board);
      const landlord = t.state.board?.turn ?? 0;
      const at = board * 100_000;
      const defenders = [((landlord + 1) % 3) as Seat, ((landlord + 2) % 3) as Seat] as const;
      t.must({ type: 'Bid', seat: landlord, bid: 3, now: at });
      for (const seat of defenders) t.must({ type: 'Double', seat, double: false, now: at });
      // The landlord leads out his 20 cards as singles, 2 s a lead; each defender passes, 1 s each.
      let now = at;
      for (const card of [...t.hand(landlord)].sort(compareDdzFaces)) {
        now += 2_000;
        t.must({ type: 'PlayCards', seat: landlord, cards: [card], now });
        if (t.state.status !== 'inBoard') break;
        for (const seat of defenders) {
          now += 1_000;
          t.must({ type: 'Pass', seat, now });
        }
      }
    }
    t.must({ type: 'EndMatch', now: 500_000 });
    expect(t.state.completed.map((b) => b.board)).toEqual([1, 2]);
    expect(doudizhuModule.result(t.state)?.boards.map((b) => b.seconds)).toEqual([
      { '0': 40, '1': 19, '2': 19 },
      { '0': 40, '1': 19, '2': 19 },
    ]);
  });
});
