import type { Face } from '@tablecast/cards';
import { describe, expect, it } from 'vitest';
import { timeoutDefault } from './clock';
import { TestTable, orderFor } from './test-table';

// Seat 0 (the landlord): 3333, 5-9 straight, JJ, KKK, 22, small joker; the kitty D4 D5 D6.
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
// Seat 1: a 5-9 and a T straight of hearts, and more.
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

function playTable(): TestTable {
  const table = new TestTable();
  table.deal(orderFor([LANDLORD, SEAT1, []], KITTY));
  table.toPlay(0);
  return table;
}

const STRAIGHT_5_9: Face[] = ['S5', 'S6', 'S7', 'S8', 'S9'];

describe('play (DDZ-PLAY-*)', () => {
  it('DDZ-PLAY-1: the landlord leads the first trick; nobody else may play out of turn', () => {
    const table = playTable();
    expect(table.state.board).toMatchObject({ phase: 'play', turn: 0, trick: { leader: 0, last: null } });
    expect(table.run({ type: 'PlayCards', seat: 1, cards: ['SQ'] })).toMatchObject({
      ok: false,
      rule: 'DDZ-PLAY-1',
    });
    const events = table.must({ type: 'PlayCards', seat: 0, cards: STRAIGHT_5_9 });
    expect(events[0]).toMatchObject({
      type: 'CardsPlayed',
      data: { seat: 0, lead: true, as: { type: 'straight', rank: '9', length: 5 } },
    });
    expect(table.state.board?.turn).toBe(1);
  });

  it('DDZ-PLAY-2: followers play the same type and length, or a bomb or the rocket; the leader may not pass', () => {
    const table = playTable();
    expect(table.run({ type: 'Pass', seat: 0 })).toMatchObject({ ok: false, rule: 'DDZ-PLAY-2' });
    table.must({ type: 'PlayCards', seat: 0, cards: STRAIGHT_5_9 });
    expect(table.run({ type: 'PlayCards', seat: 1, cards: ['C5', 'H5'] })).toMatchObject({
      ok: false,
      rule: 'DDZ-PLAY-2',
    });
    expect(
      table.run({ type: 'PlayCards', seat: 1, cards: ['H5', 'H6', 'H7', 'H8', 'H9', 'HT'] }),
    ).toMatchObject({ ok: false, rule: 'DDZ-PLAY-2' });
    table.must({ type: 'PlayCards', seat: 1, cards: ['H6', 'H7', 'H8', 'H9', 'HT'] });
    table.must({ type: 'Pass', seat: 2 });
    // A bomb beats any regular combination (DDZ-CMP-1).
    const bomb = table.must({ type: 'PlayCards', seat: 0, cards: ['S3', 'H3', 'C3', 'D3'] });
    expect(bomb[0]).toMatchObject({ data: { as: { type: 'bomb', rank: '3' }, lead: false } });
    expect(table.state.board?.bombs).toBe(1);
  });

  it('DDZ-CMP-6: a following play must be strictly greater than the play to beat', () => {
    const table = playTable();
    table.must({ type: 'PlayCards', seat: 0, cards: STRAIGHT_5_9 });
    expect(table.run({ type: 'PlayCards', seat: 1, cards: ['H5', 'H6', 'H7', 'H8', 'H9'] })).toMatchObject({
      ok: false,
      rule: 'DDZ-CMP-6',
    });
  });

  it('DDZ-COMBO-12: cards that are no combination are refused', () => {
    const table = playTable();
    expect(table.run({ type: 'PlayCards', seat: 0, cards: ['S3', 'S5'] })).toMatchObject({
      ok: false,
      rule: 'DDZ-COMBO-12',
    });
    expect(
      table.run({ type: 'PlayCards', seat: 0, cards: ['S3'], as: { type: 'pair', rank: '3', length: 2 } }),
    ).toMatchObject({ ok: false, rule: 'DDZ-COMBO-12' });
  });

  it("DDZ-GEN-2: only cards in the player's own hand, each once", () => {
    const table = playTable();
    expect(table.run({ type: 'PlayCards', seat: 0, cards: ['SQ'] })).toMatchObject({
      ok: false,
      rule: 'DDZ-GEN-2',
    });
    expect(table.run({ type: 'PlayCards', seat: 0, cards: ['S3', 'S3'] })).toMatchObject({
      ok: false,
      rule: 'DDZ-GEN-2',
    });
  });

  it('DDZ-PLAY-3: two consecutive passes end the trick and the last player to play leads the next', () => {
    const table = playTable();
    table.must({ type: 'PlayCards', seat: 0, cards: STRAIGHT_5_9 });
    table.must({ type: 'PlayCards', seat: 1, cards: ['H6', 'H7', 'H8', 'H9', 'HT'] });
    expect(table.must({ type: 'Pass', seat: 2 }).map((e) => e.type)).toEqual(['Passed']);
    const events = table.must({ type: 'Pass', seat: 0 });
    expect(events).toEqual([
      { type: 'Passed', data: { seat: 0, timedOut: false } },
      { type: 'TrickWon', data: { seat: 1 } },
    ]);
    expect(table.state.board?.trick).toEqual({ leader: 1, last: null, passes: 0 });
    expect(table.state.board?.turn).toBe(1);
  });

  it('DDZ-PLAY-4: a play cannot be taken back: its cards have left the hand for good', () => {
    const table = playTable();
    table.must({ type: 'PlayCards', seat: 0, cards: ['BJ'] });
    expect(table.hand(0)).not.toContain('BJ');
    table.must({ type: 'Pass', seat: 1 });
    table.must({ type: 'Pass', seat: 2 });
    expect(table.run({ type: 'PlayCards', seat: 0, cards: ['BJ'] })).toMatchObject({
      ok: false,
      rule: 'DDZ-GEN-2',
    });
    expect(table.hand(0)).toHaveLength(19);
  });

  it('DDZ-PLAY-6: on timeout the leader plays his lowest single and a follower passes; a stale timeout is refused', () => {
    const table = playTable();
    const lead = timeoutDefault(table.state);
    expect(lead).toEqual({
      type: 'PlayCards',
      seat: 0,
      cards: ['S3'],
      as: { type: 'single', rank: '3', length: 1 },
      timeout: { revision: table.state.revision },
    });
    if (lead === null) return;
    expect(table.must(lead)[0]).toMatchObject({ data: { cards: ['S3'], timedOut: true, lead: true } });
    expect(table.run(lead)).toMatchObject({ ok: false, rule: 'DDZ-PLAY-6', stale: true });
    const follow = timeoutDefault(table.state);
    expect(follow).toEqual({ type: 'Pass', seat: 1, timeout: { revision: table.state.revision } });
    table.must({ type: 'PlayCards', seat: 1, cards: ['SQ'] });
    expect(follow && table.run(follow)).toMatchObject({ ok: false, rule: 'DDZ-PLAY-6', stale: true });
    // A clock default is only ever the lowest single or a pass.
    expect(
      table.run({
        type: 'PlayCards',
        seat: 2,
        cards: [...table.hand(2).slice(0, 1)],
        timeout: { revision: table.state.revision },
      }),
    ).toMatchObject({ ok: false, rule: 'DDZ-PLAY-6' });
  });
});
