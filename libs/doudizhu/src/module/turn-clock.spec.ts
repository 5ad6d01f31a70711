import type { Face } from '@tablecast/cards';
import { VENUE, seatViewer, type TurnClockDue } from '@tablecast/game-kit';
import { describe, expect, it } from 'vitest';
import type { DoudizhuCommand } from '../engine/commands';
import { replayDoudizhu } from '../engine/replay';
import type { DoudizhuState } from '../engine/state';
import { TestTable, orderFor } from '../engine/test-table';
import { doudizhuModule } from './doudizhu-module';

/** The module's turn clock in `state` (DDZ-GEN-2: Dou Dizhu times its turns), or null. */
function clockOf(state: DoudizhuState): TurnClockDue<DoudizhuCommand> | null {
  if (doudizhuModule.turnClock === undefined) throw new Error('Dou Dizhu times its turns (DDZ-GEN-2)');
  return doudizhuModule.turnClock(state);
}

/** The clock that must be running in `state`. */
function due(state: DoudizhuState): TurnClockDue<DoudizhuCommand> {
  const clock = clockOf(state);
  if (clock === null) throw new Error('no turn clock is running');
  return clock;
}

/** Seat 1's hand: H3 is its only 3 and nothing is lower, so H3 is the lowest single it can lead. */
const LANDLORD_HAND: Face[] = ['H3', 'S5', 'S6', 'S7', 'S8', 'S9', 'ST', 'SJ', 'SQ', 'SK', 'SA', 'S2'];
const KITTY: Face[] = ['BJ', 'RJ', 'D2'];

/** Board 1 dealt at 1,000 ms (TestTable.deal): seat 0 bids first. */
function dealt(): TestTable {
  const table = new TestTable();
  table.deal(orderFor([[], LANDLORD_HAND, []], KITTY));
  return table;
}

/** Seat 1 is the landlord at 3; the defenders 2 and 0 have not chosen yet. */
function doubling(): TestTable {
  const table = dealt();
  table.must({ type: 'Bid', seat: 0, bid: 'pass', now: 5_000 });
  table.must({ type: 'Bid', seat: 1, bid: 3, now: 9_000 });
  return table;
}

/** Nobody doubled: the kitty is the landlord's and he leads. */
function leading(): TestTable {
  const table = doubling();
  table.must({ type: 'Double', seat: 2, double: false, now: 10_000 });
  table.must({ type: 'Double', seat: 0, double: false, now: 12_000 });
  return table;
}

describe('turn clocks as a module capability (DDZ-GEN-2)', () => {
  it('DDZ-BID-6: the bidder on turn has 25 s from the deal; the default is 不叫, recorded as the clock’s', () => {
    const table = dealt();
    const clock = due(table.state);
    expect(clock).toEqual({
      seats: ['0'],
      seconds: 25,
      deadline: 1_000 + 25_000,
      timeout: { type: 'Bid', seat: 0, bid: 'pass', timeout: { revision: table.state.revision } },
    });
    const events = table.must({ ...clock.timeout, now: 26_000 });
    expect(events).toEqual([{ type: 'BidMade', data: { seat: 0, bid: 'pass', timedOut: true, at: 26_000 } }]);
    // The next bidder's 25 s run from the recorded time of the default.
    expect(clockOf(table.state)).toMatchObject({ seats: ['1'], deadline: 26_000 + 25_000 });
  });

  it('DDZ-BID-6: a move recorded first makes the default stale; the clock may not bid for a player', () => {
    const table = dealt();
    const timed = due(table.state).timeout;
    table.must({ type: 'Bid', seat: 0, bid: 1, now: 3_000 });
    expect(table.run(timed)).toMatchObject({ ok: false, rule: 'DDZ-BID-6', stale: true });
    const next = due(table.state).timeout;
    expect(next).toMatchObject({ type: 'Bid', seat: 1, bid: 'pass' });
    expect(
      table.run({ type: 'Bid', seat: 1, bid: 2, timeout: { revision: table.state.revision } }),
    ).toMatchObject({
      ok: false,
      rule: 'DDZ-BID-6',
    });
  });

  it('DDZ-DBL-1/2: both defenders share one clock from the landlord’s bid; no double, then no redouble', () => {
    const table = doubling();
    expect(clockOf(table.state)).toMatchObject({
      seats: ['2', '0'],
      deadline: 9_000 + 25_000,
      timeout: { type: 'Double', seat: 2, double: false },
    });
    table.must({ type: 'Double', seat: 2, double: true, now: 20_000 });
    // A sealed choice does not restart the other defender's clock.
    const second = due(table.state);
    expect(second).toMatchObject({ seats: ['0'], deadline: 34_000, timeout: { type: 'Double', seat: 0 } });
    expect(table.must({ ...second.timeout, now: 34_001 })[0]).toEqual({
      type: 'DoubleChosen',
      data: { seat: 0, double: false, timedOut: true, at: 34_001 },
    });
    const redouble = due(table.state);
    expect(redouble).toEqual({
      seats: ['1'],
      seconds: 25,
      deadline: 34_001 + 25_000,
      timeout: { type: 'Redouble', seat: 1, redouble: false, timeout: { revision: table.state.revision } },
    });
    expect(table.must(redouble.timeout)[0]).toMatchObject({
      type: 'RedoubleChosen',
      data: { seat: 1, redouble: false, timedOut: true },
    });
  });

  it('DDZ-PLAY-6: a leader who times out plays his lowest single; a follower who times out passes', () => {
    const table = leading();
    const lead = due(table.state);
    expect(lead).toMatchObject({ seats: ['1'], deadline: 12_000 + 25_000 });
    expect(lead.timeout).toEqual({
      type: 'PlayCards',
      seat: 1,
      cards: ['H3'],
      as: { type: 'single', rank: '3', length: 1 },
      timeout: { revision: table.state.revision },
    });
    expect(table.must({ ...lead.timeout, now: 37_000 })[0]).toMatchObject({
      type: 'CardsPlayed',
      data: { seat: 1, cards: ['H3'], lead: true, timedOut: true, at: 37_000 },
    });
    const follow = due(table.state);
    expect(follow).toEqual({
      seats: ['2'],
      seconds: 25,
      deadline: 37_000 + 25_000,
      timeout: { type: 'Pass', seat: 2, timeout: { revision: table.state.revision } },
    });
    expect(table.must(follow.timeout)).toEqual([{ type: 'Passed', data: { seat: 2, timedOut: true } }]);
  });

  it('DDZ-PLAY-6: the clock may not play anything but the lowest single, nor pass for a leader', () => {
    const table = leading();
    const timeout = { revision: table.state.revision };
    expect(due(table.state).timeout).toMatchObject({ type: 'PlayCards', seat: 1, timeout });
    expect(table.run({ type: 'PlayCards', seat: 1, cards: ['S5'], timeout })).toMatchObject({
      ok: false,
      rule: 'DDZ-PLAY-6',
    });
    expect(table.run({ type: 'Pass', seat: 1, timeout })).toMatchObject({
      ok: false,
      rule: 'DDZ-PLAY-2',
    });
  });

  it('the deadline is in the view for the seats on the clock only, and a replay of the log gives the same', () => {
    const table = doubling();
    table.must({ type: 'Double', seat: 2, double: true, now: 20_000 });
    const view = doudizhuModule.view(table.state, seatViewer('0'));
    expect(view.seats.map((s) => s.deadline)).toEqual([34_000, null, null]);
    expect(view.board?.clock).toMatchObject({ seats: [0], deadline: 34_000, rule: 'DDZ-DBL-1' });
    const replayed = replayDoudizhu(table.events);
    expect(doudizhuModule.view(replayed, VENUE)).toEqual(doudizhuModule.view(table.state, VENUE));
    expect(clockOf(replayed)).toEqual(clockOf(table.state));
  });

  it('a choice recorded without a time gives no deadline rather than one from an older choice', () => {
    const table = dealt();
    table.must({ type: 'Bid', seat: 0, bid: 'pass' });
    expect(clockOf(table.state)).toMatchObject({ seats: ['1'], deadline: null });
    expect(doudizhuModule.view(table.state, VENUE).seats[1]?.deadline).toBeNull();
  });
});
