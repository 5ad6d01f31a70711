import { boardCommandFor, dealtAhead, timeoutStamp } from '@tablecast/game-kit';
import type { DoudizhuEvent } from '../events/catalog';
import type { DoudizhuCommand } from './commands';
import type { DoudizhuState } from './state';

/**
 * The command an event records, reading ahead where one decision spans several events; null for
 * an event the engine derives inside another decision (a deal's commitment, the landlord chosen,
 * the kitty revealed, a trick won, the board's end…). A timed-out choice becomes the turn clock's
 * default stamped with the revision it timed, which is the state it is replayed on. Dou Dizhu
 * reads its bids, redoubles and plays; game-kit reads what every board game records alike (a
 * duplicate board's reveal stands alone, DDZ-GEN-1; a held board is one, DEC-DDZ-4/5).
 */
export function commandFor(
  events: readonly DoudizhuEvent[],
  i: number,
  state: DoudizhuState,
): DoudizhuCommand | null {
  const event = events[i];
  if (event === undefined) return null;
  switch (event.type) {
    case 'BidMade':
      return {
        type: 'Bid',
        seat: event.data.seat,
        bid: event.data.bid,
        timeout: timeoutStamp(event.data.timedOut, state),
        now: event.data.at,
      };
    case 'RedoubleChosen':
      return {
        type: 'Redouble',
        seat: event.data.seat,
        redouble: event.data.redouble,
        timeout: timeoutStamp(event.data.timedOut, state),
        now: event.data.at,
      };
    case 'CardsPlayed':
      return {
        type: 'PlayCards',
        seat: event.data.seat,
        cards: event.data.cards,
        as: event.data.as,
        timeout: timeoutStamp(event.data.timedOut, state),
        now: event.data.at,
      };
    case 'BoardPassedOut':
    case 'LandlordChosen':
    case 'DoublesRevealed':
    case 'KittyRevealed':
      return null;
    default:
      return boardCommandFor(event, dealtAhead(events, i), state);
  }
}
