import type { RulingEvent } from '../penalties/penalty-events';
import { rulingCommandFor } from '../penalties/ruling-command-for';
import type { TimeoutStamp } from '../stale-timeout';
import type {
  ChooseDouble,
  CreateMatch,
  DealBoard,
  EndMatch,
  LiftBoardHold,
  Pass,
  RevealBoard,
} from './board-commands';
import type { RulingCommand } from '../penalties/ruling-commands';

/** The events a seated board game records alike, as the command that recorded each reads them. */
export type BoardEvent<Ruleset, Seat> =
  | {
      readonly type: 'MatchCreated';
      readonly data: {
        readonly table: string;
        readonly ruleset: Ruleset;
        readonly players: readonly { id: string; name: string; seat: Seat }[];
        readonly createdAt: number;
      };
    }
  | {
      readonly type: 'BoardStarted';
      readonly data: {
        readonly board: number;
        readonly startedAt: number;
        readonly duplicate?: true | undefined;
        readonly held?: true | undefined;
      };
    }
  | {
      readonly type: 'DoubleChosen';
      readonly data: {
        readonly seat: Seat;
        readonly double: boolean;
        readonly timedOut: boolean;
        readonly at?: number | undefined;
      };
    }
  | {
      readonly type: 'Passed';
      readonly data: { readonly seat: Seat; readonly timedOut: boolean; readonly at?: number | undefined };
    }
  | RulingEvent<Seat>
  | { readonly type: 'MatchEnded'; readonly data: { readonly endedAt: number } }
  | { readonly type: 'DeckRevealed'; readonly data: { readonly board: number } }
  | {
      readonly type: 'BoardHoldLifted';
      readonly data: {
        readonly board: number;
        readonly at: number;
        readonly reason: 'dealtEverywhere' | 'closed';
      };
    }
  // Derived inside another decision: no command of their own.
  | { readonly type: 'DeckCommitted' | 'CardsDealt' | 'TrickWon' | 'CardsReported' | 'BoardEnded' };

/** The deal a DealBoard recorded, two events after its BoardStarted (BoardStarted, DeckCommitted, CardsDealt). */
export interface DealtAhead<Card> {
  readonly type: 'CardsDealt';
  readonly data: { readonly seed: string | null; readonly order: readonly Card[]; readonly salt: string };
}

export type BoardCommand<Ruleset, Seat, Card> =
  | CreateMatch<Ruleset, Seat>
  | DealBoard<Card>
  | RevealBoard
  | LiftBoardHold
  | ChooseDouble<Seat>
  | Pass<Seat>
  | RulingCommand<Seat>
  | EndMatch;

/** The recorded deal of the board started at `events[i]`, if the log holds it where DealBoard writes it. */
export function dealtAhead<E extends { readonly type: string }>(
  events: readonly E[],
  i: number,
): Extract<E, { readonly type: 'CardsDealt' }> | undefined {
  const dealt = events[i + 2];
  return dealt?.type === 'CardsDealt' ? (dealt as Extract<E, { readonly type: 'CardsDealt' }>) : undefined;
}

/** A clock's default becomes a command stamped with the revision it timed: the state it is replayed on. */
export function timeoutStamp(
  timedOut: boolean,
  state: { readonly revision: number },
): TimeoutStamp | undefined {
  return timedOut ? { revision: state.revision } : undefined;
}

/**
 * The command an event every seated board game records alike stands for, reading the deal ahead
 * for a board's start; null for an event the engine derives inside another decision (the
 * commitment, the deal, a trick won, a report, the board's end). A game reads its own events
 * (bids, shows, plays) first and hands the rest here.
 */
export function boardCommandFor<Ruleset, Seat, Card>(
  event: BoardEvent<Ruleset, Seat>,
  dealt: DealtAhead<Card> | undefined,
  state: { readonly revision: number },
): BoardCommand<Ruleset, Seat, Card> | null {
  switch (event.type) {
    case 'MatchCreated':
      return {
        type: 'CreateMatch',
        table: event.data.table,
        ruleset: event.data.ruleset,
        players: event.data.players,
        now: event.data.createdAt,
      };
    case 'BoardStarted':
      if (dealt === undefined) return null;
      return {
        type: 'DealBoard',
        board: event.data.board,
        seed: dealt.data.seed ?? undefined,
        order: dealt.data.seed === null ? dealt.data.order : undefined,
        salt: dealt.data.salt,
        // A held board is a set's under a ruleset that reveals at its own end (`ownEnd`).
        ...(event.data.duplicate === true || event.data.held === true ? { duplicate: true } : {}),
        ...(event.data.held === true ? { held: true } : {}),
        now: event.data.startedAt,
      };
    case 'DoubleChosen':
      return {
        type: 'Double',
        seat: event.data.seat,
        double: event.data.double,
        timeout: timeoutStamp(event.data.timedOut, state),
        now: event.data.at,
      };
    case 'Passed':
      return {
        type: 'Pass',
        seat: event.data.seat,
        timeout: timeoutStamp(event.data.timedOut, state),
        now: event.data.at,
      };
    case 'PenaltyIssued':
    case 'AppealLodged':
    case 'AppealDecided':
      return rulingCommandFor(event);
    case 'MatchEnded':
      return { type: 'EndMatch', now: event.data.endedAt };
    case 'DeckCommitted':
    case 'CardsDealt':
    case 'TrickWon':
    case 'CardsReported':
    case 'BoardEnded':
      return null;
    // A duplicate board's reveal stands alone; a table's own board end records it inside the last play.
    case 'DeckRevealed':
      return { type: 'RevealBoard', board: event.data.board };
    case 'BoardHoldLifted':
      return { type: 'LiftBoardHold', ...event.data };
  }
}
