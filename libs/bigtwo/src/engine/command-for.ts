import { boardCommandFor, dealtAhead, timeoutStamp } from '@tablecast/game-kit';
import type { BigTwoEvent } from '../events/catalog';
import type { BigTwoCommand } from './commands';
import type { BigTwoState } from './state';

/**
 * The command an event records, reading ahead where one decision spans several events; null for
 * an event the engine derives inside another decision (the commitment, the deal, a trick won, a
 * 報單, the board's end). A timed-out choice becomes the clock's default at the revision it timed.
 * Big Two reads its show choices and its plays; game-kit reads what every board game records
 * alike (a duplicate board's reveal stands alone, DEC-B2-4; a held board is one, DEC-B2-5).
 */
export function commandFor(
  events: readonly BigTwoEvent[],
  i: number,
  state: BigTwoState,
): BigTwoCommand | null {
  const event = events[i];
  if (event === undefined) return null;
  switch (event.type) {
    case 'HandShown':
      return { type: 'Show', seat: event.data.seat, show: true, now: event.data.at };
    case 'ShowDeclined':
      return {
        type: 'Show',
        seat: event.data.seat,
        show: false,
        timeout: timeoutStamp(event.data.timedOut, state),
        now: event.data.at,
      };
    case 'CardsPlayed':
      return {
        type: 'PlayCards',
        seat: event.data.seat,
        cards: event.data.cards,
        timeout: timeoutStamp(event.data.timedOut, state),
        now: event.data.at,
      };
    default:
      return boardCommandFor(event, dealtAhead(events, i), state);
  }
}
