import { BROADCAST, VENUE, seatViewer } from '@tablecast/game-kit';
import { describe, expect, it } from 'vitest';
import { SEATS } from '../events/primitives';
import { E_HAND, FULL_HOUSE_8, N_GIVEN, S_HAND, STRAIGHT_3_7 } from '../testing/hands';
import { B2TestTable, orderFor } from '../testing/test-table';
import { bigtwoModule } from './bigtwo-module';

const secondsOf = (table: B2TestTable, viewer = VENUE) =>
  bigtwoModule.view(table.state, viewer).seats.map((s) => s.playSeconds);

/** Show and double declined by all four, every choice at `now` (not play: 只累計玩家出牌用時). */
function toPlayAt(table: B2TestTable, now: number): void {
  for (const seat of SEATS) table.must({ type: 'Show', seat, show: false, now });
  for (let i = 0; i < 4; i += 1) {
    const seat = table.state.board?.turn ?? 'S';
    table.must({ type: 'Double', seat, double: false, now });
  }
}

describe('play time on the venue view (TRN-TB-5, DEC-B2-6)', () => {
  it('TRN-TB-5: each seat’s own play time on the board and over the match, from the recorded choices’ times, the same for every audience', () => {
    const table = new B2TestTable();
    table.deal(orderFor({ S: S_HAND, E: E_HAND, N: N_GIVEN }));
    toPlayAt(table, 20_000);
    // S leads after 6 s, E passes after 1.4 s, N after 2.6 s.
    table.must({ type: 'PlayCards', seat: 'S', cards: STRAIGHT_3_7, now: 26_000 });
    table.must({ type: 'Pass', seat: 'E', now: 27_400 });
    table.must({ type: 'Pass', seat: 'N', now: 30_000 });
    // Mid-board, W still thinking: his running turn is not counted until he answers.
    expect(secondsOf(table)).toEqual([
      { board: 6, match: 6 },
      { board: 1, match: 1 },
      { board: 3, match: 3 },
      { board: 0, match: 0 },
    ]);
    expect(secondsOf(table, BROADCAST)).toEqual(secondsOf(table));
    expect(secondsOf(table, seatViewer('E'))).toEqual(secondsOf(table));

    table.must({ type: 'Pass', seat: 'W', now: 30_400 });
    table.must({ type: 'PlayCards', seat: 'S', cards: FULL_HOUSE_8, now: 31_000 });
    table.must({ type: 'Pass', seat: 'E', now: 31_600 });
    table.must({ type: 'Pass', seat: 'N', now: 32_000 });
    table.must({ type: 'Pass', seat: 'W', now: 32_300 });
    table.must({ type: 'PlayCards', seat: 'S', cards: ['SA', 'HA', 'CA'], now: 32_800 });
    expect(table.state.status).toBe('betweenBoards');
    // Board 1: S 7.1 s, E 2 s, N 3 s, W 0.7 s, each rounded once; counted once in the match.
    expect(secondsOf(table)).toEqual([
      { board: 7, match: 7 },
      { board: 2, match: 2 },
      { board: 3, match: 3 },
      { board: 1, match: 1 },
    ]);

    // Board 2 starts every seat at 0 s; the match keeps board 1's whole seconds.
    table.deal(orderFor({ S: S_HAND, E: E_HAND, N: N_GIVEN }), 2);
    toPlayAt(table, 50_000);
    expect(secondsOf(table)).toEqual([
      { board: 0, match: 7 },
      { board: 0, match: 2 },
      { board: 0, match: 3 },
      { board: 0, match: 1 },
    ]);
    table.must({ type: 'PlayCards', seat: 'S', cards: STRAIGHT_3_7, now: 54_000 });
    table.must({ type: 'Pass', seat: 'E', now: 64_000 });
    expect(secondsOf(table).slice(0, 2)).toEqual([
      { board: 4, match: 11 },
      { board: 10, match: 12 },
    ]);
  });
});
