import { FACES, verifyDeckCommitment, type Face } from '@tablecast/cards';
import { describe, expect, it } from 'vitest';
import type { DdzEventOf, DoudizhuEvent } from '../events/catalog';
import { ddzCga2017 } from '../events/match-events';
import { TestTable, orderFor } from './test-table';

function eventOf<T extends DoudizhuEvent['type']>(events: readonly DoudizhuEvent[], type: T): DdzEventOf<T> {
  const found = events.find((e): e is DdzEventOf<T> => e.type === type);
  if (found === undefined) throw new Error(`no ${type}`);
  return found;
}

describe('deal (DDZ-DEAL-*)', () => {
  it('DDZ-DEAL-1: one 54-card deck, 17 cards to each seat and a 3-card kitty', () => {
    const table = new TestTable();
    const events = table.must({ type: 'DealBoard', board: 1, seed: 'final-board-1', salt: 's1', now: 1 });
    const dealt = eventOf(events, 'CardsDealt').data;
    expect(dealt.hands.map((h) => h.length)).toEqual([17, 17, 17]);
    expect(dealt.kitty).toHaveLength(3);
    expect(new Set([...dealt.hands.flat(), ...dealt.kitty])).toEqual(new Set(FACES));
    expect(dealt.order.slice(51)).toEqual(dealt.kitty);
    expect(dealt.hands[1]).toEqual(dealt.order.filter((_, i) => i < 51 && i % 3 === 1));
  });

  it('DDZ-DEAL-1: an entered order that is not one 54-card deck is refused, naming the field', () => {
    const table = new TestTable();
    const order = orderFor([[], [], []]);
    const twice = [...order.slice(1), order[2]] as Face[];
    const decision = table.run({ type: 'DealBoard', board: 1, order: twice, salt: 's', now: 1 });
    expect(decision).toMatchObject({ ok: false, rule: 'DDZ-DEAL-1' });
    expect(!decision.ok && decision.message).toContain('order');
    expect(
      table.run({ type: 'DealBoard', board: 1, order: order.slice(1), salt: 's', now: 1 }),
    ).toMatchObject({
      ok: false,
      rule: 'DDZ-DEAL-1',
    });
  });

  it('DDZ-GEN-1: duplicate tables playing a board get the identical deal and one commitment, verified on reveal', () => {
    const a = new TestTable();
    const b = new TestTable();
    const command = {
      type: 'DealBoard',
      board: 7,
      seed: 'event-2026/board-7',
      salt: 'board-7-salt',
      now: 5,
    } as const;
    const dealA = a.must(command);
    const dealB = b.must({ ...command, now: 99 });
    expect(eventOf(dealA, 'CardsDealt').data).toEqual(eventOf(dealB, 'CardsDealt').data);
    const commitment = eventOf(dealA, 'DeckCommitted').data.commitment;
    expect(eventOf(dealB, 'DeckCommitted').data.commitment).toBe(commitment);
    const order = eventOf(dealA, 'CardsDealt').data.order;
    expect(verifyDeckCommitment(commitment, order, 'board-7-salt')).toBe(true);
    expect(verifyDeckCommitment(commitment, [...order].reverse(), 'board-7-salt')).toBe(false);
  });

  it('DDZ-GEN-2: a deal takes a seed or an entered order, exactly one', () => {
    const table = new TestTable();
    expect(table.run({ type: 'DealBoard', board: 1, salt: 's', now: 1 })).toMatchObject({
      ok: false,
      rule: 'DDZ-GEN-2',
    });
    expect(
      table.run({ type: 'DealBoard', board: 1, seed: 'x', order: orderFor([[], [], []]), salt: 's', now: 1 }),
    ).toMatchObject({ ok: false, rule: 'DDZ-GEN-2' });
  });

  it('DDZ-BID-1 DEC-DDZ-2: seat 0 bids first in duplicate play; the rotating ruleset turns it by board number', () => {
    const duplicate = [1, 2, 3].map((board) => {
      const table = new TestTable();
      const first = eventOf(table.deal(orderFor([[], [], []]), board), 'BoardStarted').data.firstBidder;
      return [first, table.state.board?.turn];
    });
    expect(duplicate).toEqual([
      [0, 0],
      [0, 0],
      [0, 0],
    ]);
    const rotating = new TestTable({ ...ddzCga2017, firstBidder: 'rotating' });
    const firsts = [1, 2, 3, 4].map((board) => {
      const table = new TestTable({ ...ddzCga2017, firstBidder: 'rotating' });
      return eventOf(table.deal(orderFor([[], [], []]), board), 'BoardStarted').data.firstBidder;
    });
    expect(firsts).toEqual([0, 1, 2, 0]);
    expect(eventOf(rotating.deal(orderFor([[], [], []]), 2), 'BoardStarted').data.firstBidder).toBe(1);
    expect(rotating.state.board?.turn).toBe(1);
  });
});
