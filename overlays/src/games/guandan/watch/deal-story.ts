import type { Reading, Seat, Team } from '@tablecast/guandan/view';
import type { FeedEvent } from '@tablecast/protocol';

/** One turn of a trick: a play (with the server's reading) or a pass. */
export type TurnStory =
  | {
      readonly kind: 'play';
      readonly seat: Seat;
      readonly cards: readonly string[];
      readonly as: Reading;
      /** A bomb, a straight flush or four jokers: what beats any ordinary play (GD-CMB-*). */
      readonly bomb: boolean;
    }
  | { readonly kind: 'pass'; readonly seat: Seat };

export interface TrickStory {
  /** 1-based, in the deal. */
  readonly number: number;
  readonly leader: Seat;
  readonly turns: readonly TurnStory[];
  /** Who won it (TrickWon); null for the deal's last trick, ended by the last player going out. */
  readonly winner: Seat | null;
  /** Seats that went out in this trick, with their place (1 = 上游). */
  readonly out: readonly { readonly seat: Seat; readonly place: number }[];
}

export interface TributeStory {
  /** GD-TRIB-6 anti-tribute: who held the big jokers; then no tribute was paid. */
  readonly resisted: readonly Seat[];
  /** Each tribute paid (GD-TRIB-1…5): to whom, the card, and the card returned (GD-TRIB-3). */
  readonly paid: readonly {
    readonly from: Seat;
    readonly to: Seat | null;
    readonly card: string;
    readonly returned: string | null;
  }[];
}

export interface DealStory {
  readonly handNumber: number;
  /** The rank played this deal (GD-LVL-3). */
  readonly level: string;
  readonly tribute: TributeStory;
  readonly tricks: readonly TrickStory[];
  /** Finishing order, with the trick each player went out in. */
  readonly out: readonly { readonly seat: Seat; readonly place: number; readonly trick: number }[];
  readonly result: {
    readonly places: readonly Seat[];
    readonly doubleDown: boolean;
    readonly winningTeam: Team;
    readonly levelUp: number;
  } | null;
  readonly bombs: number;
  /** Commit-reveal: the commitment published before the deal, and the order and salt after it. */
  readonly deck: {
    readonly commitment: string | null;
    readonly order: readonly string[] | null;
    readonly salt: string | null;
  };
}

const BOMBS: ReadonlySet<Reading['type']> = new Set(['bomb', 'straightFlush', 'fourJokers']);

interface MutableTrick {
  number: number;
  leader: Seat;
  turns: TurnStory[];
  winner: Seat | null;
  out: { seat: Seat; place: number }[];
}

/**
 * A finished deal trick by trick, from the events the broadcast feed released for it (the
 * server's /api/watch/…/deals/N). Fields are read as the feed's event forms carry them; an event
 * of a type not listed here changes nothing.
 */
export function dealStory(events: readonly FeedEvent[]): DealStory {
  let handNumber = 0;
  let level = '';
  const resisted: Seat[] = [];
  const paid: { from: Seat; to: Seat | null; card: string; returned: string | null }[] = [];
  const tricks: MutableTrick[] = [];
  const out: { seat: Seat; place: number; trick: number }[] = [];
  let result: DealStory['result'] = null;
  const deck: { commitment: string | null; order: readonly string[] | null; salt: string | null } = {
    commitment: null,
    order: null,
    salt: null,
  };
  // Set by the helper below as well as here: typed, not narrowed to its first value.
  let current = null as MutableTrick | null;
  const trickFor = (seat: Seat): MutableTrick => {
    if (current === null) {
      current = { number: tricks.length + 1, leader: seat, turns: [], winner: null, out: [] };
      tricks.push(current);
    }
    return current;
  };

  for (const { type, data } of events) {
    switch (type) {
      case 'HandStarted': {
        const d = data as { handNumber: number; level: string };
        handNumber = d.handNumber;
        level = d.level;
        break;
      }
      case 'DeckCommitted':
        deck.commitment = (data as { commitment: string }).commitment;
        break;
      case 'DeckRevealed': {
        const d = data as { order: readonly string[]; salt: string };
        deck.order = d.order;
        deck.salt = d.salt;
        break;
      }
      case 'TributeResisted':
        resisted.push(...(data as { seats: readonly Seat[] }).seats);
        break;
      case 'TributeGiven': {
        const d = data as { from: Seat; card?: string };
        paid.push({ from: d.from, to: null, card: d.card ?? '', returned: null });
        break;
      }
      case 'TributeAssigned':
        for (const a of (data as { assignments: readonly { from: Seat; to: Seat; card?: string }[] })
          .assignments) {
          const tribute = paid.find((t) => t.from === a.from && t.to === null);
          if (tribute) tribute.to = a.to;
        }
        break;
      case 'TributeReturned': {
        const d = data as { from: Seat; to: Seat; card?: string };
        // The receiver (`from`) gives a card back to his tributer (`to`).
        const tribute = paid.find((t) => t.to === d.from && t.from === d.to);
        if (tribute) tribute.returned = d.card ?? '';
        break;
      }
      case 'CardsPlayed': {
        const d = data as { seat: Seat; cards: readonly string[]; as: Reading };
        trickFor(d.seat).turns.push({
          kind: 'play',
          seat: d.seat,
          cards: d.cards,
          as: d.as,
          bomb: BOMBS.has(d.as.type),
        });
        break;
      }
      case 'Passed': {
        const seat = (data as { seat: Seat }).seat;
        trickFor(seat).turns.push({ kind: 'pass', seat });
        break;
      }
      case 'PlayerFinished': {
        const d = data as { seat: Seat; place: number };
        const trick = trickFor(d.seat);
        trick.out.push({ seat: d.seat, place: d.place });
        out.push({ seat: d.seat, place: d.place, trick: trick.number });
        break;
      }
      case 'TrickWon': {
        const seat = (data as { seat: Seat }).seat;
        if (current !== null) current.winner = seat;
        current = null;
        break;
      }
      case 'HandEnded': {
        const d = data as {
          places: readonly Seat[];
          doubleDown: boolean;
          winningTeam: Team;
          levelUp: number;
        };
        result = {
          places: d.places,
          doubleDown: d.doubleDown,
          winningTeam: d.winningTeam,
          levelUp: d.levelUp,
        };
        break;
      }
      default:
        break;
    }
  }
  const bombs = tricks.reduce(
    (n, trick) => n + trick.turns.filter((turn) => turn.kind === 'play' && turn.bomb).length,
    0,
  );
  return { handNumber, level, tribute: { resisted, paid }, tricks, out, result, bombs, deck };
}
