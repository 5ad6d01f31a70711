import type { FeedFrame, FeedStatus, MatchView, MomentView, SeatView } from '@tablecast/protocol';
import { longName, type NameScript } from '../../overlays/src/lib/on-air/longest-name';

/**
 * The fullest picture each on-air page can be asked to draw, for the geometry test: every hand at
 * 27 cards (a deal's start), names at the 64 characters the setup schema allows (match-commands.ts,
 * `nameSchema`), every seat tag at once (reported, a place, the leader, the clock), an 8-card bomb
 * as every seat's last play, and each moment at its widest. Not a state a match can reach as a
 * whole: each part is the worst its own field can be, so the layout holds for any real state.
 */

type Seat = 'S' | 'E' | 'N' | 'W';
const SEATS: readonly Seat[] = ['S', 'E', 'N', 'W'];

// The longest names the setup schema accepts (shared with the other games' worst cases).
export type { NameScript };

const SUITS = ['S', 'H', 'C', 'D'] as const;
const RANKS = ['2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K', 'A'] as const;

/** Both decks: 108 card ids (`H5a`, `BJb`), dealt round the table so each seat holds 27. */
function dealtHands(): Record<Seat, string[]> {
  const deck: string[] = [];
  for (const copy of ['a', 'b']) {
    for (const suit of SUITS) for (const rank of RANKS) deck.push(`${suit}${rank}${copy}`);
    deck.push(`BJ${copy}`, `RJ${copy}`);
  }
  const hands: Record<Seat, string[]> = { S: [], E: [], N: [], W: [] };
  deck.forEach((card, i) => hands[SEATS[i % 4] ?? 'S'].push(card));
  return hands;
}

export const ASOF = '2026-11-28T10:00:00.000Z';
/** The clock has run 95 s (over the GD-TIME-1 limit): three digits of seconds never happen. */
const CLOCK_SINCE = new Date(Date.parse(ASOF) - 95_000).toISOString();
const REVISION = 987;

const EIGHT_CARD_BOMB = {
  kind: 'play',
  cards: ['S9a', 'H9a', 'C9a', 'D9a', 'S9b', 'H9b', 'C9b', 'D9b'],
  as: { type: 'bomb', rank: '9', length: 8 },
} as const;

/**
 * A referee's note as long as he may type (PenaltyIssued `note` has no limit: the penalty bug cuts
 * it by the on-air name rule), in the widest glyphs.
 */
const LONGEST_NOTE = '出牌时多次将牌举过头顶，经提醒后仍未改正 WWWW'.repeat(20);

export interface WorstCase {
  readonly names: NameScript;
  /** The seat whose turn it is (its clock tag shows). */
  readonly turn: Seat;
  readonly moment: MomentView['kind'] | null;
  /** The match is over (the table page's result card), with EW past A: the longest level. */
  readonly ended?: boolean;
}

function moment(kind: MomentView['kind'] | null): MomentView | null {
  const at = { revision: REVISION, at: ASOF };
  switch (kind) {
    case null:
      return null;
    case 'bomb':
      return { ...at, kind, seat: 'E', cards: EIGHT_CARD_BOMB.cards, as: EIGHT_CARD_BOMB.as };
    case 'tribute':
      // A double tribute (GD-TRIB-3): two gifts and two returns, four lines of two names each.
      return {
        ...at,
        kind,
        exchange: {
          handNumber: 99,
          resisted: [],
          given: [
            { from: 'E', to: 'S', card: 'RJa' },
            { from: 'W', to: 'N', card: 'RJb' },
          ],
          returned: [
            { from: 'S', to: 'E', card: 'HTa' },
            { from: 'N', to: 'W', card: 'S2b' },
          ],
        },
      };
    case 'handEnd':
      return {
        ...at,
        kind,
        result: {
          handNumber: 99,
          places: ['S', 'N', 'E', 'W'],
          doubleDown: true,
          winningTeam: 'NS',
          levelUp: 3,
          levelsBefore: { NS: 9, EW: 11 },
          levelsAfter: { NS: 12, EW: 11 },
          foulBy: 'EW',
        },
      };
    case 'penalty':
      return { ...at, kind, seat: 'W', sanction: 'turnLost', rule: 'GD-PEN-14', note: LONGEST_NOTE };
  }
}

export function worstCaseView(worst: WorstCase): MatchView {
  const hands = dealtHands();
  const seat = (s: Seat, place: number): SeatView => ({
    playerId: `player-${s}`,
    playerName: longName(worst.names, s),
    cardsLeft: 27,
    hand: hands[s],
    place,
    reported: true,
  });
  return {
    matchId: 'geometry',
    revision: REVISION,
    asOf: ASOF,
    status: worst.ended === true ? 'ended' : 'inHand',
    table: 't1',
    teams: { NS: longName(worst.names, 'NS'), EW: longName(worst.names, 'EW') },
    levels: { NS: 12, EW: 13 },
    handsPlayed: 98,
    // The longest progress line: deals left and the game clock (GD-FMT-4).
    format: {
      kind: 'timedOrFixedDeals',
      deals: 120,
      minutes: 600,
      startsAt: new Date(Date.parse(ASOF) - 60_000).toISOString(),
      timeCalled: false,
    },
    seats: { S: seat('S', 1), E: seat('E', 2), N: seat('N', 3), W: seat('W', 4) },
    hand: {
      number: 99,
      // Playing 10 for the team that holds it: every hand shows 级 and 配 marks.
      level: 'T',
      levelTeam: 'EW',
      phase: 'play',
      tribute: 'double',
      tributes: [],
      returnedBy: [],
      turn: worst.turn,
      trick: { leader: worst.turn, last: { seat: worst.turn, ...EIGHT_CARD_BOMB }, passed: [] },
      places: [],
    },
    deck: { handNumber: 99, commitment: 'c'.repeat(64), salt: null, order: null },
    lastHand: { places: ['S', 'N', 'E', 'W'], doubleDown: true, winningTeam: 'NS' },
    penalties: [{ seat: 'W', sanction: 'turnLost', rule: 'GD-PEN-14', note: LONGEST_NOTE }],
    result: worst.ended === true ? { winner: 'EW', reason: 'pastA' } : null,
    actions: { S: EIGHT_CARD_BOMB, E: EIGHT_CARD_BOMB, N: EIGHT_CARD_BOMB, W: EIGHT_CARD_BOMB },
    clock: {
      seat: worst.turn,
      since: CLOCK_SINCE,
      warningSeconds: 20,
      limitSeconds: 30,
      rule: 'GD-TIME-1',
    },
    exchange: null,
    moment: moment(worst.moment),
    history: [],
  };
}

export const LIVE: FeedStatus = { state: 'live', delayMs: 0 };

/** A rebuild after a raised delay, the longest reason, with its countdown. */
export function delayBuilding(): FeedStatus {
  return { state: 'delayBuilding', delayMs: 90_000, reason: 'raised', resumesAt: Date.now() + 90_000 };
}

export function frameFor(matchId: string, status: FeedStatus, view: MatchView): FeedFrame {
  return { type: 'feed', matchId, audience: 'broadcast', seq: 1, status, event: null, view };
}
