import type { DdzSeat, DoudizhuSeatView, DoudizhuView, Face } from '@tablecast/doudizhu/view';
import { longName, type NameScript } from '../../lib/on-air/longest-name';

/**
 * The fullest Dou Dizhu table the on-air pages can be asked to draw, for the tests of their room and
 * legibility: 20 cards in every hand (the landlord's after the kitty, DDZ-DEAL-2), names at the 64
 * characters the setup schema allows, every badge at once (报单 DDZ-PLAY-5, the revealed doubles
 * DDZ-DBL-1 and the redouble DDZ-DBL-2, the landlord's tag, the rockets), the kitty face up with
 * both jokers, and a 20-card airplane with its wings (the longest play, DDZ-COMBO-*) in front of
 * `playing`, the next seat's pass after it. Not a state a match can reach as a whole: each part
 * is the worst its own field can be, so the layout holds for any real state.
 */
export interface DoudizhuWorstCase {
  readonly names: NameScript;
  /** The seat whose 20-card play is on the table. */
  readonly playing: DdzSeat;
}

const SUITS = ['S', 'H', 'C', 'D'] as const;
const RANKS = ['3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K', 'A', '2'] as const;
/** One 54-card deck (DDZ-DEAL-1), both jokers first so every hand and the kitty hold one. */
const DECK: readonly Face[] = [
  'RJ',
  'BJ',
  ...RANKS.flatMap((rank) => SUITS.map((suit): Face => `${suit}${rank}`)),
];

/** 20 different cards for a seat, its own slice of the deck round from its own place. */
const handOf = (seat: DdzSeat): Face[] =>
  Array.from({ length: 20 }, (_, i) => DECK[(seat * 17 + i) % DECK.length] ?? 'S3');

/** DDZ-COMBO-*: five triples 8…Q with five single wings, 20 cards, the longest play there is. */
const AIRPLANE: readonly Face[] = [
  ...(['8', '9', 'T', 'J', 'Q'] as const).flatMap((rank) =>
    (['S', 'H', 'C'] as const).map((suit): Face => `${suit}${rank}`),
  ),
  'S3',
  'H4',
  'C5',
  'D6',
  'RJ',
];

export function doudizhuWorstCase({ names, playing }: DoudizhuWorstCase): DoudizhuView {
  const turn = ((playing + 2) % 3) as DdzSeat;
  const seat = (s: DdzSeat): DoudizhuSeatView => ({
    seat: s,
    playerId: `player-${String(s)}`,
    name: longName(names, String(s)),
    cardsLeft: 20,
    hand: handOf(s),
    reported: true,
    doubleChosen: true,
    doubled: true,
    total: -1_179_648,
    deadline: s === turn ? 1_800_000_000_000 : null,
    // The widest clock: past an hour on the match (h:mm:ss), most of one on the board.
    playSeconds: { board: 3_599, match: 35_999 },
  });
  return {
    game: 'doudizhu',
    status: 'inBoard',
    revision: 987,
    table: 't1',
    boardsPlayed: 98,
    seats: [seat(0), seat(1), seat(2)],
    board: {
      number: 99,
      phase: 'play',
      firstBidder: 0,
      redeals: 0,
      bids: [{ seat: 0, bid: 3 }],
      landlord: 0,
      bid: 3,
      doublesRevealed: true,
      redoubled: true,
      kitty: ['RJ', 'BJ', 'DT'],
      turn,
      trick: {
        leader: playing,
        last: { seat: playing, cards: AIRPLANE, as: { type: 'airplaneWithSingles', rank: 'Q', length: 20 } },
        passes: 1,
      },
      // The most a deck holds: 13 bombs and the rocket (DDZ-SCORE-4), with both doubles and the
      // redouble: 3 × 2^16.
      bombs: 13,
      rockets: 1,
      multiplier: 196_608,
      multipliers: [
        { seat: 1, multiplier: 196_608 },
        { seat: 2, multiplier: 196_608 },
      ],
      clock: null,
    },
    lastBoard: null,
    penalties: [],
  };
}
