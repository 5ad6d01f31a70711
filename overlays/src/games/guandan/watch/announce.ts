import type { Reading, Seat, Team } from '@tablecast/guandan/view';
import type { FeedEvent, MatchView } from '@tablecast/protocol';
import type { GuandanOnAir } from '../on-air-words';
import { comboName, teamName } from '../labels';
import { cardText } from '../../../lib/watch/card-text';

/**
 * What a screen reader hears of a released event (the page's aria-live region): each play and
 * pass, and each deal's result; null for anything else. Names come from the view the frame carried.
 */
export function announcement(event: FeedEvent | null, view: MatchView, text: GuandanOnAir): string | null {
  if (event === null) return null;
  const who = (seat: Seat): string => `${text.seats[seat]} ${view.seats[seat].playerName}`;
  const jokers = { small: text.watch.story.smallJoker, big: text.watch.story.bigJoker };
  switch (event.type) {
    case 'CardsPlayed': {
      const d = event.data as { seat: Seat; cards: readonly string[]; as: Reading };
      return text.watch.announce.played(
        who(d.seat),
        comboName(d.as, d.cards.length, text),
        d.cards.map((c) => cardText(c, jokers)).join(' '),
      );
    }
    case 'Passed':
      return text.watch.announce.passed(who((event.data as { seat: Seat }).seat));
    case 'HandEnded': {
      const d = event.data as { handNumber: number; doubleDown: boolean; winningTeam: Team; levelUp: number };
      const parts = [
        text.handEnd.title(d.handNumber),
        ...(d.doubleDown ? [text.handEnd.doubleDown] : []),
        text.handEnd.levelUp(teamName(view, d.winningTeam, text), d.levelUp),
      ];
      return parts.join(' · ');
    }
    default:
      return null;
  }
}
