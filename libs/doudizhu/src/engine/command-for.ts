import { rulingCommandFor } from '@tablecast/game-kit';
import type { DoudizhuEvent } from '../events/catalog';
import type { DoudizhuCommand, TimeoutStamp } from './commands';
import type { DoudizhuState } from './state';

/**
 * The command an event records, reading ahead where one decision spans several events; null for
 * an event the engine derives inside another decision (a deal's commitment, the landlord chosen,
 * the kitty revealed, a trick won, the board's end…). A timed-out choice becomes the turn clock's
 * default stamped with the revision it timed, which is the state it is replayed on.
 */
export function commandFor(
  events: readonly DoudizhuEvent[],
  i: number,
  state: DoudizhuState,
): DoudizhuCommand | null {
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
        // A held board is a set's under a ruleset that reveals at its own end (DEC-DDZ-4 `ownEnd`).
        ...(event.data.duplicate === true || event.data.held === true ? { duplicate: true } : {}),
        ...(event.data.held === true ? { held: true } : {}),
        now: event.data.startedAt,
      };
    }
    case 'BidMade':
      return {
        type: 'Bid',
        seat: event.data.seat,
        bid: event.data.bid,
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
    case 'RedoubleChosen':
      return {
        type: 'Redouble',
        seat: event.data.seat,
        redouble: event.data.redouble,
        timeout: timeout(event.data.timedOut),
        now: event.data.at,
      };
    case 'CardsPlayed':
      return {
        type: 'PlayCards',
        seat: event.data.seat,
        cards: event.data.cards,
        as: event.data.as,
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
    case 'BoardPassedOut':
    case 'LandlordChosen':
    case 'DoublesRevealed':
    case 'KittyRevealed':
    case 'TrickWon':
    case 'CardsReported':
    case 'BoardEnded':
      return null;
    // A duplicate board's reveal stands alone (DDZ-GEN-1); a table's own board end records it inside the last play.
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
