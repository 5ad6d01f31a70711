import {
  doubleDeck,
  doubleDeckProblem,
  faceOfCard,
  nextBelow,
  seededPrng,
  seededShuffle,
  deckCommitment,
  type CardId,
} from '@tablecast/cards';
import { levelRank } from '../model/levels';
import { SEATS, nextSeat, otherTeam, seatsOf, type Seat } from '../model/seats';
import type { DealCards } from './commands';
import { Emitter, type FoldedDecision } from './emitter';
import type { MatchState, PerSeat } from './state';
import { violation } from './violation';

/**
 * DealCards: a new deal (GD-DEAL-*). Emits HandStarted, DeckCommitted (public commitment to the
 * order) and CardsDealt (staff-only), then whatever needs no player input: the first lead by the
 * turned card (GD-LEAD-1, DEC-GD-3) or an automatic anti-tribute (GD-TRIB-6).
 */
export function decideDeal(cmd: DealCards, state: MatchState): FoldedDecision {
  if (state.status !== 'betweenHands') {
    return violation(
      'GD-PLAY-6',
      'a deal can start only between deals of a live game',
      '只有在两副牌之间才能开始新的一副牌',
    );
  }
  const { format } = state;
  if (format.kind === 'timed' || format.kind === 'timedOrFixedDeals') {
    if (state.timeCalled || cmd.now >= state.startsAt + format.minutes * 60_000) {
      return violation(
        'GD-FMT-3',
        'time is up: no new deal may start; call time',
        '比赛时间已到，不得开始新的一副牌',
      );
    }
  }
  if ((cmd.seed === undefined) === (cmd.order === undefined)) {
    return violation(
      'GD-DEAL-5',
      'give either a shuffle seed or an entered deal order',
      '须提供洗牌种子或录入的牌序（二者之一）',
    );
  }
  const order: CardId[] =
    cmd.seed !== undefined ? seededShuffle(doubleDeck(), cmd.seed) : [...(cmd.order ?? [])];
  const problem = doubleDeckProblem(order);
  if (problem !== null) {
    return violation(
      'GD-DECK-1',
      `not a full double deck: ${problem.message}`,
      `牌序不是完整的两副牌：${problem.messageZh}`,
    );
  }

  const last = state.lastHand;
  const handNumber = state.handsPlayed + 1;
  // DEC-GD-1: the level of the previous deal's first place's pair (after a foul, the non-offenders).
  // A game's first deal is played at the level both pairs start from: 2 (GD-LVL-2), or, for the
  // extra deal on top of a level game, the level they stood on together (DEC-GD-15).
  const levelTeam = last === null ? null : last.winningTeam;
  const level = levelRank(levelTeam === null ? state.levels.NS : state.levels[levelTeam]);
  const tribute = last?.foulBy !== null ? 'none' : last.doubleDown ? 'double' : 'single';
  const designatingTeam = last?.foulBy != null ? otherTeam(last.foulBy) : null;
  // GD-DEAL-3: last place draws first; after a double-down, first place's 下家. GD-DEAL-5: in the
  // first deal (and after a foul) the machine's own procedure starts at S.
  const first = last?.places[0];
  const firstDrawer: Seat =
    last?.foulBy !== null || first === undefined
      ? 'S'
      : last.doubleDown
        ? nextSeat(first)
        : (last.places[3] ?? 'S');
  const hands = dealOut(order, firstDrawer);

  const em = new Emitter(state);
  em.emit({
    type: 'HandStarted',
    data: {
      handNumber,
      level,
      levelTeam,
      levels: state.levels,
      tribute,
      designatingTeam,
      startedAt: cmd.now,
    },
  });
  em.emit({ type: 'DeckCommitted', data: { handNumber, commitment: deckCommitment(order, cmd.salt) } });
  em.emit({
    type: 'CardsDealt',
    data: { handNumber, seed: cmd.seed ?? null, order, salt: cmd.salt, firstDrawer, hands },
  });

  if (last === null) {
    const cut = turnCard(order, cmd, state.ruleset.recutFaces);
    if (cut === null) {
      return violation(
        'GD-DEAL-1',
        'the turned card must be cut and turned again (joker)',
        '翻出的牌是王（或规程规定的牌），须重切重翻',
      );
    }
    const holder = SEATS.find((s) => hands[s].includes(cut.card)) ?? 'S';
    em.emit({ type: 'FirstLeadCut', data: { ...cut, seat: holder } });
    em.emit({ type: 'LeadAssigned', data: { seat: holder, reason: 'cutCard' } });
  } else if (tribute !== 'none' && state.ruleset.antiTribute === 'automatic') {
    const resisters = antiTributeSeats(hands, tributers(state));
    if (resisters !== null) {
      em.emit({ type: 'TributeResisted', data: { seats: resisters } });
      em.emit({ type: 'LeadAssigned', data: { seat: first ?? 'S', reason: 'antiTribute' } });
    }
  }
  return em.done();
}

function dealOut(order: readonly CardId[], firstDrawer: Seat): PerSeat<CardId[]> {
  const hands: PerSeat<CardId[]> = { S: [], E: [], N: [], W: [] };
  let seat = firstDrawer;
  for (const card of order) {
    hands[seat].push(card);
    seat = nextSeat(seat); // GD-DEAL-2: one at a time, counter-clockwise.
  }
  return hands;
}

/** DEC-GD-3: the turned card is a recorded index; a joker (or ♥2 under 003) is cut and turned again. */
function turnCard(
  order: readonly CardId[],
  cmd: DealCards,
  recutFaces: readonly string[],
): { cutIndex: number; card: CardId; recuts: number[] } | null {
  const mustRecut = (i: number): boolean => recutFaces.includes(faceOfCard(order[i] ?? 'RJa'));
  if (cmd.cutIndex !== undefined) {
    const card = order[cmd.cutIndex];
    if (card === undefined || mustRecut(cmd.cutIndex)) return null;
    return { cutIndex: cmd.cutIndex, card, recuts: [] };
  }
  // Derived from the salt, which is recorded, so the choice is reproducible and not the engine's.
  const prng = seededPrng(`cut:${cmd.salt}`);
  const recuts: number[] = [];
  for (;;) {
    const i = nextBelow(prng, order.length);
    const card = order[i];
    if (card !== undefined && !mustRecut(i)) return { cutIndex: i, card, recuts };
    recuts.push(i);
  }
}

/** GD-TRIB-1/4: last place pays; after a double-down, both losers. */
export function tributers(state: MatchState): readonly Seat[] {
  const last = state.lastHand;
  if (last === null) return [];
  if (last.doubleDown) return seatsOf(otherTeam(last.winningTeam));
  const lastPlace = last.places[3];
  return lastPlace === undefined ? [] : [lastPlace];
}

/** GD-TRIB-6: the tributers between them hold both big jokers. */
export function antiTributeSeats(hands: PerSeat<readonly CardId[]>, payers: readonly Seat[]): Seat[] | null {
  const holders = payers.filter((s) => hands[s].some((c) => faceOfCard(c) === 'RJ'));
  const count = payers.reduce((n, s) => n + hands[s].filter((c) => faceOfCard(c) === 'RJ').length, 0);
  return count === 2 ? holders : null;
}
