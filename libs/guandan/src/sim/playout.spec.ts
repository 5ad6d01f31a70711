import { doubleDeck, faceOfCard, seededPrng, nextBelow, type CardId } from '@tablecast/cards';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { classify } from '../combos/classify';
import { legalPlays } from '../combos/legal-plays';
import { decide } from '../engine/decide';
import { replay } from '../engine/replay';
import type { MatchState } from '../engine/state';
import { readingKey } from '../model/reading';
import { SEATS } from '../model/seats';
import { RULESETS, RULESET_NAMES, type RulesetName } from '../ruleset/ruleset';
import { playRandomMatch, type PlayoutStep } from './playout';
import { physical } from './random-bot';

/**
 * A fresh seed each run, so the random playouts below reach games the fixed seeds never do. It is
 * in the test's name, so a failure names it; PLAYOUT_SEED=<seed> replays that run.
 */
const RUN_SEED = process.env.PLAYOUT_SEED ?? randomBytes(4).toString('hex');

const cardIndex = new Map<CardId, number>(doubleDeck().map((c, i) => [c, i]));

/** GD-DECK-1: every physical card exactly once across the hands, the cards played and tributes in transit. */
function conservationProblem(state: MatchState, played: ReadonlySet<CardId>): string | null {
  const hand = state.hand;
  if (hand === null || hand.order.length === 0) return null;
  const seen = new Uint8Array(108);
  const mark = (c: CardId): void => {
    const i = cardIndex.get(c);
    if (i !== undefined) seen[i] = (seen[i] ?? 0) + 1;
  };
  for (const seat of SEATS) hand.hands[seat].forEach(mark);
  played.forEach(mark);
  if (hand.assignments.length === 0) for (const t of hand.tributesGiven) mark(t.card);
  const bad = seen.findIndex((n) => n !== 1);
  return bad < 0 ? null : `card ${doubleDeck()[bad] ?? '?'} appears ${seen[bad] ?? 0} times`;
}

const playKey = (cards: readonly string[], reading: Parameters<typeof readingKey>[0]): string =>
  `${[...cards].sort().join(' ')}|${readingKey(reading)}`;

interface Tally {
  hands: number;
  steps: number;
  acceptedProbes: number;
  listedChecked: number;
}

/**
 * Plays `matches` random games and checks invariants. `deep` checks every step (conservation,
 * level bounds, and that random plays the decider accepts are among legalPlays); otherwise only
 * at the end of each deal. Every game is replayed and must reproduce the live state.
 */
function playMany(ruleset: RulesetName, matches: number, label: string, deep: boolean): Tally {
  const tally: Tally = { hands: 0, steps: 0, acceptedProbes: 0, listedChecked: 0 };
  const probe = seededPrng(`probe:${label}`);
  for (let m = 0; m < matches; m += 1) {
    let played = new Set<CardId>();
    const onStep = ({ events, after }: PlayoutStep): void => {
      tally.steps += 1;
      for (const event of events) {
        if (event.type === 'HandStarted') played = new Set();
        if (event.type === 'CardsPlayed') for (const c of event.data.cards) played.add(c);
      }
      // Light mode checks at each trick's end and deal's end; deep mode at every step.
      if (!deep && !events.some((e) => e.type === 'TrickWon' || e.type === 'HandEnded')) return;
      // GD-LVL-1/5: levels stay within 2 … A+.
      const { NS, EW } = after.levels;
      if (NS < 0 || NS > 13 || EW < 0 || EW > 13) expect.fail(`levels out of range ${NS}/${EW}`);
      const problem = conservationProblem(after, played);
      if (problem !== null) expect.fail(problem);
      if (deep) probeAcceptedPlays(after, probe, tally);
    };
    const result = playRandomMatch({
      ruleset: RULESETS[ruleset],
      seed: `${label}:${m}`,
      maxHands: 30,
      onStep,
    });
    if (!result.ok)
      expect.fail(
        `${result.violation.rule}: ${result.violation.message} for ${JSON.stringify(result.command)}`,
      );
    tally.hands += result.hands;
    if (!deep && m % 5 !== 0) continue; // light mode replays every fifth game, to keep CI fast
    const replayed = replay(result.events);
    if (!replayed.ok) expect.fail(`replay failed at ${replayed.index}: ${replayed.rule} ${replayed.message}`);
    expect(replayed.state).toEqual(result.state);
  }
  return tally;
}

/** Every play the decider accepts is one legalPlays lists (random subsets of the hand on turn). */
function probeAcceptedPlays(state: MatchState, prng: ReturnType<typeof seededPrng>, tally: Tally): void {
  const hand = state.hand;
  const seat = hand?.turn;
  if (hand?.phase !== 'play' || seat == null) return;
  const held = hand.hands[seat];
  const size = 1 + nextBelow(prng, Math.min(6, held.length));
  const pool = [...held];
  const cards: CardId[] = [];
  for (let i = 0; i < size; i += 1) cards.push(...pool.splice(nextBelow(prng, pool.length), 1));
  const faces = cards.map(faceOfCard);
  const plays = legalPlays(held.map(faceOfCard), hand.trick?.last?.as ?? null, hand.level, state.ruleset);
  const listed = new Set(plays.map((p) => playKey(p.cards, p.as)));
  // Every enumerated legal play is accepted by decide (a sample of up to 10 per step).
  for (let k = 0; k < Math.min(10, plays.length); k += 1) {
    const play = plays[nextBelow(prng, plays.length)];
    if (play === undefined) continue;
    const decision = decide(
      { type: 'PlayCards', seat, cards: physical(held, play.cards), as: play.as },
      state,
    );
    if (!decision.ok)
      expect.fail(`listed but refused (${decision.rule}): ${play.cards.join(' ')} as ${readingKey(play.as)}`);
    tally.listedChecked += 1;
  }
  for (const reading of classify(faces, hand.level, state.ruleset)) {
    if (decide({ type: 'PlayCards', seat, cards, as: reading }, state).ok) {
      tally.acceptedProbes += 1;
      if (!listed.has(playKey(faces, reading)))
        expect.fail(`accepted but not listed: ${faces.join(' ')} as ${readingKey(reading)}`);
    }
  }
}

describe('random playouts with random legal bots', () => {
  for (const name of RULESET_NAMES) {
    it(
      `GD-PLAY-*, GD-DECK-1, GD-LVL-5 (${name}): bots never make an illegal move; every step conserves cards; listed plays are accepted and accepted plays listed; replay reproduces state`,
      { timeout: 120_000 },
      () => {
        const tally = playMany(name, 8, `deep-${name}`, true);
        expect(tally.hands).toBeGreaterThan(50);
        expect(tally.acceptedProbes).toBeGreaterThan(100);
        expect(tally.listedChecked).toBeGreaterThan(1000);
      },
    );
    it(
      `GD-PLAY-*, GD-DECK-1, GD-LVL-5 (${name}, run seed ${RUN_SEED}): the same checks on 3 games no earlier run played`,
      { timeout: 120_000 },
      () => {
        const tally = playMany(name, 3, `deep-${name}@${RUN_SEED}`, true);
        expect(tally.hands).toBeGreaterThan(0);
        expect(tally.listedChecked).toBeGreaterThan(0);
      },
    );
  }

  it(
    '10,000 random hands across the three rulesets: every bot move accepted, cards conserved, replays reproduce state',
    { timeout: 240_000 },
    () => {
      let hands = 0;
      for (let round = 0; hands < 10_000; round += 1) {
        const name = RULESET_NAMES[round % RULESET_NAMES.length] ?? 'cga2017';
        hands += playMany(name, 10, `bulk-${round}`, false).hands;
      }
      expect(hands).toBeGreaterThanOrEqual(10_000);
    },
  );
});
