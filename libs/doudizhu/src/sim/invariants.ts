import { compareDdzFaces, ddzRank, faceIndex, nextBelow, type Face, type Prng } from '@tablecast/cards';
import type { PlayReading } from '../engine/commands';
import { decideDoudizhu } from '../engine/decide';
import { legalPlaysFor } from '../engine/rules-port';
import type { DoudizhuState } from '../engine/state';

/** A play up to suits: its ranks and its reading (plays that differ only in suits are one play). */
export function playKey(cards: readonly Face[], as: PlayReading): string {
  const ranks = cards.map(ddzRank).sort((a, b) => a - b);
  return `${ranks.join('.')}|${as.type}:${as.rank ?? '-'}:${String(as.length)}`;
}

/**
 * Every card in exactly one place: a hand, the unrevealed kitty, or played in this deal. Counts
 * per face in a 54-slot table (this runs after every step of every random board).
 */
export function cardsInOnePlace(state: DoudizhuState, played: readonly Face[]): boolean {
  const board = state.board;
  if (board === null) return true;
  const seen = new Uint8Array(54);
  let count = 0;
  const mark = (cards: readonly Face[]): void => {
    for (const card of cards) {
      seen[faceIndex(card)] = 1;
      count += 1;
    }
  };
  for (const hand of board.hands) mark(hand);
  if (!board.kittyRevealed) mark(board.kitty);
  mark(played);
  return count === 54 && seen.every((x) => x === 1);
}

export interface LegalityFinding {
  readonly listedRefused: string[];
  readonly acceptedUnlisted: string[];
  checked: number;
}

/**
 * The legal-play list and the decider agree on the player on turn: `sample` listed plays are each
 * accepted, and `probes` random card sets drawn from the hand are accepted only if listed.
 */
export function checkLegality(
  state: DoudizhuState,
  prng: Prng,
  sample: number,
  probes: number,
): LegalityFinding {
  const finding: LegalityFinding = { listedRefused: [], acceptedUnlisted: [], checked: 0 };
  const board = state.board;
  const seat = board?.turn;
  if (board?.phase !== 'play' || seat === null || seat === undefined) return finding;
  const hand = board.hands[seat];
  const toBeat = board.trick?.last?.as ?? null;
  const listed = legalPlaysFor(hand, toBeat);
  const keys = new Set(listed.map((p) => playKey(p.cards, p.as)));
  if (keys.size !== listed.length) finding.listedRefused.push('a play is listed twice');
  const picks =
    listed.length <= sample
      ? listed
      : Array.from({ length: sample }, () => listed[nextBelow(prng, listed.length)]);
  for (const play of picks) {
    if (play === undefined) continue;
    finding.checked += 1;
    const decision = decideDoudizhu({ type: 'PlayCards', seat, cards: play.cards, as: play.as }, state);
    if (!decision.ok) finding.listedRefused.push(`${playKey(play.cards, play.as)}: ${decision.rule}`);
  }
  for (let i = 0; i < probes; i += 1) {
    const cards = probe(hand, prng);
    finding.checked += 1;
    const decision = decideDoudizhu({ type: 'PlayCards', seat, cards }, state);
    const first = decision.ok ? decision.events[0] : undefined;
    if (first?.type === 'CardsPlayed' && !keys.has(playKey(cards, first.data.as))) {
      finding.acceptedUnlisted.push(playKey(cards, first.data.as));
    }
  }
  return finding;
}

/** A random set of cards from the hand, grouped by rank so that real combinations come up often. */
function probe(hand: readonly Face[], prng: Prng): Face[] {
  const byRank = new Map<number, Face[]>();
  for (const card of [...hand].sort(compareDdzFaces)) {
    const rank = ddzRank(card);
    byRank.set(rank, [...(byRank.get(rank) ?? []), card]);
  }
  const groups = [...byRank.values()];
  const start = nextBelow(prng, groups.length);
  const span = 1 + nextBelow(prng, Math.min(6, groups.length - start));
  const cards: Face[] = [];
  for (const group of groups.slice(start, start + span)) {
    cards.push(...group.slice(0, 1 + nextBelow(prng, group.length)));
  }
  return cards;
}
