import { verifyDeckCommitment } from '@tablecast/cards';
import { describe, expect, it } from 'vitest';
import { BIGTWO_FACES, SEATS } from '../events/primitives';
import { B2TestTable, orderFor } from '../testing/test-table';
import { S_HAND, E_HAND } from '../testing/hands';
import { boardOrder } from './deal';

describe('match and deal (B2-GEN-*, B2-DEAL-*)', () => {
  it('B2-GEN-1: four players, one in each seat; anything else is refused naming the rule', () => {
    const table = new B2TestTable();
    expect(table.state.status).toBe('betweenBoards');
    expect(table.events[0]).toMatchObject({
      type: 'MatchCreated',
      data: { game: 'bigtwo', seats: ['S', 'E', 'N', 'W'] },
    });
    const fresh = new B2TestTable();
    expect(
      fresh.run({ type: 'CreateMatch', table: 'T', ruleset: fresh.state.ruleset, players: [], now: 0 }),
    ).toMatchObject({
      ok: false,
      rule: 'B2-GEN-1',
    });
  });

  it('B2-DEAL-1: one 52-card deck without jokers, 13 cards to each seat; a 54-card order is refused', () => {
    const table = new B2TestTable();
    const events = table.deal(orderFor({}));
    const dealt = events.find((e) => e.type === 'CardsDealt');
    expect(dealt?.type).toBe('CardsDealt');
    if (dealt?.type !== 'CardsDealt') return;
    for (const seat of SEATS) expect(dealt.data.hands[seat]).toHaveLength(13);
    expect(new Set(SEATS.flatMap((s) => dealt.data.hands[s])).size).toBe(52);
    expect(BIGTWO_FACES.some((f) => f === 'BJ' || f === 'RJ')).toBe(false);
    const other = new B2TestTable();
    const refused = other.run({
      type: 'DealBoard',
      board: 1,
      order: [...orderFor({}), 'BJ', 'RJ'],
      salt: 's',
      now: 1,
    });
    expect(refused).toMatchObject({ ok: false, rule: 'B2-DEAL-1' });
  });

  it('B2-DEAL-2: the software shuffles from the board seed; every table with the seed and salt commits to the same deal, revealed after the board', () => {
    const a = new B2TestTable();
    const b = new B2TestTable();
    const deal = { type: 'DealBoard', board: 1, seed: 'final-1', salt: 'board-salt', now: 5 } as const;
    const ea = a.must(deal);
    const eb = b.must(deal);
    expect(ea.find((e) => e.type === 'DeckCommitted')).toEqual(eb.find((e) => e.type === 'DeckCommitted'));
    const commitment = a.state.board?.commitment ?? '';
    expect(verifyDeckCommitment(commitment, boardOrder('final-1'), 'board-salt')).toBe(true);
    expect(boardOrder('final-1')).not.toEqual(boardOrder('final-2'));
    expect(a.run({ type: 'DealBoard', board: 2, salt: 's', now: 6 })).toMatchObject({
      ok: false,
      rule: 'B2-DEAL-2',
    });
  });

  it('B2-TERM-1: 首家 is the holder of ♦3, whichever seat that is', () => {
    const south = new B2TestTable();
    south.deal(orderFor({ S: S_HAND, E: E_HAND }));
    expect(south.state.board?.firstSeat).toBe('S');
    const west = new B2TestTable();
    west.deal(orderFor({ W: ['D3'] }));
    expect(west.state.board?.firstSeat).toBe('W');
  });

  it('B2-SEAT-1: seats play counter-clockwise S → E → N → W; the doubling turns follow that order from 首家', () => {
    const table = new B2TestTable();
    table.deal(orderFor({ N: ['D3'] }));
    for (const seat of SEATS) table.must({ type: 'Show', seat, show: false });
    const order: string[] = [];
    for (let i = 0; i < 4; i += 1) {
      const seat = table.state.board?.turn ?? 'S';
      order.push(seat);
      table.must({ type: 'Double', seat, double: false });
    }
    expect(order).toEqual(['N', 'W', 'S', 'E']);
  });
});
