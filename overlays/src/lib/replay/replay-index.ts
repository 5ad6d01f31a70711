import { isCardId, type Face } from '@tablecast/cards/view';
import type { MatchNames } from '@tablecast/protocol';

/** One event of the match as the staff timeline gives it (`GET /api/matches/:id/timeline`). */
export interface IndexedEvent {
  readonly revision: number;
  readonly type: string;
  readonly data: unknown;
  readonly actor: { readonly id: string; readonly role: string };
}

/** The kinds of place an arbiter jumps between. */
export type JumpKind = 'deal' | 'penalty' | 'appeal' | 'correction';
export const JUMP_KINDS: readonly JumpKind[] = ['deal', 'penalty', 'appeal', 'correction'];

const TYPES_OF: Readonly<Record<Exclude<JumpKind, 'appeal'>, readonly string[]>> = {
  deal: ['HandStarted'],
  penalty: ['PenaltyIssued'],
  correction: ['CorrectionRequested', 'CorrectionConfirmed', 'CorrectionRejected', 'ResultCorrected'],
};

/**
 * The positions of one kind, ascending. Appeals live in their own streams: their places in the
 * match are the events they dispute (`contested`, from the appeals beside the replay).
 */
export function positionsOf(
  kind: JumpKind,
  events: readonly IndexedEvent[],
  contested: readonly number[] = [],
): number[] {
  if (kind === 'appeal') return [...new Set(contested)].sort((a, b) => a - b);
  const types = TYPES_OF[kind];
  return events.filter((e) => types.includes(e.type)).map((e) => e.revision);
}

/** The first position after `current`, or null. */
export function nextOf(positions: readonly number[], current: number): number | null {
  return positions.find((p) => p > current) ?? null;
}

/** The last position before `current`, or null. */
export function previousOf(positions: readonly number[], current: number): number | null {
  const before = positions.filter((p) => p < current);
  return before.length === 0 ? null : (before[before.length - 1] ?? null);
}

const SUIT_WORDS: Readonly<Record<string, string>> = {
  '♠': 'S',
  s: 'S',
  黑桃: 'S',
  '♥': 'H',
  h: 'H',
  红桃: 'H',
  红心: 'H',
  '♣': 'C',
  c: 'C',
  梅花: 'C',
  草花: 'C',
  '♦': 'D',
  d: 'D',
  方块: 'D',
  方片: 'D',
};
const RANK_WORDS: Readonly<Record<string, string>> = { '10': 'T', t: 'T', j: 'J', q: 'Q', k: 'K', a: 'A' };
const JOKER_WORDS: Readonly<Record<string, Face>> = {
  bj: 'BJ',
  小王: 'BJ',
  小鬼: 'BJ',
  rj: 'RJ',
  大王: 'RJ',
  大鬼: 'RJ',
};

/**
 * A card as an arbiter types it — `10♥`, `♥10`, `TH`, `HT`, `h10`, `红桃10`, `大王` — as its face
 * (suit then rank, `HT`); null when the text is not one card.
 */
export function parseCardQuery(query: string): Face | null {
  const text = query.trim().toLowerCase().replace(/\s+/g, '');
  const joker = JOKER_WORDS[text];
  if (joker) return joker;
  for (const [word, suit] of Object.entries(SUIT_WORDS)) {
    for (const rest of [
      text.startsWith(word) ? text.slice(word.length) : null,
      text.endsWith(word) ? text.slice(0, -word.length) : null,
    ]) {
      if (rest === null || rest === '') continue;
      const rank = RANK_WORDS[rest] ?? (/^[2-9]$/.test(rest) ? rest : null);
      if (rank !== null) return `${suit}${rank}` as Face;
    }
  }
  return null;
}

const SEATS = ['S', 'E', 'N', 'W'] as const;
type Seat = (typeof SEATS)[number];
const SEAT_WORDS: Readonly<Record<string, Seat>> = {
  s: 'S',
  south: 'S',
  南: 'S',
  e: 'E',
  east: 'E',
  东: 'E',
  n: 'N',
  north: 'N',
  北: 'N',
  w: 'W',
  west: 'W',
  西: 'W',
};

/** A seat as typed: its letter, its name in either language, or the player's name. */
export function parseSeatQuery(query: string, names: MatchNames | null): Seat | null {
  const text = query.trim().toLowerCase();
  const seat = SEAT_WORDS[text];
  if (seat) return seat;
  return SEATS.find((s) => names !== null && names.players[s].toLowerCase() === text) ?? null;
}

/** Events that hold every card (the deal, the deck's commitment and reveal): never a search hit. */
const WHOLE_DECK = new Set(['CardsDealt', 'DeckCommitted', 'DeckRevealed', 'HandStarted']);

export interface SearchHit {
  readonly revision: number;
  readonly type: string;
}

/**
 * The events that name a card (played, given in tribute, returned, reported) or concern a seat
 * (its plays, passes, penalties: `seat` in the data), oldest first. A query that is neither a
 * card nor a seat finds nothing.
 */
export function searchEvents(
  events: readonly IndexedEvent[],
  query: string,
  names: MatchNames | null,
): SearchHit[] {
  const face = parseCardQuery(query);
  const seat = face === null ? parseSeatQuery(query, names) : null;
  if (face === null && seat === null) return [];
  return events
    .filter((event) =>
      face !== null
        ? !WHOLE_DECK.has(event.type) && cardsIn(event.data).some((card) => card.slice(0, 2) === face)
        : seatOf(event.data) === seat,
    )
    .map((event) => ({ revision: event.revision, type: event.type }));
}

function cardsIn(value: unknown): string[] {
  if (isCardId(value)) return [value];
  if (Array.isArray(value)) return value.flatMap(cardsIn);
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(cardsIn);
  return [];
}

function seatOf(data: unknown): unknown {
  return typeof data === 'object' && data !== null ? (data as { seat?: unknown }).seat : undefined;
}
