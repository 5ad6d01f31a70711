import { describe, expect, it } from 'vitest';
import type { LastHand } from './state';
import { cesa2023, house004, type Ruleset } from '../ruleset/ruleset';
import { Scenario } from '../testing/scenario';

const single = (places: LastHand['places']): LastHand => ({
  places,
  doubleDown: false,
  winningTeam: 'NS',
  foulBy: null,
});
const doubleDown: LastHand = { places: ['S', 'N'], doubleDown: true, winningTeam: 'NS', foulBy: null };

/** A second deal after `last`; NS at level 4 (so the wildcards are ♥4). All four jokers are placed explicitly. */
function secondDeal(last: LastHand, hands: Parameters<Scenario['deal']>[0], ruleset?: Ruleset): Scenario {
  const s = Scenario.create(ruleset).after(last, { NS: 2, EW: 0 });
  const decision = s.deal(hands);
  if (!decision.ok) throw new Error(decision.message);
  return s;
}

describe('single tribute (GD-TRIB-1…3, GD-LEAD-2)', () => {
  const last = single(['S', 'E', 'N', 'W']);
  const hands = { W: ['BJa', 'H4a', 'SAa'], E: ['BJb', 'RJa', 'RJb'], S: ['S9a', 'SKa'] };

  it('GD-TRIB-1: the deal after a non-double-down opens with last place paying first place; no lead yet', () => {
    const s = secondDeal(last, hands);
    expect(s.state.hand?.phase).toBe('tribute');
    expect(s.state.hand?.level).toBe('4'); // DEC-GD-1: first place's pair's level
    expect(s.send({ type: 'PlayCards', seat: 'S', cards: ['S9a'] })).toMatchObject({
      ok: false,
      rule: 'GD-PLAY-2',
    });
  });

  it('GD-TRIB-2, GD-TRIB-8: the tribute is the highest card, never the heart level card (a wrong tribute is refused before play)', () => {
    const s = secondDeal(last, hands);
    expect(s.send({ type: 'GiveTribute', seat: 'W', card: 'SAa' })).toMatchObject({
      ok: false,
      rule: 'GD-TRIB-2',
    });
    expect(s.send({ type: 'GiveTribute', seat: 'W', card: 'H4a' })).toMatchObject({
      ok: false,
      rule: 'GD-TRIB-2',
    });
    expect(s.send({ type: 'GiveTribute', seat: 'E', card: 'RJa' })).toMatchObject({
      ok: false,
      rule: 'GD-TRIB-1',
    });
    expect(s.must({ type: 'GiveTribute', seat: 'W', card: 'BJa' })).toEqual([
      { type: 'TributeGiven', data: { from: 'W', card: 'BJa' } },
      { type: 'TributeAssigned', data: { assignments: [{ from: 'W', to: 'S', card: 'BJa' }] } },
    ]);
    expect(s.hand('S')).toContain('BJa');
  });

  it('GD-TRIB-3, GD-LEAD-2: first place returns any card to an opponent; then the tributer leads', () => {
    const s = secondDeal(last, hands);
    s.must({ type: 'GiveTribute', seat: 'W', card: 'BJa' });
    const events = s.must({ type: 'ReturnTribute', seat: 'S', card: 'SKa' });
    expect(events).toEqual([
      { type: 'TributeReturned', data: { from: 'S', to: 'W', card: 'SKa' } },
      { type: 'LeadAssigned', data: { seat: 'W', reason: 'tributePaid' } },
    ]);
    expect(s.state.hand?.turn).toBe('W');
  });

  it('GD-VAR-004-2, GD-VAR-004-5: under house004 the return is 10 or lower whoever receives it; last place leads', () => {
    const s = secondDeal(last, hands, house004);
    s.must({ type: 'GiveTribute', seat: 'W', card: 'BJa' });
    expect(s.send({ type: 'ReturnTribute', seat: 'S', card: 'SKa' })).toMatchObject({
      ok: false,
      rule: 'GD-TRIB-3',
    });
    expect(s.must({ type: 'ReturnTribute', seat: 'S', card: 'S9a' }).at(-1)).toEqual({
      type: 'LeadAssigned',
      data: { seat: 'W', reason: 'tributePaid' },
    });
  });

  it('GD-VAR-003-8: under cesa2023 even a return to an opponent must be 10 or lower', () => {
    const s = secondDeal(last, hands, cesa2023);
    s.must({ type: 'GiveTribute', seat: 'W', card: 'BJa' });
    expect(s.send({ type: 'ReturnTribute', seat: 'S', card: 'SKa' })).toMatchObject({
      ok: false,
      rule: 'GD-TRIB-3',
    });
    s.must({ type: 'ReturnTribute', seat: 'S', card: 'S9a' });
  });

  it("GD-TRIB-3: a return to one's partner (after +1) must be 10 or lower by face value", () => {
    const s = secondDeal(single(['S', 'E', 'W', 'N']), {
      N: ['BJa', 'SAb'],
      E: ['BJb', 'RJa', 'RJb'],
      S: ['S9a', 'SKa', 'S4a'],
    });
    s.must({ type: 'GiveTribute', seat: 'N', card: 'BJa' });
    expect(s.send({ type: 'ReturnTribute', seat: 'S', card: 'SKa' })).toMatchObject({
      ok: false,
      rule: 'GD-TRIB-3',
    });
    // DEC-GD-8: face value decides, so a 4 (the level card) is returnable.
    expect(s.must({ type: 'ReturnTribute', seat: 'S', card: 'S4a' })[1]).toEqual({
      type: 'LeadAssigned',
      data: { seat: 'N', reason: 'tributePaid' },
    });
  });

  it('DEC-GD-8: with no card of 10 or lower, the return is the lowest card', () => {
    const s = secondDeal(single(['S', 'E', 'W', 'N']), { N: ['BJa'], E: ['BJb', 'RJa', 'RJb'] });
    s.must({ type: 'GiveTribute', seat: 'N', card: 'BJa' });
    s.setHands({ S: ['SJa', 'SQa', 'SKa', 'BJa'] });
    expect(s.send({ type: 'ReturnTribute', seat: 'S', card: 'SQa' })).toMatchObject({
      ok: false,
      rule: 'GD-TRIB-3',
    });
    s.must({ type: 'ReturnTribute', seat: 'S', card: 'SJa' });
  });

  it('GD-TRIB-6, GD-LEAD-4 adversarial: last place holding both big jokers resists; first place leads', () => {
    const s = secondDeal(last, { W: ['RJa', 'RJb'], E: ['BJa', 'BJb'] });
    expect(s.events.slice(-2)).toEqual([
      { type: 'TributeResisted', data: { seats: ['W'] } },
      { type: 'LeadAssigned', data: { seat: 'S', reason: 'antiTribute' } },
    ]);
  });

  it('GD-VAR-004-4: under house004 anti-tribute is claimed, not automatic', () => {
    const s = secondDeal(last, { W: ['RJa', 'RJb'], E: ['BJa', 'BJb'] }, house004);
    expect(s.state.hand?.phase).toBe('tribute');
    expect(s.send({ type: 'ResistTribute', seat: 'E' })).toMatchObject({ ok: false, rule: 'GD-TRIB-6' });
    expect(s.must({ type: 'ResistTribute', seat: 'W' })).toContainEqual({
      type: 'LeadAssigned',
      data: { seat: 'S', reason: 'antiTribute' },
    });
  });
});

describe('tribute time limits (GD-TRIB-7, GD-TIME-2)', () => {
  it('GD-TRIB-7, GD-TIME-2: 15 s to pay (then a warning, a violation 15 s later), 30 s to return', () => {
    const s = secondDeal(single(['S', 'E', 'N', 'W']), { W: ['BJa'], E: ['BJb', 'RJa', 'RJb'] });
    expect(s.send({ type: 'ReportThinkingTime', seat: 'W', seconds: 10, refereeId: 'clock' })).toMatchObject({
      ok: false,
      rule: 'GD-TRIB-7',
    });
    expect(s.send({ type: 'ReportThinkingTime', seat: 'S', seconds: 40, refereeId: 'clock' })).toMatchObject({
      ok: false,
      rule: 'GD-TRIB-7',
    });
    s.must({ type: 'ReportThinkingTime', seat: 'W', seconds: 16, refereeId: 'clock' });
    s.must({ type: 'ReportThinkingTime', seat: 'W', seconds: 31, refereeId: 'clock' });
    s.must({ type: 'GiveTribute', seat: 'W', card: 'BJa' });
    expect(s.send({ type: 'ReportThinkingTime', seat: 'S', seconds: 20, refereeId: 'clock' })).toMatchObject({
      ok: false,
    });
    s.must({ type: 'ReportThinkingTime', seat: 'S', seconds: 30, refereeId: 'clock' });
    expect(s.state.penalties.map((p) => `${p.seat}:${p.sanction}:${p.rule}`)).toEqual([
      'W:warning:GD-TRIB-7',
      'W:violation:GD-TRIB-7',
      'S:warning:GD-TRIB-7',
    ]);
    // The violation suspends W for the first trick (DEC-GD-10): W would lead, so his 下家 S does.
    s.must({ type: 'ReturnTribute', seat: 'S', card: 'S9a' });
    expect(s.state.hand?.turn).toBe('S');
  });
});

describe('double tribute (GD-TRIB-4/5, GD-LEAD-3)', () => {
  it('GD-TRIB-4, GD-LEAD-3, GD-VAR-003-9: the larger tribute goes to first place, the smaller to second; the larger tributer leads', () => {
    const s = secondDeal(doubleDown, { E: ['RJa'], W: ['BJa'], N: ['BJb', 'RJb'] });
    s.must({ type: 'GiveTribute', seat: 'W', card: 'BJa' });
    expect(s.must({ type: 'GiveTribute', seat: 'E', card: 'RJa' }).at(-1)).toEqual({
      type: 'TributeAssigned',
      data: {
        assignments: [
          { from: 'E', to: 'S', card: 'RJa' },
          { from: 'W', to: 'N', card: 'BJa' },
        ],
      },
    });
    s.must({ type: 'ReturnTribute', seat: 'N', card: s.hand('N').find((c) => c.startsWith('S')) ?? 'S2a' });
    const last = s.must({ type: 'ReturnTribute', seat: 'S', card: s.hand('S')[0] ?? 'S2a' });
    expect(last.at(-1)).toEqual({ type: 'LeadAssigned', data: { seat: 'E', reason: 'tributePaid' } });
  });

  it("GD-TRIB-5 adversarial: equal tributes go clockwise (each to his 上家); first place's 下家 leads", () => {
    const s = secondDeal(doubleDown, { E: ['BJa'], W: ['BJb'], N: ['RJa', 'RJb'] });
    s.must({ type: 'GiveTribute', seat: 'E', card: 'BJa' });
    expect(s.must({ type: 'GiveTribute', seat: 'W', card: 'BJb' }).at(-1)).toEqual({
      type: 'TributeAssigned',
      data: {
        assignments: [
          { from: 'E', to: 'S', card: 'BJa' },
          { from: 'W', to: 'N', card: 'BJb' },
        ],
      },
    });
    s.must({ type: 'ReturnTribute', seat: 'S', card: s.hand('S')[0] ?? 'S2a' });
    const done = s.must({ type: 'ReturnTribute', seat: 'N', card: s.hand('N')[0] ?? 'S2a' });
    expect(done.at(-1)).toEqual({ type: 'LeadAssigned', data: { seat: 'E', reason: 'tributePaid' } });
  });

  it('GD-VAR-004-3: under house004, after equal tributes the tributers choose between unequal returns; the taker of the smaller leads', () => {
    const s = secondDeal(
      doubleDown,
      { E: ['BJa'], W: ['BJb'], N: ['RJa', 'RJb', 'D9b'], S: ['S2a'] },
      house004,
    );
    s.must({ type: 'GiveTribute', seat: 'E', card: 'BJa' });
    s.must({ type: 'GiveTribute', seat: 'W', card: 'BJb' });
    s.must({ type: 'ReturnTribute', seat: 'S', card: 'S2a' }); // to E (clockwise pairing)
    expect(s.must({ type: 'ReturnTribute', seat: 'N', card: 'D9b' })).toHaveLength(1); // no lead yet: a choice is due
    expect(s.send({ type: 'ChooseReturn', seat: 'S', card: 'D9b' })).toMatchObject({
      ok: false,
      rule: 'GD-VAR-004-3',
    });
    expect(s.must({ type: 'ChooseReturn', seat: 'W', card: 'S2a' })).toEqual([
      { type: 'ReturnChosen', data: { seat: 'W', card: 'S2a' } },
      { type: 'LeadAssigned', data: { seat: 'W', reason: 'tributePaid' } },
    ]);
    expect(s.hand('W')).toContain('S2a');
    expect(s.hand('E')).toContain('D9b');
  });

  it("GD-VAR-004-3: equal returns need no choice; first place's 下家 leads", () => {
    const s = secondDeal(
      doubleDown,
      { E: ['BJa'], W: ['BJb'], N: ['RJa', 'RJb', 'D9b'], S: ['S9a'] },
      house004,
    );
    s.must({ type: 'GiveTribute', seat: 'E', card: 'BJa' });
    s.must({ type: 'GiveTribute', seat: 'W', card: 'BJb' });
    s.must({ type: 'ReturnTribute', seat: 'S', card: 'S9a' });
    expect(s.must({ type: 'ReturnTribute', seat: 'N', card: 'D9b' }).at(-1)).toEqual({
      type: 'LeadAssigned',
      data: { seat: 'E', reason: 'tributePaid' },
    });
  });

  it('GD-TRIB-6: the two losers holding one big joker each resist together', () => {
    const s = secondDeal(doubleDown, { E: ['RJa'], W: ['RJb'], N: ['BJa', 'BJb'] });
    expect(s.events.slice(-2)).toEqual([
      { type: 'TributeResisted', data: { seats: ['E', 'W'] } },
      { type: 'LeadAssigned', data: { seat: 'S', reason: 'antiTribute' } },
    ]);
  });
});
