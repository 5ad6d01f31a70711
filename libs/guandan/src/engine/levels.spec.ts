import { describe, expect, it } from 'vitest';
import type { GuandanEvent } from '../events/catalog';
import { cesa2023, house004, type Ruleset } from '../ruleset/ruleset';
import { Scenario } from '../testing/scenario';
import type { LastHand, PerTeam } from './state';

/**
 * A deal after `last` in which the previous last place holds both big jokers, so anti-tribute
 * (GD-TRIB-6) hands the lead straight to first place (S) and play starts at once.
 */
function dealAfter(s: Scenario, last: LastHand, levels?: PerTeam<number>): void {
  s.after(last, levels);
  const payer = last.places[3] ?? 'W';
  const decision = s.deal({ [payer]: ['RJa', 'RJb'] });
  if (!decision.ok) throw new Error(decision.message);
  resistIfOptional(s, payer);
}

/** GD-VAR-004-4: where anti-tribute must be claimed, the holder claims it. */
function resistIfOptional(s: Scenario, payer: 'S' | 'E' | 'N' | 'W'): void {
  if (s.state.hand?.phase === 'tribute') s.must({ type: 'ResistTribute', seat: payer });
}

/** S goes out first, E second, W third: N is last (+1 for NS). */
function sFirstPartnerLast(s: Scenario): readonly GuandanEvent[] {
  s.setHands({ S: ['SAa'], E: ['BJa'], W: ['BJb'], N: ['S3a', 'S4a'] });
  s.must({ type: 'PlayCards', seat: 'S', cards: ['SAa'] });
  s.must({ type: 'PlayCards', seat: 'E', cards: ['BJa'] });
  s.must({ type: 'Pass', seat: 'N' });
  s.must({ type: 'Pass', seat: 'W' });
  return s.must({ type: 'PlayCards', seat: 'W', cards: ['BJb'] });
}

/** S then N go out: a double-down for NS (+3). */
function doubleDownNS(s: Scenario): readonly GuandanEvent[] {
  s.setHands({ S: ['SAa'], N: ['BJa'] });
  s.must({ type: 'PlayCards', seat: 'S', cards: ['SAa'] });
  s.must({ type: 'Pass', seat: 'E' });
  return s.must({ type: 'PlayCards', seat: 'N', cards: ['BJa'] });
}

const nsWon = (places: LastHand['places']): LastHand => ({
  places,
  doubleDown: false,
  winningTeam: 'NS',
  foulBy: null,
});
const ended = (events: readonly GuandanEvent[]) => events.find((e) => e.type === 'HandEnded');

function at(levels: PerTeam<number>, last: LastHand, ruleset?: Ruleset): Scenario {
  const s = Scenario.create(ruleset);
  dealAfter(s, last, levels);
  return s;
}

describe('levels (GD-LVL-*, DEC-GD-1/2)', () => {
  it("GD-LVL-3, DEC-GD-1: the deal is played at the level of the previous first place's pair", () => {
    const s = at({ NS: 3, EW: 8 }, { ...nsWon(['E', 'S', 'W', 'N']), winningTeam: 'EW' });
    expect(s.state.hand?.level).toBe('T');
    expect(s.state.hand?.levelTeam).toBe('EW');
  });

  it('GD-LVL-5, DEC-GD-2: a level-up never jumps past A (K + 3 = A)', () => {
    const s = at({ NS: 11, EW: 0 }, nsWon(['S', 'E', 'W', 'N']));
    expect(ended(doubleDownNS(s))).toMatchObject({
      data: { levelUp: 1, levelsAfter: { NS: 12, EW: 0 }, passedAce: null },
    });
  });

  it('GD-LVL-5, GD-FMT-1: at its own A, first place with partner not last passes A and wins the game', () => {
    const s = at({ NS: 12, EW: 4 }, nsWon(['S', 'E', 'W', 'N']));
    expect(s.state.hand?.level).toBe('A');
    const events = doubleDownNS(s);
    expect(ended(events)).toMatchObject({ data: { levelsAfter: { NS: 13, EW: 4 }, passedAce: 'NS' } });
    expect(events.at(-1)).toMatchObject({
      type: 'MatchEnded',
      data: {
        reason: 'pastAce',
        winner: 'NS',
        matchPoints: { NS: 20, EW: 0 },
        levelPoints: { NS: 22, EW: 4 },
      },
    });
    expect(s.send({ type: 'DealCards', seed: 'x', salt: 'y', now: 0 })).toMatchObject({
      ok: false,
      rule: 'GD-FMT-1',
    });
  });

  it('GD-LVL-5: at A, winning with the partner last keeps the pair at A (A must be played again)', () => {
    const s = at({ NS: 12, EW: 4 }, nsWon(['S', 'E', 'W', 'N']));
    expect(ended(sFirstPartnerLast(s))).toMatchObject({
      data: { levelsAfter: { NS: 12, EW: 4 }, levelUp: 0 },
    });
    expect(s.state.status).toBe('betweenHands');
  });

  it("GD-LVL-6: a pair at A that wins a deal played at the other pair's level stays at A", () => {
    const s = at({ NS: 12, EW: 4 }, { ...nsWon(['E', 'S', 'W', 'N']), winningTeam: 'EW' });
    expect(s.state.hand?.level).toBe('6');
    s.setHands({ E: ['S3a', 'S4a'], N: ['SAa'], S: ['BJa'] });
    s.must({ type: 'PlayCards', seat: 'E', cards: ['S3a'] });
    s.must({ type: 'PlayCards', seat: 'N', cards: ['SAa'] });
    s.must({ type: 'Pass', seat: 'W' });
    const events = s.must({ type: 'PlayCards', seat: 'S', cards: ['BJa'] });
    expect(ended(events)).toMatchObject({
      data: { places: ['N', 'S'], levelsAfter: { NS: 12, EW: 4 }, passedAce: null },
    });
  });

  it('GD-VAR-004-6: under house004 three failures at A send the pair back to 2; cga2017 has no such rule', () => {
    const failThrice = (ruleset: Ruleset): GuandanEvent | undefined => {
      const s = at({ NS: 12, EW: 4 }, nsWon(['S', 'E', 'W', 'N']), ruleset);
      let last = ended(sFirstPartnerLast(s));
      for (let i = 0; i < 2; i += 1) {
        s.deal({ N: ['RJa', 'RJb'] }); // N was last and resists: S leads again at NS's A
        resistIfOptional(s, 'N');
        last = ended(sFirstPartnerLast(s));
      }
      return last;
    };
    expect(failThrice(house004)).toMatchObject({
      data: { levelsAfter: { NS: 0, EW: 4 }, aFailures: { NS: 0 } },
    });
    expect(failThrice(Scenario.create().state.ruleset)).toMatchObject({
      data: { levelsAfter: { NS: 12, EW: 4 }, aFailures: { NS: 0 } },
    });
  });

  it("GD-DEAL-3: after a deal, last place draws first; after a double-down, first place's 下家", () => {
    const s = at({ NS: 0, EW: 0 }, nsWon(['S', 'E', 'N', 'W']));
    const dealt = s.events.find((e) => e.type === 'CardsDealt');
    expect(dealt).toMatchObject({ data: { firstDrawer: 'W' } });
    const d = Scenario.create();
    d.after({ places: ['S', 'N'], doubleDown: true, winningTeam: 'NS', foulBy: null });
    d.deal({ E: ['RJa'], W: ['RJb'] });
    expect(d.events.find((e) => e.type === 'CardsDealt')).toMatchObject({ data: { firstDrawer: 'E' } });
  });
});

describe('cesa2023 level-up (GD-VAR-003-3)', () => {
  it('GD-VAR-003-3: the same +3 for a double-down, starting from 2', () => {
    const s = Scenario.create(cesa2023);
    s.deal({ S: ['S3a'] }, { cutIndex: 0 });
    expect(s.state.hand?.level).toBe('2');
    expect(ended(doubleDownNS(s))).toMatchObject({ data: { levelUp: 3, levelsAfter: { NS: 3, EW: 0 } } });
  });
});
