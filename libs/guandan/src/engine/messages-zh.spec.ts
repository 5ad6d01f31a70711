import { RANKS, SUITS, type CardId } from '@tablecast/cards';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COMBO_TYPES } from '../model/reading';
import { SEATS } from '../model/seats';
import { cga2017, house004 } from '../ruleset/ruleset';
import { playRandomMatch } from '../sim/playout';
import { Scenario } from '../testing/scenario';
import type { GuandanCommand } from './commands';
import { decide } from './decide';
import type { MatchState } from './state';
import type { RuleViolation } from './violation';

const COMBO_NAME = new RegExp(`\\b(${COMBO_TYPES.join('|')})\\b`, 'i');

/**
 * What may stay in a Chinese message besides Chinese: rule IDs, card notation (H5a, BJ), digits
 * and punctuation, and whatever the command itself carried (a bad card or seat is echoed back).
 */
function nonChineseWords(v: RuleViolation, command: GuandanCommand): string[] {
  let text = v.messageZh;
  for (const value of Object.values(command).flat()) {
    if (typeof value === 'string' && value.length > 0) text = text.split(value).join(' ');
  }
  text = text
    .replace(/GD-[A-Z]+-\d+(-\d+)?|DEC-GD-\d+/g, ' ')
    .replace(/\b(?:[SHCD][2-9TJQKA]|BJ|RJ)[ab]?\b/g, ' ');
  return text.match(/[A-Za-z]{2,}/g) ?? [];
}

function expectChinese(v: RuleViolation, command: GuandanCommand): void {
  expect(v.messageZh, v.message).not.toMatch(COMBO_NAME);
  expect(nonChineseWords(v, command), `${v.rule}: ${v.messageZh}`).toEqual([]);
  expect(v.messageZh).toMatch(/[\u4e00-\u9fff]/);
}

function rejection(s: Scenario, command: GuandanCommand): RuleViolation {
  const decision = s.send(command);
  if (decision.ok) throw new Error(`accepted: ${JSON.stringify(command)}`);
  return decision;
}

describe('every messageZh is Chinese (no English combination names)', () => {
  it('GD-WILD-5: an ambiguous play names the readings in Chinese (三带对 6、三带对 K)', () => {
    const s = Scenario.create();
    s.deal({ S: ['SKa', 'DKa', 'S6b', 'C6a', 'H2a', 'S4a', 'D5a', 'C6b', 'S7a'] }, { cutIndex: 0 });
    const fullHouse: GuandanCommand = {
      type: 'PlayCards',
      seat: 'S',
      cards: ['SKa', 'DKa', 'S6b', 'C6a', 'H2a'],
    };
    const v = rejection(s, fullHouse);
    expect(v).toMatchObject({ rule: 'GD-WILD-5', messageZh: '牌型有多种解读，须声明（三带对 6、三带对 K）' });
    expectChinese(v, fullHouse);
    const straight: GuandanCommand = {
      type: 'PlayCards',
      seat: 'S',
      cards: ['S4a', 'D5a', 'C6b', 'S7a', 'H2a'],
    };
    const w = rejection(s, straight);
    expect(w.rule).toBe('GD-WILD-5');
    expect(w.messageZh).toContain('顺子 8');
    expectChinese(w, straight);
  });

  it('GD-DECK-1, GD-PEN-11, GD-PEN-12, GD-CMP-2, GD-PEN-3: the messages with details are Chinese too', () => {
    const s = Scenario.create();
    const shortDeck: GuandanCommand = { type: 'DealCards', order: ['S3a'] as CardId[], salt: 'x', now: 0 };
    const deck = rejection(s, shortDeck);
    expect(deck).toMatchObject({
      rule: 'GD-DECK-1',
      messageZh: '牌序不是完整的两副牌：牌序应有108张牌，实有1张',
    });
    expectChinese(deck, shortDeck);
    s.must({ type: 'IssuePenalty', seat: 'E', sanction: 'warning', rule: 'GD-RPT-3', refereeId: 'r' });
    const between: GuandanCommand = {
      type: 'IssuePenalty',
      seat: 'W',
      sanction: 'warning',
      rule: 'GD-RPT-3',
      refereeId: 'r',
    };
    expectChinese(rejection(s, between), between);
    s.deal({ S: ['S3a', 'S4a', 'D9a', 'C9a'], E: ['S5a', 'D5a'] }, { cutIndex: 0 });
    const outOfTurn: GuandanCommand = { type: 'PlayCards', seat: 'N', cards: s.hand('N').slice(0, 1) };
    expect(rejection(s, outOfTurn)).toMatchObject({
      rule: 'GD-PEN-11',
      messageZh: '现在轮到南家出牌，不是北家（越序出牌）',
    });
    const earlyPass: GuandanCommand = { type: 'Pass', seat: 'W' };
    expectChinese(rejection(s, earlyPass), earlyPass);
    s.must({ type: 'PlayCards', seat: 'S', cards: ['D9a', 'C9a'] });
    const lower: GuandanCommand = { type: 'PlayCards', seat: 'E', cards: ['S5a', 'D5a'] };
    const cmp = rejection(s, lower);
    expect(cmp).toMatchObject({ rule: 'GD-CMP-2', messageZh: '须出同牌型、同张数且更大的牌，或炸弹' });
    expectChinese(cmp, lower);
  });

  it('property: every rejection of a random command or of random cards from the hand on turn, in every phase, has a Chinese message', () => {
    const states: MatchState[] = [];
    let step = 0;
    for (const [i, ruleset] of [cga2017, house004].entries()) {
      playRandomMatch({
        ruleset,
        seed: `zh-${i}`,
        maxHands: 3,
        onStep: ({ after }) => {
          step += 1;
          if (step % 4 === 0) states.push(after);
        },
      });
    }
    const reading = fc.record({
      type: fc.constantFrom(...COMBO_TYPES),
      rank: fc.option(fc.constantFrom(...RANKS), { nil: undefined }),
      length: fc.integer({ min: 1, max: 10 }),
      suit: fc.option(fc.constantFrom(...SUITS), { nil: undefined }),
    });
    const rules = new Set<string>();
    fc.assert(
      fc.property(
        fc.nat(),
        fc.constantFrom(...SEATS),
        fc.array(fc.nat(), { minLength: 1, maxLength: 6 }),
        fc.option(reading, { nil: undefined }),
        fc.constantFrom('PlayCards', 'Pass', 'GiveTribute', 'ReturnTribute', 'ReportThinkingTime'),
        (pick, seat, picks, as, kind) => {
          const state = states[pick % states.length];
          if (state?.hand == null) return;
          const onTurn = state.hand.turn ?? seat;
          const held = state.hand.hands[kind === 'PlayCards' ? onTurn : seat];
          const cards = [...new Set(picks.map((k) => held[k % Math.max(1, held.length)]))].filter(
            (c): c is CardId => c !== undefined,
          );
          const command: GuandanCommand =
            kind === 'PlayCards'
              ? { type: 'PlayCards', seat: onTurn, cards, as }
              : kind === 'Pass'
                ? { type: 'Pass', seat }
                : kind === 'ReportThinkingTime'
                  ? { type: kind, seat, seconds: picks[0] ?? 0, refereeId: 'clock' }
                  : { type: kind, seat, card: cards[0] ?? 'S3a' };
          const decision = decide(command, state);
          if (decision.ok) return;
          rules.add(decision.rule);
          expectChinese(decision, command);
        },
      ),
      { numRuns: 3000 },
    );
    // The sample reaches the rejections this issue is about.
    expect([...rules]).toEqual(expect.arrayContaining(['GD-COMBO-11', 'GD-CMP-2', 'GD-WILD-5']));
  });
});
