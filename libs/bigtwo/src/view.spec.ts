import { BROADCAST, STAFF, VENUE, discloseEvent, seatViewer } from '@tablecast/game-kit';
import { describe, expect, it } from 'vitest';
import { bigtwoModule } from './module/bigtwo-module';
import { E_HAND, FULL_HOUSE_8, N_GIVEN, S_HAND, STRAIGHT_3_7 } from './testing/hands';
import { B2TestTable, orderFor } from './testing/test-table';
import { bigtwoView } from './view';

function dealt(): B2TestTable {
  const table = new B2TestTable();
  table.deal(orderFor({ S: S_HAND, E: E_HAND, N: N_GIVEN }));
  return table;
}

const handsOf = (table: B2TestTable, viewer = VENUE): (readonly string[] | null)[] =>
  bigtwoView(table.state, viewer).seats.map((s) => s.hand);

describe('disclosure of hands (B2-SHOW-1)', () => {
  it('B2-DEAL-1: the venue sees 13 cards go to each seat and who holds ♦3, never which cards; staff and the broadcast see them all', () => {
    const table = dealt();
    const deal = table.events.find((e) => e.type === 'CardsDealt');
    if (deal === undefined) throw new Error('no deal');
    expect(discloseEvent(bigtwoModule, deal, VENUE)).toEqual({
      type: 'CardsDealt',
      data: { board: 1, counts: { S: 13, E: 13, N: 13, W: 13 }, firstSeat: 'S' },
    });
    expect(discloseEvent(bigtwoModule, deal, seatViewer('S'))).toEqual(
      discloseEvent(bigtwoModule, deal, VENUE),
    );
    expect(discloseEvent(bigtwoModule, deal, BROADCAST)).toBe(deal);
    expect(handsOf(table)).toEqual([null, null, null, null]);
    expect(handsOf(table, STAFF).every((h) => h?.length === 13)).toBe(true);
    expect(handsOf(table, seatViewer('E'))).toEqual([null, [...table.hand('E')], null, null]);
    expect(bigtwoModule.secrets(table.state)).toHaveLength(4);
  });

  it('B2-SHOW-1: a shown hand is public to the venue from its HandShown on, never earlier, and no other hand with it', () => {
    const table = dealt();
    table.must({ type: 'Show', seat: 'S', show: false });
    expect(handsOf(table)).toEqual([null, null, null, null]);
    const [shown] = table.must({ type: 'Show', seat: 'N', show: true });
    if (shown === undefined) throw new Error('no show');
    expect(discloseEvent(bigtwoModule, shown, VENUE)).toEqual({
      type: 'HandShown',
      data: { seat: 'N', cards: [...table.hand('N')] },
    });
    expect(handsOf(table)).toEqual([null, null, [...table.hand('N')], null]);
    const north = bigtwoView(table.state, VENUE).seats[2];
    expect(north).toMatchObject({ shown: true, factor: 3, cardsLeft: 13 });
    expect(north?.shownCards).toHaveLength(13);
    expect(bigtwoModule.secrets(table.state).map((s) => s.seenBy)).toEqual([['S'], ['E'], ['W']]);
  });

  it('B2-DBL-2: doubles and each seat’s live factor (明牌 ×3 × 加倍 ×2) are public; B2-PLAY-6: the 報單 alert is on the seat', () => {
    const table = dealt();
    table.toPlay(['E'], ['E', 'W']);
    const seats = bigtwoView(table.state, VENUE).seats;
    expect(seats.map((s) => [s.seat, s.shown, s.doubled, s.factor])).toEqual([
      ['S', false, false, 1],
      ['E', true, true, 6],
      ['N', false, false, 1],
      ['W', false, true, 2],
    ]);
    expect(seats.every((s) => !s.oneCardAlert)).toBe(true);
  });

  it('B2-END-1: after the board every hand and the deck order are revealed; played cards were public as played', () => {
    const table = dealt();
    table.toPlay();
    table.must({ type: 'PlayCards', seat: 'S', cards: STRAIGHT_3_7 });
    expect(bigtwoView(table.state, VENUE).board?.trick?.last?.cards).toEqual(STRAIGHT_3_7);
    expect(bigtwoView(table.state, VENUE).board?.order).toBeNull();
    for (const seat of ['E', 'N', 'W'] as const) table.must({ type: 'Pass', seat });
    table.must({ type: 'PlayCards', seat: 'S', cards: FULL_HOUSE_8 });
    for (const seat of ['E', 'N', 'W'] as const) table.must({ type: 'Pass', seat });
    table.must({ type: 'PlayCards', seat: 'S', cards: ['SA', 'HA', 'CA'] });
    const view = bigtwoView(table.state, VENUE);
    expect(view.seats.map((s) => s.hand?.length)).toEqual([0, 13, 13, 13]);
    expect(view.board?.order).toHaveLength(52);
    expect(view.lastBoard?.seats.map((s) => s.score)).toEqual([156, -52, -52, -52]);
    expect(bigtwoModule.secrets(table.state)).toEqual([]);
  });
});
