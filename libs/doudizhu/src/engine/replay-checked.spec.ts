import type { Face } from '@tablecast/cards';
import { describe, expect, it } from 'vitest';
import type { DdzEventOf, DoudizhuEvent } from '../events/catalog';
import type { Seat } from '../events/primitives';
import { playRandomBoards } from '../sim/playout';
import { cardsOf } from '../testing/cards-of';
import { replayDoudizhu } from './replay';
import { replayChecked } from './replay-checked';
import { TestTable, orderFor } from './test-table';

function simulated(boards: number, timeoutPerMille?: number): readonly DoudizhuEvent[] {
  const result = playRandomBoards({ seed: 'a', boards, timeoutPerMille });
  if (!result.ok) throw new Error(`${result.command.type} refused: ${result.violation.message}`);
  return result.events;
}

/** The log with event `index` replaced. */
function replaced(log: readonly DoudizhuEvent[], index: number, event: DoudizhuEvent): DoudizhuEvent[] {
  return [...log.slice(0, index), event, ...log.slice(index + 1)];
}

function indexOf(log: readonly DoudizhuEvent[], test: (e: DoudizhuEvent) => boolean): number {
  const index = log.findIndex(test);
  if (index < 0) throw new Error('no such event in the log');
  return index;
}

// Seat 0 leads a pair of fives; seat 1 holds a pair of fours and a pair of nines.
const SEAT0 = cardsOf('5 5 6 7 8 9 T J Q K A 2 2 BJ 3 3 3');
const SEAT1: Face[] = ['C4', 'D4', 'C9', 'D9'];

/** Seat 0 bids 3 and nobody doubles; seat 0 has led the pair of fives. */
function pairLed(): TestTable {
  const table = new TestTable();
  table.deal(orderFor([SEAT0, SEAT1, []]));
  table.toPlay(0);
  table.must({ type: 'PlayCards', seat: 0, cards: ['S5', 'H5'] });
  return table;
}

function followed(seat: Seat, cards: Face[], rank: '4' | '9'): DdzEventOf<'CardsPlayed'> {
  return {
    type: 'CardsPlayed',
    data: { seat, cards, as: { type: 'pair', rank, length: 2 }, lead: false, timedOut: false },
  };
}

describe('replayChecked: re-deciding a recorded stream (DDZ-GEN-2)', () => {
  it('a whole simulated board replays ok, to the state the fold and the simulator reach', () => {
    const result = playRandomBoards({ seed: 'a', boards: 1 });
    if (!result.ok) throw new Error(result.violation.message);
    const checked = replayChecked(result.events);
    expect(checked).toEqual({ ok: true, state: result.state });
    expect(replayDoudizhu(result.events)).toEqual(result.state);
    expect(result.events.map((e) => e.type)).toContain('BoardEnded');
  });

  it('a match with a redeal and timed-out bids, doubles, redoubles, plays and passes replays ok', () => {
    const log = simulated(12, 150);
    const timedOut = new Set(log.filter((e) => 'timedOut' in e.data && e.data.timedOut).map((e) => e.type));
    expect([...timedOut].sort()).toEqual([
      'BidMade',
      'CardsPlayed',
      'DoubleChosen',
      'Passed',
      'RedoubleChosen',
    ]);
    expect(log.map((e) => e.type)).toContain('BoardPassedOut');
    const checked = replayChecked(log);
    expect(checked.ok).toBe(true);
    expect(checked.state).toEqual(replayDoudizhu(log));
  });

  it('a penalty, an appeal against it and the decision replay ok', () => {
    const table = pairLed();
    table.must({ type: 'Pass', seat: 1 });
    table.must({
      type: 'IssuePenalty',
      seat: 2,
      rule: 'DDZ-PLAY-7',
      sanction: 'deduction',
      points: 5,
      refereeId: 'ref',
      note: 'signalling',
      now: 2000,
    });
    table.must({ type: 'LodgeAppeal', penalty: 1, seat: 2, grounds: 'no signal was given', now: 3000 });
    table.must({ type: 'DecideAppeal', appeal: 1, votesFor: 3, votesAgainst: 2, now: 4000 });
    const log = [...table.events];
    expect(log.map((e) => e.type).slice(-3)).toEqual(['PenaltyIssued', 'AppealLodged', 'AppealDecided']);
    expect(replayChecked(log)).toEqual({ ok: true, state: table.state });
  });

  it('a play of a card not in the hand is refused with DDZ-GEN-2 at its index', () => {
    const log = simulated(1);
    const index = indexOf(log, (e) => e.type === 'CardsPlayed' && e.data.cards.length === 1);
    const play = log[index] as DdzEventOf<'CardsPlayed'>;
    const dealt = log.find((e): e is DdzEventOf<'CardsDealt'> => e.type === 'CardsDealt');
    const other = dealt?.data.hands[(play.data.seat + 1) % 3]?.[0];
    if (other === undefined) throw new Error('no deal');
    const forged = { ...play, data: { ...play.data, cards: [other] } };
    const checked = replayChecked(replaced(log, index, forged));
    expect(checked).toMatchObject({ ok: false, rule: 'DDZ-GEN-2', index });
    expect(checked.ok ? '' : checked.message).toContain(`${other} is not in the player's hand`);
    expect(checked.ok ? null : checked.state).toEqual(replayDoudizhu(log.slice(0, index)));
  });

  it('a follow below the play to beat is refused with DDZ-CMP-6 at its index', () => {
    const table = pairLed();
    const log = [...table.events];
    expect(replayChecked([...log, followed(1, ['C9', 'D9'], '9')]).ok).toBe(true);
    expect(replayChecked([...log, followed(1, ['C4', 'D4'], '4')])).toMatchObject({
      ok: false,
      rule: 'DDZ-CMP-6',
      index: log.length,
    });
  });

  it('a follow of another type is refused with DDZ-PLAY-2; a play out of turn with DDZ-PLAY-1', () => {
    const log = [...pairLed().events];
    const single: DdzEventOf<'CardsPlayed'> = {
      type: 'CardsPlayed',
      data: {
        seat: 1,
        cards: ['C9'],
        as: { type: 'single', rank: '9', length: 1 },
        lead: false,
        timedOut: false,
      },
    };
    expect(replayChecked([...log, single])).toMatchObject({
      ok: false,
      rule: 'DDZ-PLAY-2',
      index: log.length,
    });
    expect(replayChecked([...log, followed(2, ['C9', 'D9'], '9')])).toMatchObject({
      ok: false,
      rule: 'DDZ-PLAY-1',
      index: log.length,
    });
  });

  it('a play recorded under a reading its cards do not have is refused with DDZ-COMBO-12', () => {
    const log = [...pairLed().events];
    const misread = followed(1, ['C9', 'D9'], '9');
    const forged = {
      ...misread,
      data: { ...misread.data, as: { type: 'pair' as const, rank: 'T' as const, length: 2 } },
    };
    expect(replayChecked([...log, forged])).toMatchObject({
      ok: false,
      rule: 'DDZ-COMBO-12',
      index: log.length,
    });
  });

  it('a timed-out bid that is not 不叫 is refused with DDZ-BID-6', () => {
    const log = simulated(1);
    const index = indexOf(log, (e) => e.type === 'BidMade');
    const forged: DoudizhuEvent = { type: 'BidMade', data: { seat: 0, bid: 2, timedOut: true } };
    expect(replayChecked(replaced(log, index, forged))).toMatchObject({
      ok: false,
      rule: 'DDZ-BID-6',
      index,
    });
  });

  it('an event the engine derives, recorded on its own, is refused at its index', () => {
    const table = pairLed();
    table.must({ type: 'Pass', seat: 1 });
    const log = [...table.events];
    // One pass does not end the trick (DDZ-PLAY-3): TrickWon here is no decision's event.
    const forged: DoudizhuEvent = { type: 'TrickWon', data: { seat: 0 } };
    const checked = replayChecked([...log, forged]);
    expect(checked).toMatchObject({ ok: false, rule: 'DDZ-GEN-2', index: log.length });
    expect(checked.ok ? '' : checked.message).toContain('not the start of any decision');
  });

  it('a derived event that differs from what the rules record is refused at its index', () => {
    const log = simulated(1);
    const index = indexOf(log, (e) => e.type === 'BoardEnded');
    const ended = log[index] as DdzEventOf<'BoardEnded'>;
    const [a, b, c] = ended.data.scores;
    const forged = {
      ...ended,
      data: { ...ended.data, scores: [a + 1, b - 1, c] as [number, number, number] },
    };
    const checked = replayChecked(replaced(log, index, forged));
    expect(checked).toMatchObject({ ok: false, rule: 'DDZ-GEN-2', index });
    expect(checked.ok ? '' : checked.message).toContain('differs from what the rules record: BoardEnded');
  });

  it('a kitty other than the one dealt is refused at its index', () => {
    const log = simulated(1);
    const index = indexOf(log, (e) => e.type === 'KittyRevealed');
    const kitty = log[index] as DdzEventOf<'KittyRevealed'>;
    const [x, y, z] = kitty.data.cards;
    const forged = { ...kitty, data: { ...kitty.data, cards: [y, x, z] as Face[] } };
    expect(replayChecked(replaced(log, index, forged))).toMatchObject({
      ok: false,
      rule: 'DDZ-GEN-2',
      index,
    });
  });

  it('a stream cut inside a decision is refused where the missing event belongs', () => {
    const log = simulated(1);
    const index = indexOf(log, (e) => e.type === 'LandlordChosen');
    const checked = replayChecked(log.slice(0, index));
    expect(checked).toMatchObject({ ok: false, rule: 'DDZ-GEN-2', index });
    expect(checked.ok ? '' : checked.message).toContain('the rules also record LandlordChosen');
  });
});
