import type { B2PlayReading, B2Seat, BigTwoSeatView, BigTwoView, Face } from '@tablecast/bigtwo/view';
import { seatAction as trickAction, toAct as boardToAct, type SeatAction } from '../kit/trick';
import { B2_SKIN_SEATS } from './labels';

/**
 * The trick as the table reads it (B2-PLAY-3/4): the last play stays in front of its player, and
 * each seat after him that has passed since shows 不出, in playing order S → E → N → W (B2-SEAT-1).
 */
export function seatAction(view: BigTwoView, seat: B2Seat): SeatAction<B2PlayReading> {
  return trickAction(view.board?.trick ?? null, seat, B2_SKIN_SEATS);
}

/** Whose move the table waits for: the seat to act, or every seat still choosing to show (B2-SHOW-1). */
export function toAct(view: BigTwoView, seat: B2Seat): boolean {
  return boardToAct(view.board, seat);
}

/** A factor badge on a seat: 明牌 ×3 (B2-SHOW-1) or 加倍 ×2 (B2-DBL-1), as B2-DBL-2 scores them. */
export interface FactorBadge {
  readonly kind: 'shown' | 'doubled';
  readonly factor: 3 | 2;
}

/** The badges a seat wears: only the choices made (a declined or pending choice wears none). */
export function factorBadges(seat: Pick<BigTwoSeatView, 'shown' | 'doubled'>): FactorBadge[] {
  const badges: FactorBadge[] = [];
  if (seat.shown === true) badges.push({ kind: 'shown', factor: 3 });
  if (seat.doubled === true) badges.push({ kind: 'doubled', factor: 2 });
  return badges;
}

/**
 * The cards a seat's hand is drawn with: face up when the view carries them (the holder's own
 * view, the broadcast, a shown hand B2-SHOW-1, a finished board), else nothing but the count.
 */
export function faceUpHand(seat: BigTwoSeatView): readonly Face[] | null {
  return seat.hand !== null && seat.hand.length > 0 ? seat.hand : null;
}

type LastBoard = NonNullable<BigTwoView['lastBoard']>;
type LastSeat = LastBoard['seats'][number];

/** B2-DBL-2: a player's factor at the board's end, 明牌 ×3 times 加倍 ×2. */
export function endFactor(seat: Pick<LastSeat, 'showed' | 'doubled'>): number {
  return (seat.showed ? 3 : 1) * (seat.doubled ? 2 : 1);
}

/**
 * One pairwise term of B2-SCORE-2, written from the side that gains it (the fewer card points):
 * `(P_loser − P_winner) × f_winner × f_loser`. Equal points make a term of 0.
 */
export interface PairTerm {
  readonly winner: B2Seat;
  readonly loser: B2Seat;
  readonly value: number;
  /** The arithmetic as the card prints it, e.g. `(5−2)×3×2 = 18`. */
  readonly text: string;
}

/**
 * The six pairs of a table, in seat order (S–E, S–N, S–W, E–N, E–W, N–W), each as B2-SCORE-2
 * computes it from the two players' own card points and factors; a player's score is the sum of
 * his terms (B2-SCORE-3: each term once with each sign, so the four sum to 0).
 */
export function pairTerms(last: LastBoard): PairTerm[] {
  const terms: PairTerm[] = [];
  last.seats.forEach((a, i) => {
    for (const b of last.seats.slice(i + 1)) {
      const [winner, loser] = a.cardPoints <= b.cardPoints ? [a, b] : [b, a];
      const fw = endFactor(winner);
      const fl = endFactor(loser);
      const value = (loser.cardPoints - winner.cardPoints) * fw * fl;
      terms.push({
        winner: winner.seat,
        loser: loser.seat,
        value,
        text: `(${String(loser.cardPoints)}−${String(winner.cardPoints)})×${String(fw)}×${String(fl)} = ${String(value)}`,
      });
    }
  });
  return terms;
}

/** A seat's score as its pairwise terms add up: + for each pair it wins, − for each it loses. */
export function scoreFromTerms(terms: readonly PairTerm[], seat: B2Seat): number {
  return terms.reduce((sum, t) => sum + (t.winner === seat ? t.value : t.loser === seat ? -t.value : 0), 0);
}
