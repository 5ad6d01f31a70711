import { faceOfCard, type CardId } from '@tablecast/cards';
import {
  isBombClass,
  legalPlays,
  physical,
  SEATS,
  teamOf,
  type MatchState,
  type Reading,
  type Seat,
} from '@tablecast/guandan';

/** A seat's running figures over the match so far (as far as the delayed feed has reached). */
export interface SeatStats {
  /** Plays of the bomb class (bomb, straight flush, four jokers). */
  bombs: number;
  tributesPaid: number;
  tributesReceived: number;
  /** Deals this seat's pair played at level A (打A), GD-LVL-4. */
  aAttempts: number;
}

export type TrickStep =
  | { readonly seat: Seat; readonly kind: 'play'; readonly cards: readonly string[]; readonly as: Reading }
  | { readonly seat: Seat; readonly kind: 'pass' };

export interface TrickRecord {
  readonly handNumber: number;
  readonly winner: Seat;
  readonly steps: readonly TrickStep[];
}

export interface TurnPlays {
  readonly seat: Seat;
  /** The play to beat; null when the seat leads. */
  readonly toBeat: Reading | null;
  /** Every legal play, counted; `plays` lists the first of them. */
  readonly total: number;
  readonly byType: Readonly<Partial<Record<Reading['type'], number>>>;
  readonly plays: readonly { readonly cards: readonly CardId[]; readonly as: Reading }[];
  /** Whether the seat may pass instead (never when leading, GD-PLAY-1). */
  readonly mayPass: boolean;
}

/** How many legal plays the page lists; the rest are only counted. */
export const LISTED_PLAYS = 40;
/** How many finished tricks the page shows. */
export const TRICKS_KEPT = 3;

interface StoredEvent {
  readonly type: string;
  readonly data: unknown;
}

function emptyStats(): Record<Seat, SeatStats> {
  const stats = {} as Record<Seat, SeatStats>;
  for (const seat of SEATS) stats[seat] = { bombs: 0, tributesPaid: 0, tributesReceived: 0, aAttempts: 0 };
  return stats;
}

/**
 * The stats and the last tricks, folded from the match's events up to the delayed feed's revision
 * (the caller cuts the log there, so nothing here runs ahead of the broadcast).
 */
export function commentaryFacts(events: readonly StoredEvent[]): {
  stats: Record<Seat, SeatStats>;
  tricks: TrickRecord[];
  current: TrickStep[];
} {
  const stats = emptyStats();
  const tricks: TrickRecord[] = [];
  let current: TrickStep[] = [];
  let handNumber = 0;
  for (const { type, data } of events) {
    switch (type) {
      case 'HandStarted': {
        const d = data as { handNumber: number; level: string; levelTeam: 'NS' | 'EW' | null };
        handNumber = d.handNumber;
        current = [];
        if (d.level === 'A' && d.levelTeam !== null)
          for (const seat of SEATS) if (teamOf(seat) === d.levelTeam) stats[seat].aAttempts += 1;
        break;
      }
      case 'CardsPlayed': {
        const d = data as { seat: Seat; cards: string[]; as: Reading };
        if (isBombClass(d.as.type)) stats[d.seat].bombs += 1;
        current.push({ seat: d.seat, kind: 'play', cards: d.cards, as: d.as });
        break;
      }
      case 'Passed':
        current.push({ seat: (data as { seat: Seat }).seat, kind: 'pass' });
        break;
      case 'TrickWon':
        tricks.push({ handNumber, winner: (data as { seat: Seat }).seat, steps: current });
        if (tricks.length > TRICKS_KEPT) tricks.shift();
        current = [];
        break;
      case 'TributeGiven':
        stats[(data as { from: Seat }).from].tributesPaid += 1;
        break;
      case 'TributeAssigned':
        for (const a of (data as { assignments: { to: Seat }[] }).assignments)
          stats[a.to].tributesReceived += 1;
        break;
      default:
        break;
    }
  }
  return { stats, tricks, current };
}

/** The legal plays of the seat to act, by the module's own enumeration (GD-PLAY-1/2, GD-CMP-*). */
export function turnPlays(state: MatchState): TurnPlays | null {
  const hand = state.hand;
  if (hand?.phase !== 'play' || hand.turn === null) return null;
  const seat = hand.turn;
  const held = hand.hands[seat];
  const toBeat = hand.trick?.last?.as ?? null;
  const all = legalPlays(held.map(faceOfCard), toBeat, hand.level, state.ruleset);
  const byType: Partial<Record<Reading['type'], number>> = {};
  for (const play of all) byType[play.as.type] = (byType[play.as.type] ?? 0) + 1;
  return {
    seat,
    toBeat,
    total: all.length,
    byType,
    plays: all.slice(0, LISTED_PLAYS).map((play) => ({ cards: physical(held, play.cards), as: play.as })),
    mayPass: toBeat !== null,
  };
}
