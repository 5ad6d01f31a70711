import { doubleDeck, verifyDeckCommitment } from '@tablecast/cards';
import { describe, expect, it } from 'vitest';
import type { GuandanEvent } from '../events/catalog';
import { nextSeat, SEATS } from '../model/seats';
import { cesa2023, house004, type Ruleset } from '../ruleset/ruleset';
import { Scenario } from '../testing/scenario';
import type { LastHand } from './state';

/** One test per dealing and leading rule, each naming that rule alone. */

const nsWon = (places: LastHand['places'], doubleDown = false): LastHand => ({
  places,
  doubleDown,
  winningTeam: 'NS',
  foulBy: null,
});

/** A later deal after `last`, NS at level 4 (wildcards ♥4); the hands place every joker. */
function laterDeal(last: LastHand, hands: Parameters<Scenario['deal']>[0], ruleset?: Ruleset): Scenario {
  const s = Scenario.create(ruleset).after(last, { NS: 2, EW: 0 });
  const decision = s.deal(hands);
  if (!decision.ok) throw new Error(decision.message);
  return s;
}

function dealtData(events: readonly GuandanEvent[]) {
  const event = events.find((e) => e.type === 'CardsDealt');
  if (event?.type !== 'CardsDealt') throw new Error('no CardsDealt');
  return event.data;
}

const lead = (events: readonly GuandanEvent[]) => events.filter((e) => e.type === 'LeadAssigned').at(-1);

describe('dealing (GD-DECK-3, GD-DEAL-4/6, GD-PEN-10)', () => {
  it('GD-DECK-3: after the deal every hand counts 27, and the four hands together are the whole double deck', () => {
    const s = Scenario.create();
    s.must({ type: 'DealCards', seed: 'count-check', salt: 'x', now: 0 });
    const { hands } = dealtData(s.events);
    for (const seat of SEATS) expect(hands[seat], seat).toHaveLength(27);
    expect(SEATS.flatMap((seat) => hands[seat]).sort()).toEqual([...doubleDeck()].sort());
  });

  it('GD-DEAL-4: no card can be cut or slipped back in after the shuffle: a deck moved by even one card no longer matches the commitment', () => {
    const s = Scenario.create();
    s.must({ type: 'DealCards', seed: 'conduct-only', salt: 'salt-1', now: 0 });
    const committed = s.events.find((e) => e.type === 'DeckCommitted');
    if (committed?.type !== 'DeckCommitted') return expect.fail('no commitment');
    const { order, salt } = dealtData(s.events);
    expect(verifyDeckCommitment(committed.data.commitment, order, salt)).toBe(true);
    const reinserted = [
      ...order.slice(0, 10),
      ...order.slice(11, 60),
      order[10] ?? 'S2a',
      ...order.slice(60),
    ];
    expect(verifyDeckCommitment(committed.data.commitment, reinserted, salt)).toBe(false);
    const cutFromBottom = [...order.slice(-5), ...order.slice(0, -5)];
    expect(verifyDeckCommitment(committed.data.commitment, cutFromBottom, salt)).toBe(false);
  });

  it('GD-DEAL-6: every card goes to the player whose turn it is to draw, so no draw out of turn can happen in a software deal', () => {
    const s = Scenario.create().after(nsWon(['S', 'E', 'N', 'W']), { NS: 1, EW: 0 });
    s.deal({ W: ['BJa'], E: ['BJb', 'RJa', 'RJb'] });
    const { order, hands, firstDrawer } = dealtData(s.events);
    expect(firstDrawer).toBe('W'); // last place draws first in a later deal
    let seat = firstDrawer;
    const drawn: Record<string, string[]> = { S: [], E: [], N: [], W: [] };
    for (const card of order) {
      drawn[seat]?.push(card);
      seat = nextSeat(seat);
    }
    expect(hands).toEqual(drawn);
  });

  it('GD-PEN-10: a draw out of turn at a manual table is ruled and recorded under GD-PEN-10: a warning costs nothing, a violation a trick', () => {
    const s = Scenario.create();
    s.deal({ S: ['S3a', 'S4a'] }, { cutIndex: 0 });
    expect(
      s.must({ type: 'IssuePenalty', seat: 'W', sanction: 'warning', rule: 'GD-PEN-10', refereeId: 'ref' }),
    ).toEqual([
      {
        type: 'PenaltyIssued',
        data: { seat: 'W', sanction: 'warning', rule: 'GD-PEN-10', refereeId: 'ref', note: '' },
      },
    ]);
    expect(s.state.hand).toMatchObject({ turn: 'S', suspended: [] });
    s.must({ type: 'IssuePenalty', seat: 'S', sanction: 'violation', rule: 'GD-PEN-10', refereeId: 'ref' });
    expect(s.state.hand).toMatchObject({ turn: 'E', suspended: ['S'] });
    expect(s.state.penalties.map((p) => `${p.seat}:${p.sanction}:${p.rule}`)).toEqual([
      'W:warning:GD-PEN-10',
      'S:violation:GD-PEN-10',
    ]);
  });
});

describe('who leads (GD-LEAD-*)', () => {
  it('GD-LEAD-1: in the first deal the player who drew the turned card leads, whoever he is', () => {
    for (const [cutIndex, seat] of [
      [0, 'S'],
      [1, 'E'],
      [2, 'N'],
      [3, 'W'],
    ] as const) {
      const s = Scenario.create();
      s.deal({ S: ['S5a'], E: ['D6a'], N: ['C7a'], W: ['S8a'] }, { cutIndex });
      expect(s.events.find((e) => e.type === 'FirstLeadCut')).toMatchObject({ data: { cutIndex, seat } });
      expect(lead(s.events)).toEqual({ type: 'LeadAssigned', data: { seat, reason: 'cutCard' } });
      expect(s.state.hand?.turn).toBe(seat);
    }
  });

  it('GD-LEAD-2: in a later deal the last place who paid first place leads, once the return is made', () => {
    const s = laterDeal(nsWon(['S', 'E', 'N', 'W']), { W: ['BJa'], E: ['BJb', 'RJa', 'RJb'], S: ['S9a'] });
    s.must({ type: 'GiveTribute', seat: 'W', card: 'BJa' });
    expect(s.state.hand?.turn).toBeNull();
    expect(s.must({ type: 'ReturnTribute', seat: 'S', card: 'S9a' }).at(-1)).toEqual({
      type: 'LeadAssigned',
      data: { seat: 'W', reason: 'tributePaid' },
    });
    expect(s.state.hand?.turn).toBe('W');
  });

  it('GD-LEAD-3: after a double tribute the player who gave the larger tribute leads', () => {
    const s = laterDeal(nsWon(['S', 'N'], true), { W: ['RJa'], E: ['BJa'], N: ['BJb', 'RJb'], S: ['S9a'] });
    s.must({ type: 'GiveTribute', seat: 'E', card: 'BJa' });
    s.must({ type: 'GiveTribute', seat: 'W', card: 'RJa' });
    s.must({ type: 'ReturnTribute', seat: 'S', card: 'S9a' });
    const done = s.must({
      type: 'ReturnTribute',
      seat: 'N',
      card: s.hand('N').find((c) => c.startsWith('S')) ?? 'S2a',
    });
    expect(done.at(-1)).toEqual({ type: 'LeadAssigned', data: { seat: 'W', reason: 'tributePaid' } });
  });

  it('GD-LEAD-4: after a double anti-tribute (one big joker each) first place leads at once', () => {
    const s = laterDeal(nsWon(['S', 'N'], true), { E: ['RJa'], W: ['RJb'], N: ['BJa', 'BJb'] });
    expect(s.events.slice(-2)).toEqual([
      { type: 'TributeResisted', data: { seats: ['E', 'W'] } },
      { type: 'LeadAssigned', data: { seat: 'S', reason: 'antiTribute' } },
    ]);
    expect(s.state.hand?.turn).toBe('S');
  });

  it('GD-LEAD-5: after a foul the non-offending pair may name any of the four players to lead, the offender included', () => {
    const s = Scenario.create();
    s.deal({ S: ['S3a'] }, { cutIndex: 0 });
    s.foul('E');
    s.deal({});
    expect(s.state.hand?.turn).toBeNull();
    expect(s.must({ type: 'DesignateLeader', seat: 'E' })).toEqual([
      { type: 'LeadAssigned', data: { seat: 'E', reason: 'designated' } },
    ]);
    expect(s.state.hand?.turn).toBe('E');
  });

  it('GD-LEAD-6: the player who made the last play of a trick leads the next one', () => {
    const s = Scenario.create();
    s.deal({ S: ['S3a', 'S4a'], E: ['D9a', 'D2a'] }, { cutIndex: 0 });
    s.must({ type: 'PlayCards', seat: 'S', cards: ['S3a'] });
    s.must({ type: 'PlayCards', seat: 'E', cards: ['D9a'] });
    s.must({ type: 'Pass', seat: 'N' });
    s.must({ type: 'Pass', seat: 'W' });
    expect(s.must({ type: 'Pass', seat: 'S' }).at(-1)).toEqual({
      type: 'TrickWon',
      data: { seat: 'E', nextLeader: 'E' },
    });
    expect(s.state.hand?.turn).toBe('E');
    expect(s.send({ type: 'PlayCards', seat: 'N', cards: [s.hand('N')[0] ?? 'S2a'] })).toMatchObject({
      ok: false,
    });
  });
});

describe('tribute (GD-TRIB-4/7/10, GD-TIME-2)', () => {
  it('GD-TRIB-4: after a double-down both losers pay their highest card; the larger goes to first place, the smaller to second', () => {
    const s = laterDeal(nsWon(['N', 'S'], true), { E: ['RJa'], W: ['BJa'], S: ['BJb', 'RJb'] });
    expect(s.state.hand?.phase).toBe('tribute');
    s.must({ type: 'GiveTribute', seat: 'W', card: 'BJa' });
    expect(s.must({ type: 'GiveTribute', seat: 'E', card: 'RJa' }).at(-1)).toEqual({
      type: 'TributeAssigned',
      data: {
        assignments: [
          { from: 'E', to: 'N', card: 'RJa' },
          { from: 'W', to: 'S', card: 'BJa' },
        ],
      },
    });
    expect(s.hand('N')).toContain('RJa');
    expect(s.hand('S')).toContain('BJa');
  });

  it('GD-TRIB-10: the deal after a foul has no tribute, even after a double-down result', () => {
    const s = Scenario.create();
    s.deal({ S: ['S3a'] }, { cutIndex: 0 });
    s.foul('W');
    s.deal({ E: ['BJa'], W: ['BJb'], S: ['RJa', 'RJb'] });
    expect(s.events.find((e) => e.type === 'HandStarted' && e.data.handNumber === 2)).toMatchObject({
      data: { tribute: 'none' },
    });
    expect(s.state.hand?.phase).toBe('designate');
    expect(s.send({ type: 'GiveTribute', seat: 'E', card: 'BJa' })).toMatchObject({ ok: false });
    expect(s.events.some((e) => e.type === 'TributeGiven')).toBe(false);
  });

  it('GD-TRIB-7: a tributer has 15 s; at the limit a warning, and a violation 15 s after the warning', () => {
    const s = laterDeal(nsWon(['S', 'E', 'N', 'W']), { W: ['BJa'], E: ['BJb', 'RJa', 'RJb'] });
    expect(s.send({ type: 'ReportThinkingTime', seat: 'W', seconds: 14, refereeId: 'clock' })).toMatchObject({
      ok: false,
      rule: 'GD-TRIB-7',
    });
    s.must({ type: 'ReportThinkingTime', seat: 'W', seconds: 15, refereeId: 'clock' });
    s.must({ type: 'ReportThinkingTime', seat: 'W', seconds: 30, refereeId: 'clock' });
    expect(s.state.penalties.map((p) => `${p.seat}:${p.sanction}:${p.rule}`)).toEqual([
      'W:warning:GD-TRIB-7',
      'W:violation:GD-TRIB-7',
    ]);
  });

  it('GD-TIME-2: the returner gets 30 s after the tribute, twice the tributer’s 15 s', () => {
    const s = laterDeal(nsWon(['S', 'E', 'N', 'W']), { W: ['BJa'], E: ['BJb', 'RJa', 'RJb'], S: ['S9a'] });
    s.must({ type: 'GiveTribute', seat: 'W', card: 'BJa' });
    expect(s.send({ type: 'ReportThinkingTime', seat: 'S', seconds: 20, refereeId: 'clock' })).toMatchObject({
      ok: false,
      rule: 'GD-TRIB-7',
    });
    s.must({ type: 'ReportThinkingTime', seat: 'S', seconds: 31, refereeId: 'clock' });
    expect(s.state.penalties.map((p) => `${p.seat}:${p.sanction}`)).toEqual(['S:warning']);
  });
});

describe('tribute and lead under the variants (GD-VAR-003-9/10, GD-VAR-004-2/5)', () => {
  it('GD-VAR-003-9: under cesa2023 the tributer who paid first place leads after a double tribute', () => {
    const s = laterDeal(
      nsWon(['S', 'N'], true),
      { E: ['BJa'], W: ['RJa'], N: ['BJb', 'RJb'], S: ['S9a'] },
      cesa2023,
    );
    s.must({ type: 'GiveTribute', seat: 'E', card: 'BJa' });
    expect(s.must({ type: 'GiveTribute', seat: 'W', card: 'RJa' }).at(-1)).toMatchObject({
      data: {
        assignments: [
          { from: 'W', to: 'S', card: 'RJa' },
          { from: 'E', to: 'N' },
        ],
      },
    });
    s.must({ type: 'ReturnTribute', seat: 'S', card: 'S9a' });
    const done = s.must({
      type: 'ReturnTribute',
      seat: 'N',
      card: s.hand('N').find((c) => /^[SCD][2-9]/.test(c)) ?? 'S2a',
    });
    expect(done.at(-1)).toEqual({ type: 'LeadAssigned', data: { seat: 'W', reason: 'tributePaid' } });
  });

  it('GD-VAR-003-10: cesa2023 says nothing of anti-tribute, so a last place with both big jokers pays nothing, automatically', () => {
    expect(cesa2023.antiTribute).toBe('automatic');
    const s = laterDeal(nsWon(['S', 'E', 'N', 'W']), { W: ['RJa', 'RJb'], E: ['BJa', 'BJb'] }, cesa2023);
    expect(s.events.slice(-2)).toEqual([
      { type: 'TributeResisted', data: { seats: ['W'] } },
      { type: 'LeadAssigned', data: { seat: 'S', reason: 'antiTribute' } },
    ]);
  });

  it('GD-VAR-004-2: under house004 a return to an opponent must also be 10 or lower', () => {
    const s = laterDeal(
      nsWon(['S', 'E', 'N', 'W']),
      { W: ['BJa'], E: ['BJb', 'RJa', 'RJb'], S: ['SKa', 'STa'] },
      house004,
    );
    s.must({ type: 'GiveTribute', seat: 'W', card: 'BJa' });
    expect(s.send({ type: 'ReturnTribute', seat: 'S', card: 'SKa' })).toMatchObject({
      ok: false,
      rule: 'GD-TRIB-3',
    });
    expect(s.must({ type: 'ReturnTribute', seat: 'S', card: 'STa' })[0]).toEqual({
      type: 'TributeReturned',
      data: { from: 'S', to: 'W', card: 'STa' },
    });
  });

  it('GD-VAR-004-5: under house004 last place pays his highest card but never the wildcard, and then leads', () => {
    const s = laterDeal(
      nsWon(['S', 'E', 'N', 'W']),
      { W: ['H4a', 'SAa', 'S3a'], E: ['BJa', 'BJb', 'RJa', 'RJb'], S: ['S9a'] },
      house004,
    );
    expect(s.send({ type: 'GiveTribute', seat: 'W', card: 'H4a' })).toMatchObject({
      ok: false,
      rule: 'GD-TRIB-2',
    });
    expect(s.send({ type: 'GiveTribute', seat: 'W', card: 'S3a' })).toMatchObject({
      ok: false,
      rule: 'GD-TRIB-2',
    });
    s.must({
      type: 'GiveTribute',
      seat: 'W',
      card: s.hand('W').find((c) => c.startsWith('S4') || c.startsWith('C4') || c.startsWith('D4')) ?? 'SAa',
    });
    expect(s.must({ type: 'ReturnTribute', seat: 'S', card: 'S9a' }).at(-1)).toEqual({
      type: 'LeadAssigned',
      data: { seat: 'W', reason: 'tributePaid' },
    });
  });
});
