import { describe, expect, it } from 'vitest';
import { b2Cga2017 } from '../events/match-events';
import {
  E_HAND,
  FULL_HOUSE_8,
  FULL_HOUSE_K,
  N_GIVEN,
  S_HAND,
  STRAIGHT_3_7,
  STRAIGHT_8_Q,
} from '../testing/hands';
import { B2TestTable, orderFor } from '../testing/test-table';
import { timeoutDefault, turnClock } from './clock';

function playTable(ruleset = b2Cga2017): B2TestTable {
  const table = new B2TestTable(ruleset);
  table.deal(orderFor({ S: S_HAND, E: E_HAND, N: N_GIVEN }));
  table.toPlay();
  return table;
}

/** E wins the 8-Q straight trick and the KKK 77 trick, then leads the pair of tens: one card left. */
function eastDownToOne(): B2TestTable {
  const table = playTable();
  table.must({ type: 'PlayCards', seat: 'S', cards: STRAIGHT_3_7 });
  table.must({ type: 'PlayCards', seat: 'E', cards: STRAIGHT_8_Q });
  for (const seat of ['N', 'W', 'S'] as const) table.must({ type: 'Pass', seat });
  table.must({ type: 'PlayCards', seat: 'E', cards: FULL_HOUSE_K });
  for (const seat of ['N', 'W', 'S'] as const) table.must({ type: 'Pass', seat });
  table.must({ type: 'PlayCards', seat: 'E', cards: ['HT', 'ST'] });
  return table;
}

describe('play (B2-PLAY-*)', () => {
  it('B2-PLAY-1: the holder of ♦3 leads first, with a play that contains ♦3; he may not pass', () => {
    const table = playTable();
    expect(table.run({ type: 'PlayCards', seat: 'E', cards: ['C3'] })).toMatchObject({
      ok: false,
      rule: 'B2-SEAT-1',
    });
    expect(table.run({ type: 'PlayCards', seat: 'S', cards: ['SA'] })).toMatchObject({
      ok: false,
      rule: 'B2-PLAY-1',
    });
    expect(table.run({ type: 'Pass', seat: 'S' })).toMatchObject({ ok: false, rule: 'B2-PLAY-1' });
    const events = table.must({ type: 'PlayCards', seat: 'S', cards: STRAIGHT_3_7 });
    expect(events[0]).toMatchObject({
      type: 'CardsPlayed',
      data: { seat: 'S', as: { type: 'straight', length: 5 }, lead: true },
    });
    expect(table.state.board).toMatchObject({ turn: 'E', firstLead: false });
  });

  it('B2-PLAY-3: the others follow in turn with the same type, higher, or pass; B2-CMP-5: a following play must be greater', () => {
    const table = playTable();
    table.must({ type: 'PlayCards', seat: 'S', cards: STRAIGHT_3_7 });
    expect(table.run({ type: 'PlayCards', seat: 'E', cards: ['HT', 'ST'] })).toMatchObject({
      ok: false,
      rule: 'B2-PLAY-3',
    });
    expect(table.run({ type: 'PlayCards', seat: 'E', cards: ['C3'] })).toMatchObject({
      ok: false,
      rule: 'B2-PLAY-3',
    });
    expect(table.run({ type: 'PlayCards', seat: 'E', cards: ['C3', 'HT'] })).toMatchObject({
      ok: false,
      rule: 'B2-COMBO-9',
    });
    table.must({ type: 'PlayCards', seat: 'E', cards: STRAIGHT_8_Q });
    table.must({ type: 'Pass', seat: 'N' });
    table.must({ type: 'Pass', seat: 'W' });
    expect(table.run({ type: 'PlayCards', seat: 'S', cards: FULL_HOUSE_8 })).toMatchObject({ ok: true });
    const lower = playTable();
    lower.must({ type: 'PlayCards', seat: 'S', cards: STRAIGHT_3_7 });
    lower.must({ type: 'PlayCards', seat: 'E', cards: FULL_HOUSE_K });
    lower.must({ type: 'Pass', seat: 'N' });
    lower.must({ type: 'Pass', seat: 'W' });
    // S's 888 99 is a full house below E's KKK 77.
    expect(lower.run({ type: 'PlayCards', seat: 'S', cards: FULL_HOUSE_8 })).toMatchObject({
      ok: false,
      rule: 'B2-CMP-5',
    });
  });

  it('B2-PLAY-4: a trick ends when three players in a row pass; its winner leads any combination and may not pass', () => {
    const table = playTable();
    table.must({ type: 'PlayCards', seat: 'S', cards: STRAIGHT_3_7 });
    table.must({ type: 'PlayCards', seat: 'E', cards: STRAIGHT_8_Q });
    table.must({ type: 'Pass', seat: 'N' });
    expect(table.must({ type: 'Pass', seat: 'W' }).map((e) => e.type)).toEqual(['Passed']);
    const third = table.must({ type: 'Pass', seat: 'S' });
    expect(third).toEqual([
      { type: 'Passed', data: { seat: 'S', timedOut: false } },
      { type: 'TrickWon', data: { seat: 'E' } },
    ]);
    expect(table.state.board?.trick).toEqual({ leader: 'E', last: null, passes: 0 });
    expect(table.run({ type: 'Pass', seat: 'E' })).toMatchObject({ ok: false, rule: 'B2-PLAY-2' });
    expect(table.run({ type: 'PlayCards', seat: 'E', cards: ['C3'] })).toMatchObject({ ok: true });
  });

  it('B2-PLAY-5: a play once made cannot be taken back: its cards have left the hand for good', () => {
    const table = playTable();
    table.must({ type: 'PlayCards', seat: 'S', cards: STRAIGHT_3_7 });
    expect(table.hand('S')).not.toContain('D3');
    expect(table.hand('S')).toHaveLength(8);
    expect(table.events.filter((e) => e.type === 'CardsPlayed')).toHaveLength(1);
    for (const seat of ['E', 'N', 'W'] as const) table.must({ type: 'Pass', seat });
    expect(table.run({ type: 'PlayCards', seat: 'S', cards: ['D3'] })).toMatchObject({
      ok: false,
      rule: 'B2-GEN-2',
    });
  });

  it('B2-PLAY-6: 報單: a player down to one card is reported to the table', () => {
    const table = eastDownToOne();
    expect(table.events.at(-1)).toEqual({ type: 'CardsReported', data: { seat: 'E', count: 1 } });
    expect(table.state.board?.reported).toEqual(['E']);
  });

  it('B2-PLAY-7, DEC-B2-3: the player before a one-card player must play his highest single; he may pass or play more cards', () => {
    const table = eastDownToOne();
    // N takes the trick with the jacks; E cannot follow a pair with one card.
    table.must({ type: 'PlayCards', seat: 'N', cards: ['HJ', 'SJ'] });
    for (const seat of ['W', 'S', 'E'] as const) table.must({ type: 'Pass', seat });
    table.must({ type: 'PlayCards', seat: 'N', cards: ['H3'] });
    table.must({ type: 'Pass', seat: 'W' });
    // S acts just before E (his 下家), who has one card: a single from S must be his highest, ♠A.
    expect(table.run({ type: 'PlayCards', seat: 'S', cards: ['CA'] })).toMatchObject({
      ok: false,
      rule: 'B2-PLAY-7',
    });
    expect(table.run({ type: 'Pass', seat: 'S' })).toMatchObject({ ok: true });
  });

  it('B2-PLAY-7: leading before a one-card player, a single must be the highest, a pair is free', () => {
    const table = eastDownToOne();
    for (const seat of ['N', 'W'] as const) table.must({ type: 'Pass', seat });
    // S is not yet to lead: E's pair still stands, so S may pass; the trick goes back to E.
    table.must({ type: 'Pass', seat: 'S' });
    expect(table.state.board?.turn).toBe('E');
    const other = eastDownToOne();
    other.must({ type: 'PlayCards', seat: 'N', cards: ['HJ', 'SJ'] });
    other.must({ type: 'Pass', seat: 'W' });
    other.must({ type: 'PlayCards', seat: 'S', cards: ['SA', 'HA'] });
    for (const seat of ['E', 'N', 'W'] as const) other.must({ type: 'Pass', seat });
    expect(other.state.board?.turn).toBe('S');
    expect(other.run({ type: 'PlayCards', seat: 'S', cards: ['S8'] })).toMatchObject({
      ok: false,
      rule: 'B2-PLAY-7',
    });
    expect(other.run({ type: 'PlayCards', seat: 'S', cards: ['CA'] })).toMatchObject({ ok: true });
  });

  it('B2-PLAY-8: no play clock by default; a ruleset that sets one times each turn (lead: lowest single, follow: pass)', () => {
    const table = playTable();
    expect(turnClock(table.state)).toBeNull();
    expect(timeoutDefault(table.state)).toBeNull();
    const timed = playTable({ ...b2Cga2017, playSeconds: 30 });
    expect(turnClock(timed.state)).toMatchObject({ seats: ['S'], seconds: 30, rule: 'B2-PLAY-8' });
    const lead = timeoutDefault(timed.state);
    expect(lead).toMatchObject({ type: 'PlayCards', seat: 'S', cards: ['D3'] });
    if (lead === null) return;
    timed.must(lead);
    expect(timeoutDefault(timed.state)).toMatchObject({ type: 'Pass', seat: 'E' });
    expect(
      timed.run({ type: 'PlayCards', seat: 'E', cards: ['C3'], timeout: { revision: timed.state.revision } }),
    ).toMatchObject({
      ok: false,
      rule: 'B2-PLAY-8',
    });
  });

  it('B2-SCORE-4: when a player has played out the scores are recorded, marking the board’s end, then the deal is revealed', () => {
    const table = playTable();
    table.must({ type: 'PlayCards', seat: 'S', cards: STRAIGHT_3_7 });
    for (const seat of ['E', 'N', 'W'] as const) table.must({ type: 'Pass', seat });
    table.must({ type: 'PlayCards', seat: 'S', cards: FULL_HOUSE_8 });
    for (const seat of ['E', 'N', 'W'] as const) table.must({ type: 'Pass', seat });
    const end = table.must({ type: 'PlayCards', seat: 'S', cards: ['SA', 'HA', 'CA'] });
    expect(end.map((e) => e.type)).toEqual(['CardsPlayed', 'BoardEnded', 'DeckRevealed']);
    // DEC-B2-2: 13 cards left are 52 card points; each loser pays 52 to S.
    expect(end[1]).toMatchObject({
      type: 'BoardEnded',
      data: {
        outSeat: 'S',
        left: { S: 0, E: 13, N: 13, W: 13 },
        cardPoints: { S: 0, E: 52, N: 52, W: 52 },
        scores: { S: 156, E: -52, N: -52, W: -52 },
        totals: { S: 156, E: -52, N: -52, W: -52 },
      },
    });
    expect(table.state.status).toBe('betweenBoards');
    expect(table.run({ type: 'Pass', seat: 'E' })).toMatchObject({ ok: false });
  });

  it('B2-DBL-2: the board is scored with 明牌 ×3 and 加倍 ×2 per pair of players', () => {
    const table = new B2TestTable();
    table.deal(orderFor({ S: S_HAND, E: E_HAND, N: N_GIVEN }));
    table.toPlay(['E'], ['S']);
    table.must({ type: 'PlayCards', seat: 'S', cards: STRAIGHT_3_7 });
    for (const seat of ['E', 'N', 'W'] as const) table.must({ type: 'Pass', seat });
    table.must({ type: 'PlayCards', seat: 'S', cards: FULL_HOUSE_8 });
    for (const seat of ['E', 'N', 'W'] as const) table.must({ type: 'Pass', seat });
    const end = table.must({ type: 'PlayCards', seat: 'S', cards: ['SA', 'HA', 'CA'] });
    // S (doubled ×2) against E (shown ×3): 52 × 6; against N and W: 52 × 2 each.
    expect(end[1]).toMatchObject({
      type: 'BoardEnded',
      data: {
        showed: { S: false, E: true, N: false, W: false },
        doubled: { S: true, E: false, N: false, W: false },
        scores: { S: 52 * 6 + 52 * 2 + 52 * 2, E: -52 * 6, N: -52 * 2, W: -52 * 2 },
      },
    });
  });
});

describe('play time (B2-TB-1)', () => {
  it('B2-TB-1: each player’s own time to play is recorded per board, from the start of his turn to his choice', () => {
    const table = new B2TestTable();
    table.deal(orderFor({ S: S_HAND, E: E_HAND, N: N_GIVEN }));
    for (const seat of ['S', 'E', 'N', 'W'] as const)
      table.must({ type: 'Show', seat, show: false, now: 2_000 });
    for (const seat of ['S', 'E', 'N', 'W'] as const)
      table.must({ type: 'Double', seat, double: false, now: 3_000 });
    // S thinks 4 s over the lead, E 1.5 s over a pass, N 0.5 s, W 2 s; S again 3 s, and so on.
    table.must({ type: 'PlayCards', seat: 'S', cards: STRAIGHT_3_7, now: 7_000 });
    table.must({ type: 'Pass', seat: 'E', now: 8_500 });
    table.must({ type: 'Pass', seat: 'N', now: 9_000 });
    table.must({ type: 'Pass', seat: 'W', now: 11_000 });
    table.must({ type: 'PlayCards', seat: 'S', cards: FULL_HOUSE_8, now: 14_000 });
    for (const [seat, now] of [
      ['E', 14_100],
      ['N', 14_200],
      ['W', 14_300],
    ] as const)
      table.must({ type: 'Pass', seat, now });
    table.must({ type: 'PlayCards', seat: 'S', cards: ['SA', 'HA', 'CA'], now: 15_300 });
    expect(table.state.completed[0]?.playTime).toEqual({ S: 8_000, E: 1_600, N: 600, W: 2_100 });
  });
});
