import { nextBelow, type Face, type Prng } from '@tablecast/cards';
import { BIGTWO_FACES, SEATS } from '../events/primitives';
import { decideBigTwo } from '../engine/decide';
import { legalPlaysNow } from '../engine/legal';
import type { BigTwoState } from '../engine/state';

/** Every card in exactly one place: a hand, or played in this deal (B2-DEAL-1: 52 cards). */
export function cardsInOnePlace(state: BigTwoState, played: readonly Face[]): boolean {
  const board = state.board;
  if (board === null || board.phase === 'dealing') return true;
  const seen = new Set<Face>();
  let count = 0;
  const mark = (cards: readonly Face[]): void => {
    for (const card of cards) {
      seen.add(card);
      count += 1;
    }
  };
  for (const seat of SEATS) mark(board.hands[seat]);
  mark(played);
  return count === 52 && seen.size === 52 && BIGTWO_FACES.every((f) => seen.has(f));
}

export interface LegalityFinding {
  readonly listedRefused: string[];
  readonly acceptedUnlisted: string[];
  checked: number;
}

const keyOf = (cards: readonly Face[]): string => [...cards].sort().join(' ');

/**
 * The legal-play list and the decider agree on the player on turn: `sample` listed plays are each
 * accepted, and `probes` random card sets from the hand are accepted only if listed.
 */
export function checkLegality(
  state: BigTwoState,
  prng: Prng,
  sample: number,
  probes: number,
): LegalityFinding {
  const finding: LegalityFinding = { listedRefused: [], acceptedUnlisted: [], checked: 0 };
  const board = state.board;
  const seat = board?.turn;
  if (board?.phase !== 'play' || seat === null || seat === undefined) return finding;
  const hand = board.hands[seat];
  const listed = legalPlaysNow(state, seat);
  const keys = new Set(listed.map((p) => keyOf(p.faces)));
  if (keys.size !== listed.length) finding.listedRefused.push('a play is listed twice');
  const picks =
    listed.length <= sample
      ? listed
      : Array.from({ length: sample }, () => listed[nextBelow(prng, listed.length)]);
  for (const play of picks) {
    if (play === undefined) continue;
    finding.checked += 1;
    const decision = decideBigTwo({ type: 'PlayCards', seat, cards: play.faces }, state);
    if (!decision.ok) finding.listedRefused.push(`${keyOf(play.faces)}: ${decision.rule}`);
  }
  for (let i = 0; i < probes; i += 1) {
    const size = [1, 2, 3, 5][nextBelow(prng, 4)] ?? 1;
    const pool = [...hand];
    const cards: Face[] = [];
    while (cards.length < size && pool.length > 0)
      cards.push(...pool.splice(nextBelow(prng, pool.length), 1));
    finding.checked += 1;
    const decision = decideBigTwo({ type: 'PlayCards', seat, cards }, state);
    if (decision.ok && !keys.has(keyOf(cards))) finding.acceptedUnlisted.push(keyOf(cards));
  }
  return finding;
}
