import type { CardId } from '@tablecast/cards/view';
import type { GuandanView, HandState, LastHand, MatchState, PerSeat, Seat } from '@tablecast/guandan/view';
import type { GameMatchView } from '@tablecast/protocol';

/** The deal as the console works on it: the staff view's, in the shape the table's helpers read. */
export type ConsoleHand = Pick<
  HandState,
  | 'number'
  | 'level'
  | 'levelTeam'
  | 'phase'
  | 'tribute'
  | 'hands'
  | 'tributesGiven'
  | 'assignments'
  | 'returnedBy'
  | 'turn'
  | 'trick'
  | 'finished'
>;

/** The match as the console works on it, read from the staff view (`GET /api/matches/:id/view`). */
export interface ConsoleMatch extends Pick<
  MatchState,
  'status' | 'ruleset' | 'players' | 'levels' | 'handsPlayed'
> {
  readonly lastHand: Pick<LastHand, 'places' | 'doubleDown' | 'winningTeam'> | null;
  readonly hand: ConsoleHand | null;
}

function perSeat<T>(of: (seat: Seat) => T): PerSeat<T> {
  return { S: of('S'), E: of('E'), N: of('N'), W: of('W') };
}

/** A card the staff view must show: staff see every hand and every tribute card. */
function shown(card: CardId | null, what: string): CardId {
  if (card === null) throw new Error(`the staff view hides ${what}: is this the staff view?`);
  return card;
}

/** The console's match from the Guandan staff view the server sends (never the engine's state). */
export function consoleMatchOf(view: GuandanView): ConsoleMatch {
  const hand = view.hand;
  return {
    status: view.status,
    ruleset: view.ruleset,
    players: perSeat((seat) => view.seats[seat].playerId),
    levels: view.levels,
    handsPlayed: view.handsPlayed,
    lastHand: view.lastHand,
    hand:
      hand === null
        ? null
        : {
            number: hand.number,
            level: hand.level,
            levelTeam: hand.levelTeam,
            phase: hand.phase,
            tribute: hand.tribute,
            hands: perSeat((seat) => view.seats[seat].hand ?? []),
            tributesGiven: hand.tributes.map((t) => ({
              from: t.from,
              card: shown(t.card, `${t.from}'s tribute`),
            })),
            assignments: hand.assignments.map((a) => ({
              from: a.from,
              to: a.to,
              card: shown(a.card, `${a.from}'s tribute`),
            })),
            returnedBy: hand.returnedBy,
            turn: hand.turn,
            trick: hand.trick,
            finished: hand.places,
          },
  };
}

/** Whether a view the server sent is Guandan's (the console is Guandan's). */
export function isGuandanMatchView(view: GameMatchView): view is GameMatchView<GuandanView> {
  return view.game === 'guandan' && view.detail.game === 'guandan';
}
