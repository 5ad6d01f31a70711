import {
  faceOfCard,
  isJoker,
  nextBelow,
  rankIndex,
  rankOf,
  type CardId,
  type Prng,
  type Rank,
} from '@tablecast/cards';
import {
  legalPlays,
  partnerOf,
  physical,
  randomLegalCommand,
  rankPower,
  teamOf,
  isBombClass,
  type GuandanCommand,
  type MatchState,
  type Play,
  type Seat,
} from '@tablecast/guandan';
import { playCost, rankCounts } from './play-choice';

/**
 * A seat player good enough that a Guandan player watching would not laugh: it leads low and long,
 * lets its partner's winning play stand, beats opponents cheaply, saves bombs for an opponent
 * close to going out, gives the tribute the rules demand and returns its lowest allowed card.
 * Deterministic given the PRNG (ties are broken with it).
 */
export function sensibleCommand(state: MatchState, prng: Prng): GuandanCommand | null {
  const hand = state.hand;
  if (hand === null) return null;
  // The seat to play's legal plays, derived once: the random bot below draws from them as well.
  const seat = hand.phase === 'play' ? hand.turn : null;
  const held = seat === null ? [] : hand.hands[seat];
  const toBeat = hand.trick?.last ?? null;
  const plays =
    seat === null ? [] : legalPlays(held.map(faceOfCard), toBeat?.as ?? null, hand.level, state.ruleset);
  // Tribute and designation: the legal command is fixed by the rules except which card to return.
  const forced = randomLegalCommand(state, prng, 0, plays);
  if (forced === null) return null;
  if (forced.type === 'ReturnTribute')
    return { ...forced, card: lowestReturn(state, forced.seat, forced.card) };
  if (forced.type !== 'PlayCards' && forced.type !== 'Pass') return forced;

  if (seat === null) return forced;
  if (plays.length === 0) return { type: 'Pass', seat };

  // Going out now is always right.
  const finishing = plays.find((p) => p.cards.length === held.length);
  if (finishing) return playCommand(seat, held, finishing);

  if (toBeat !== null) {
    const partnerWinning = toBeat.seat === partnerOf(seat);
    if (partnerWinning) return { type: 'Pass', seat };
    const danger = opponentNearlyOut(state, seat);
    const candidates = plays.filter((p) => danger || !isBombClass(p.as.type));
    if (candidates.length === 0) return { type: 'Pass', seat };
    const best = cheapest(candidates, held, hand.level, prng);
    // A big card on a small trick early in the deal is a waste: pass unless the trick matters.
    const cost = playCost(best, held, hand.level);
    if (!danger && cost > 1_000 && held.length > 10) return { type: 'Pass', seat };
    return playCommand(seat, held, best);
  }
  const leads = plays.filter((p) => !isBombClass(p.as.type));
  return playCommand(seat, held, cheapest(leads.length > 0 ? leads : plays, held, hand.level, prng));
}

function cheapest(plays: readonly Play[], held: readonly CardId[], level: Rank, prng: Prng): Play {
  let best: Play[] = [];
  let bestCost = Number.POSITIVE_INFINITY;
  // The hand's ranks are counted once for all its plays, not once a play.
  const counts = rankCounts(held);
  for (const play of plays) {
    const cost = playCost(play, held, level, counts);
    if (cost < bestCost) {
      best = [play];
      bestCost = cost;
    } else if (cost === bestCost) best.push(play);
  }
  const chosen = best[nextBelow(prng, best.length)];
  if (chosen === undefined) throw new Error('cheapest: no play to choose from');
  return chosen;
}

function playCommand(seat: Seat, held: readonly CardId[], play: Play): GuandanCommand {
  return { type: 'PlayCards', seat, cards: physical(held, play.cards), as: play.as };
}

/** An opponent with a handful of cards left (at or under the report threshold, GD-RPT-1). */
function opponentNearlyOut(state: MatchState, seat: Seat): boolean {
  const hand = state.hand;
  if (hand === null) return false;
  return (['S', 'E', 'N', 'W'] as const).some(
    (other) =>
      teamOf(other) !== teamOf(seat) &&
      hand.hands[other].length > 0 &&
      hand.hands[other].length <= Math.min(6, state.ruleset.reportThreshold),
  );
}

/**
 * The lowest card the returner may give back (GD-TRIB-3, DEC-GD-8: face value 2…10 unless the
 * ruleset says otherwise); the random bot already found a legal one, used when nothing lower is.
 */
function lowestReturn(state: MatchState, seat: Seat, legal: CardId): CardId {
  const hand = state.hand;
  if (hand === null) return legal;
  const assignment = hand.assignments.find((a) => a.to === seat);
  const limits = state.ruleset.returnTributeMaxFace;
  const max = assignment && teamOf(assignment.from) === teamOf(seat) ? limits.toPartner : limits.toOpponent;
  const faceValue = (card: CardId): number => {
    const face = faceOfCard(card);
    return isJoker(face) ? 99 : rankIndex(rankOf(face)) + 2;
  };
  const power = (card: CardId): number => {
    const face = faceOfCard(card);
    return rankPower(isJoker(face) ? face : rankOf(face), hand.level);
  };
  const allowed = hand.hands[seat].filter((card) => max === null || faceValue(card) <= max);
  const pool = allowed.length > 0 ? allowed : [legal];
  return pool.reduce((low, card) => (power(card) < power(low) ? card : low));
}
