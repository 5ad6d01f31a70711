import { describe, expect, it } from 'vitest';
import type { DoudizhuEvent } from '../events/catalog';
import { ddzCga2017 } from '../events/match-events';
import { timeoutDefault } from './clock';
import { TestTable, orderFor } from './test-table';

function types(events: readonly DoudizhuEvent[]): string[] {
  return events.map((e) => e.type);
}

function dealtTable(): TestTable {
  const table = new TestTable();
  table.deal(orderFor([[], [], []]));
  return table;
}

describe('bidding (DDZ-BID-*)', () => {
  it('DDZ-BID-2: bids go in playing order from the first bidder, one turn each; out of turn is refused', () => {
    const table = dealtTable();
    expect(table.run({ type: 'Bid', seat: 1, bid: 1 })).toMatchObject({ ok: false, rule: 'DDZ-BID-2' });
    table.must({ type: 'Bid', seat: 0, bid: 1 });
    expect(table.run({ type: 'Bid', seat: 0, bid: 2 })).toMatchObject({ ok: false, rule: 'DDZ-BID-2' });
    expect(table.state.board?.turn).toBe(1);
  });

  it("DDZ-GEN-4: seats are numbered in playing order: each player's 下家 is the next seat, and 2 is followed by 0", () => {
    const table = new TestTable({ ...ddzCga2017, firstBidder: 'rotating' });
    table.deal(orderFor([[], [], []]), 3);
    const turns = [table.state.board?.turn];
    table.must({ type: 'Bid', seat: 2, bid: 1 });
    turns.push(table.state.board?.turn);
    table.must({ type: 'Bid', seat: 0, bid: 'pass' });
    turns.push(table.state.board?.turn);
    expect(turns).toEqual([2, 0, 1]);
  });

  it('DDZ-BID-2: a bid must be higher than every earlier bid', () => {
    const table = dealtTable();
    table.must({ type: 'Bid', seat: 0, bid: 2 });
    expect(table.run({ type: 'Bid', seat: 1, bid: 2 })).toMatchObject({ ok: false, rule: 'DDZ-BID-2' });
    expect(table.run({ type: 'Bid', seat: 1, bid: 1 })).toMatchObject({ ok: false, rule: 'DDZ-BID-2' });
    table.must({ type: 'Bid', seat: 1, bid: 'pass' });
  });

  it('DDZ-BID-3 DEC-DDZ-1: the bids are 1, 2, 3 or a pass; "0" is not a bid of its own', () => {
    const table = dealtTable();
    for (const bid of [0, 4, '1', 1.5] as const) {
      expect(table.run({ type: 'Bid', seat: 0, bid: bid as never })).toMatchObject({
        ok: false,
        rule: 'DDZ-BID-3',
      });
    }
  });

  it('DDZ-BID-4: a 3 ends bidding at once and that player is the landlord', () => {
    const table = dealtTable();
    const events = table.must({ type: 'Bid', seat: 0, bid: 3 });
    expect(types(events)).toEqual(['BidMade', 'LandlordChosen']);
    expect(table.state.board).toMatchObject({ landlord: 0, bid: 3, phase: 'doubling' });
    expect(table.run({ type: 'Bid', seat: 1, bid: 'pass' })).toMatchObject({ ok: false, rule: 'DDZ-BID-4' });
  });

  it('DDZ-BID-4: after each player has had his one turn, the highest bidder is the landlord', () => {
    const table = dealtTable();
    table.must({ type: 'Bid', seat: 0, bid: 1 });
    table.must({ type: 'Bid', seat: 1, bid: 2 });
    const events = table.must({ type: 'Bid', seat: 2, bid: 'pass' });
    expect(events.at(-1)).toEqual({ type: 'LandlordChosen', data: { seat: 1, bid: 2 } });
  });

  it('DDZ-BID-5 DEC-DDZ-1: when all three pass the board is redealt, recorded, and the same at every duplicate table', () => {
    const redealOf = (): readonly DoudizhuEvent[] => {
      const table = new TestTable();
      table.must({ type: 'DealBoard', board: 3, seed: 'board-3', salt: 'salt-3', now: 1 });
      table.must({ type: 'Bid', seat: 0, bid: 'pass' });
      table.must({ type: 'Bid', seat: 1, bid: 'pass' });
      const events = table.must({ type: 'Bid', seat: 2, bid: 'pass' });
      expect(table.state.board).toMatchObject({ number: 3, phase: 'bidding', turn: 0, bids: [] });
      expect(table.state.board?.deals.map((d) => d.redeal)).toEqual([0, 1]);
      return events;
    };
    const first = redealOf();
    expect(types(first)).toEqual(['BidMade', 'BoardPassedOut', 'DeckCommitted', 'CardsDealt']);
    expect(first[1]).toEqual({ type: 'BoardPassedOut', data: { board: 3, redeal: 0 } });
    expect(redealOf()).toEqual(first);
  });

  it('DDZ-BID-6: on timeout the software records 不叫; a timeout after the player moved is stale', () => {
    const table = dealtTable();
    const fallback = timeoutDefault(table.state);
    expect(fallback).toEqual({
      type: 'Bid',
      seat: 0,
      bid: 'pass',
      timeout: { revision: table.state.revision },
    });
    if (fallback === null) return;
    table.must({ type: 'Bid', seat: 0, bid: 1 });
    expect(table.run(fallback)).toMatchObject({ ok: false, rule: 'DDZ-BID-6', stale: true });
    const late = timeoutDefault(table.state);
    expect(late).toMatchObject({ seat: 1, bid: 'pass' });
    if (late === null) return;
    expect(table.must(late)).toEqual([{ type: 'BidMade', data: { seat: 1, bid: 'pass', timedOut: true } }]);
    expect(
      table.run({ type: 'Bid', seat: 2, bid: 2, timeout: { revision: table.state.revision } }),
    ).toMatchObject({
      ok: false,
      rule: 'DDZ-BID-6',
    });
  });
});
