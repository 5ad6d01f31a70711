import type { Face } from '@tablecast/cards';
import { describe, expect, it } from 'vitest';
import { TestTable, orderFor } from '../engine/test-table';
import { seededPrng } from '@tablecast/cards';
import { doudizhuModule } from './doudizhu-module';
import { seatChoices } from './seat-choices';

const KITTY: Face[] = ['BJ', 'RJ', 'S2'];

describe('a seat’s choices (what its terminal offers)', () => {
  it('offers each step to the seat that must act, and the legal bids, doubles, redouble and plays only', () => {
    const table = new TestTable();
    table.deal(orderFor([['S3', 'H3'], [], []], KITTY));
    expect(seatChoices(table.state, 0)).toEqual({ kind: 'bid', bids: ['pass', 1, 2, 3] });
    expect(seatChoices(table.state, 1)).toEqual({ kind: 'wait' });
    table.must({ type: 'Bid', seat: 0, bid: 1 });
    // DDZ-BID-3: only a higher bid than the highest so far.
    expect(seatChoices(table.state, 1)).toEqual({ kind: 'bid', bids: ['pass', 2, 3] });
    table.must({ type: 'Bid', seat: 1, bid: 'pass' });
    table.must({ type: 'Bid', seat: 2, bid: 'pass' });
    // Seat 0 is the landlord at 1: the defenders double (DDZ-DBL-1), each once.
    expect(seatChoices(table.state, 0)).toEqual({ kind: 'wait' });
    expect(seatChoices(table.state, 1)).toEqual({ kind: 'double' });
    table.must({ type: 'Double', seat: 1, double: true });
    expect(seatChoices(table.state, 1)).toEqual({ kind: 'wait' });
    expect(seatChoices(table.state, 2)).toEqual({ kind: 'double' });
    table.must({ type: 'Double', seat: 2, double: false });
    expect(seatChoices(table.state, 0)).toEqual({ kind: 'redouble' });
    table.must({ type: 'Redouble', seat: 0, redouble: false });

    // The landlord leads: every play from his hand, no pass (DDZ-PLAY-1).
    const lead = seatChoices(table.state, 0);
    if (lead.kind !== 'play') throw new Error(`expected play, got ${lead.kind}`);
    expect(lead.mayPass).toBe(false);
    expect(lead.plays).toContainEqual({ cards: ['S3', 'H3'], as: { type: 'pair', rank: '3', length: 2 } });
    expect(lead.plays).toContainEqual({ cards: ['BJ', 'RJ'], as: { type: 'rocket', length: 2 } });
    expect(seatChoices(table.state, 1)).toEqual({ kind: 'wait' });
    table.must({ type: 'PlayCards', seat: 0, cards: ['S3', 'H3'] });
    // Seat 1 follows: a higher pair or a bomb, or a pass.
    const follow = seatChoices(table.state, 1);
    if (follow.kind !== 'play') throw new Error(`expected play, got ${follow.kind}`);
    expect(follow.mayPass).toBe(true);
    for (const play of follow.plays) expect(['pair', 'bomb', 'rocket']).toContain(play.as.type);
  });

  it('DDZ-GEN-3: the module answers by its seat ids, the same choices and bot moves; a seat not at the table gets none', () => {
    const table = new TestTable();
    table.deal(orderFor([['S3', 'H3'], [], []], KITTY));
    expect(doudizhuModule.seatChoices?.(table.state, '0')).toEqual(seatChoices(table.state, 0));
    expect(doudizhuModule.seatChoices?.(table.state, '1')).toEqual({ kind: 'wait' });
    expect(doudizhuModule.seatChoices?.(table.state, 'S')).toBeNull();
    const prng = seededPrng('module-seat-bot');
    expect(doudizhuModule.seatBotCommand?.(table.state, '0', prng)).toMatchObject({ type: 'Bid', seat: 0 });
    expect(doudizhuModule.seatBotCommand?.(table.state, '1', prng)).toBeNull();
    expect(doudizhuModule.seatBotCommand?.(table.state, '3', prng)).toBeNull();
  });
});
