import { rulingCommandFor } from '@tablecast/game-kit';
import type { BigTwoEvent } from '../events/catalog';
import type { BigTwoCommand, TimeoutStamp } from './commands';
import type { BigTwoState } from './state';

/**
 * The command an event records, reading ahead where one decision spans several events; null for
 * an event the engine derives inside another decision (the commitment, the deal, a trick won, a
 * 報單, the board's end). A timed-out choice becomes the clock's default at the revision it timed.
 */
export function commandFor(
  events: readonly BigTwoEvent[],
  i: number,
  state: BigTwoState,
): BigTwoCommand | null {
  const event = events[i];
  if (event === undefined) return null;
  const timeout = (timedOut: boolean): TimeoutStamp | undefined =>
    timedOut ? { revision: state.revision } : undefined;
  switch (event.type) {
    case 'MatchCreated':
      return {
        type: 'CreateMatch',
        table: event.data.table,
        ruleset: event.data.ruleset,
        players: event.data.players,
        now: event.data.createdAt,
      };
    case 'BoardStarted': {
      // DealBoard records BoardStarted, DeckCommitted, CardsDealt: the deal is two events on.
      const dealt = events[i + 2];
      if (dealt?.type !== 'CardsDealt') return null;
      return {
        type: 'DealBoard',
        board: event.data.board,
        seed: dealt.data.seed ?? undefined,
        order: dealt.data.seed === null ? dealt.data.order : undefined,
        salt: dealt.data.salt,
        // A held board is a set's under a ruleset that reveals at its own end (DEC-B2-4 `ownEnd`).
        ...(event.data.duplicate === true || event.data.held === true ? { duplicate: true } : {}),
        ...(event.data.held === true ? { held: true } : {}),
        now: event.data.startedAt,
      };
    }
    case 'HandShown':
      return { type: 'Show', seat: event.data.seat, show: true, now: event.data.at };
    case 'ShowDeclined':
      return {
        type: 'Show',
        seat: event.data.seat,
        show: false,
        timeout: timeout(event.data.timedOut),
        now: event.data.at,
      };
    case 'DoubleChosen':
      return {
        type: 'Double',
        seat: event.data.seat,
        double: event.data.double,
        timeout: timeout(event.data.timedOut),
        now: event.data.at,
      };
    case 'CardsPlayed':
      return {
        type: 'PlayCards',
        seat: event.data.seat,
        cards: event.data.cards,
        timeout: timeout(event.data.timedOut),
        now: event.data.at,
      };
    case 'Passed':
      return {
        type: 'Pass',
        seat: event.data.seat,
        timeout: timeout(event.data.timedOut),
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
    // A duplicate board's reveal stands alone (DEC-B2-4); a table's own board end records it inside the last play.
    case 'DeckRevealed':
      return { type: 'RevealBoard', board: event.data.board };
    case 'BoardHoldLifted':
      return { type: 'LiftBoardHold', ...event.data };
    default:
      return unknownEvent(event);
  }
}

function unknownEvent(event: never): null {
  return event;
}
