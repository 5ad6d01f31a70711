import { doubleDeck, faceOfCard, type CardId } from '@tablecast/cards';
import { describe, expect, it } from 'vitest';
import { replay } from '../engine/replay';
import type { MatchState } from '../engine/state';
import { RULESETS, type RulesetName } from '../ruleset/ruleset';
import { playRandomMatch, type PlayoutStep } from './playout';

/** Every physical card exactly once across the four hands and the cards played this deal. */
function checkConservation(state: MatchState, played: Set<CardId>): void {
  const hand = state.hand;
  if (hand === null || hand.order.length === 0) return;
  const seen = new Map<CardId, number>();
  for (const seat of ['S', 'E', 'N', 'W'] as const)
    for (const c of hand.hands[seat]) seen.set(c, (seen.get(c) ?? 0) + 1);
  for (const c of played) seen.set(c, (seen.get(c) ?? 0) + 1);
  // A tribute handed over but not yet assigned (double tribute, GD-TRIB-4) is on the table.
  if (hand.assignments.length === 0)
    for (const t of hand.tributesGiven) seen.set(t.card, (seen.get(t.card) ?? 0) + 1);
  const deck = doubleDeck();
  expect(seen.size).toBe(108);
  for (const c of deck) if (seen.get(c) !== 1) expect.fail(`card ${c} appears ${seen.get(c) ?? 0} times`);
  const perFace = new Map<string, number>();
  for (const c of seen.keys()) perFace.set(faceOfCard(c), (perFace.get(faceOfCard(c)) ?? 0) + 1);
  expect([...perFace.values()].every((n) => n === 2)).toBe(true);
}

function run(ruleset: RulesetName, matches: number, label: string): number {
  let hands = 0;
  for (let m = 0; m < matches; m += 1) {
    let played = new Set<CardId>();
    const onStep = (step: PlayoutStep): void => {
      for (const event of step.events) {
        if (event.type === 'HandStarted') played = new Set();
        if (event.type === 'CardsPlayed') for (const c of event.data.cards) played.add(c);
      }
      const { levels } = step.after;
      // GD-LVL-1/5: levels stay within 2 … A+.
      expect(levels.NS >= 0 && levels.NS <= 13 && levels.EW >= 0 && levels.EW <= 13).toBe(true);
      checkConservation(step.after, played);
    };
    const result = playRandomMatch({
      ruleset: RULESETS[ruleset],
      seed: `${label}:${m}`,
      maxHands: 40,
      onStep,
    });
    if (!result.ok)
      expect.fail(
        `${result.violation.rule}: ${result.violation.message} for ${JSON.stringify(result.command)}`,
      );
    hands += result.hands;
    const replayed = replay(result.events);
    if (!replayed.ok) expect.fail(`replay failed at ${replayed.index}: ${replayed.rule} ${replayed.message}`);
    expect(replayed.state).toEqual(result.state);
  }
  return hands;
}

describe('random playouts with random legal bots', () => {
  it(
    'GD-PLAY-*, GD-DECK-1, GD-LVL-5: bots never make an illegal move; cards are conserved; replay reproduces state (cga2017)',
    { timeout: 60_000 },
    () => {
      expect(run('cga2017', 20, 'cga')).toBeGreaterThan(0);
    },
  );
});
