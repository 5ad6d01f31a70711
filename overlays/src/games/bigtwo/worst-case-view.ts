import type { B2Seat, BigTwoSeatView, BigTwoView, Face } from '@tablecast/bigtwo/view';
import { longName, type NameScript } from '../../lib/on-air/longest-name';

/**
 * The fullest Big Two table the on-air pages can be asked to draw, for the tests of their room and
 * legibility: 13 cards face up in every hand (a board's start on the broadcast), names at the 64
 * characters the setup schema allows, every badge at once (明牌 ×3 B2-SHOW-1, 加倍 ×2 B2-DBL-1, 报单
 * B2-PLAY-6), and a five-card straight flush (the longest play, B2-COMBO-*) in front of `playing`,
 * who also holds ♦3 (首家, B2-TERM-1), the next seat's pass after it. Not a state a match can
 * reach as a whole: each part is the worst its own field can be, so the layout holds for any.
 */
export interface BigTwoWorstCase {
  readonly names: NameScript;
  /** The seat whose five-card play is on the table. */
  readonly playing: B2Seat;
}

const SEATS: readonly B2Seat[] = ['S', 'E', 'N', 'W'];
const SUITS = ['D', 'C', 'H', 'S'] as const;
const RANKS = ['3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K', 'A', '2'] as const;
/** A seat's 13 cards: one rank of each suit in turn, so every hand runs 3…2 (the tens squeezed). */
const handOf = (seat: B2Seat): Face[] =>
  RANKS.map((rank, i): Face => `${SUITS[(i + SEATS.indexOf(seat)) % 4] ?? 'S'}${rank}`);

const STRAIGHT_FLUSH: readonly Face[] = ['HT', 'HJ', 'HQ', 'HK', 'HA'];

export function bigtwoWorstCase({ names, playing }: BigTwoWorstCase): BigTwoView {
  const at = SEATS.indexOf(playing);
  const turn = SEATS[(at + 2) % 4] ?? 'S';
  const seat = (s: B2Seat): BigTwoSeatView => ({
    seat: s,
    playerId: `player-${s}`,
    name: longName(names, s),
    cardsLeft: 13,
    hand: handOf(s),
    shown: true,
    shownCards: handOf(s),
    doubled: true,
    factor: 6,
    oneCardAlert: true,
    total: -1_179_648,
    deadline: s === turn ? 1_800_000_000_000 : null,
    // The widest clock: past an hour on the match (h:mm:ss), most of one on the board.
    playSeconds: { board: 3_599, match: 35_999 },
  });
  return {
    game: 'bigtwo',
    status: 'inBoard',
    revision: 987,
    table: 't1',
    boardsPlayed: 98,
    seats: SEATS.map(seat),
    board: {
      number: 99,
      phase: 'play',
      firstSeat: playing,
      turn,
      firstLead: false,
      trick: {
        leader: playing,
        last: {
          seat: playing,
          cards: STRAIGHT_FLUSH,
          as: { type: 'straightFlush', rank: 'A', suit: 'H', length: 5 },
        },
        passes: 1,
      },
      order: null,
      clock: null,
    },
    lastBoard: null,
    penalties: [],
  };
}
