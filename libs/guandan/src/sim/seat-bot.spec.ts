import { seededPrng } from '@tablecast/cards';
import { describe, expect, it } from 'vitest';
import type { LastHand } from '../engine/state';
import { SEATS } from '../model/seats';
import { house004 } from '../ruleset/ruleset';
import { Scenario } from '../testing/scenario';
import { guandanSeatBotCommand } from './seat-bot';

const doubleDown: LastHand = { places: ['S', 'N'], doubleDown: true, winningTeam: 'NS', foulBy: null };

/** Each seat's bot move now. */
function moves(s: Scenario): Record<string, unknown> {
  const prng = seededPrng('seat-bot-spec');
  return Object.fromEntries(SEATS.map((seat) => [seat, guandanSeatBotCommand(s.state, seat, prng)]));
}

describe("Guandan's seat bot in the tribute (GD-TRIB-2/4, GD-VAR-004-3)", () => {
  it('pays its highest card as a tributer, and after equal tributes and unequal returns the first tributer in seat order takes the higher return', () => {
    // The deal after a double-down (GD-TRIB-4): E and W pay; each holds one black joker, N both red.
    const s = Scenario.create(house004).after(doubleDown, { NS: 2, EW: 0 });
    const dealt = s.deal({ E: ['BJa'], W: ['BJb'], N: ['RJa', 'RJb', 'D9b'], S: ['S2a'] });
    if (!dealt.ok) throw new Error(dealt.message);
    expect(moves(s)).toEqual({
      S: null,
      N: null,
      E: { type: 'GiveTribute', seat: 'E', card: 'BJa' },
      W: { type: 'GiveTribute', seat: 'W', card: 'BJb' },
    });
    s.must({ type: 'GiveTribute', seat: 'E', card: 'BJa' });
    s.must({ type: 'GiveTribute', seat: 'W', card: 'BJb' });
    s.must({ type: 'ReturnTribute', seat: 'S', card: 'S2a' });
    s.must({ type: 'ReturnTribute', seat: 'N', card: 'D9b' });
    // GD-VAR-004-3: the choice is due; E (before W) takes the 9 over the 2, and only E moves.
    expect(moves(s)).toEqual({
      S: null,
      N: null,
      E: { type: 'ChooseReturn', seat: 'E', card: 'D9b' },
      W: null,
    });
    expect(s.must({ type: 'ChooseReturn', seat: 'E', card: 'D9b' })).toEqual([
      { type: 'ReturnChosen', data: { seat: 'E', card: 'D9b' } },
      // The taker of the smaller return (W, the 2) leads.
      { type: 'LeadAssigned', data: { seat: 'W', reason: 'tributePaid' } },
    ]);
    expect(Object.values(moves(s)).filter((m) => m !== null)).toEqual([
      expect.objectContaining({ seat: 'W' }),
    ]);
  });
});
