import { defineGameEvent, type GameEventDefinition } from '@tablecast/game-kit';
import {
  bigtwoEventSchemas,
  type B2EventOf,
  type BigTwoEvent,
  type BigTwoEventType,
} from '../events/catalog';
import { SEATS } from '../events/primitives';

type Disclose<T extends BigTwoEventType> = Omit<GameEventDefinition<B2EventOf<T>>, 'type' | 'schema'>;

const PUBLIC = { disclosure: 'public' } as const;

/**
 * Who may see each Big Two event, and what of it. A `Record` over every event type, so a new event
 * does not compile until someone decides. A card still in a hand is `delayed` (staff, the delayed
 * broadcast and its holder), except a hand its holder has shown (B2-SHOW-1): HandShown is public,
 * so the venue gets the 13 faces at the moment of the show and not before.
 */
const disclosures: { readonly [T in BigTwoEventType]: Disclose<T> } = {
  MatchCreated: PUBLIC,
  // DEC-B2-5: a board of a set that declares its tables opens a broadcast hold: its deal and
  // everything after it wait on the delayed feeds until BoardHoldLifted, then the delay.
  BoardStarted: {
    disclosure: 'public',
    holds: ({ data }) => (data.held === true ? String(data.board) : null),
  },
  // The commitment is worth something only if it is public before any card is seen.
  DeckCommitted: PUBLIC,
  // B2-DEAL-1: the hall sees 13 cards go to each seat, never which; who holds ♦3 (首家) is public,
  // since he chooses first and must lead it (B2-TERM-1, B2-PLAY-1).
  CardsDealt: {
    disclosure: 'delayed',
    publicForm: ({ type, data: { board, hands, firstSeat } }) => ({
      type,
      data: { board, counts: Object.fromEntries(SEATS.map((s) => [s, hands[s].length])), firstSeat },
    }),
  },
  // B2-SHOW-1: 明牌 shows the whole hand to every audience, from this event on.
  HandShown: PUBLIC,
  ShowDeclined: PUBLIC,
  // B2-DBL-1: the doubling choices are made in turn, openly.
  DoubleChosen: PUBLIC,
  CardsPlayed: PUBLIC,
  Passed: PUBLIC,
  TrickWon: PUBLIC,
  // B2-PLAY-6: 報單 is told to the table.
  CardsReported: PUBLIC,
  BoardEnded: PUBLIC,
  // Written after the board has ended, when no card is hidden any more.
  DeckRevealed: PUBLIC,
  BoardHoldLifted: {
    disclosure: 'public',
    lifts: ({ data }) => ({ hold: String(data.board), at: data.at }),
  },
  // The arbiter's note may describe a player's holding; the ruling itself is public.
  PenaltyIssued: {
    disclosure: 'delayed',
    publicForm: ({ type, data: { penalty, seat, rule, sanction, points } }) => ({
      type,
      data: { penalty, seat, rule, sanction, points },
    }),
  },
  // The grounds are the appellant's statement (staff); that an appeal was lodged is public.
  AppealLodged: {
    disclosure: 'delayed',
    publicForm: ({ type, data: { appeal, penalty, seat } }) => ({ type, data: { appeal, penalty, seat } }),
  },
  // B2-APL-2: the committee's votes stay with staff; the decision is public.
  AppealDecided: {
    disclosure: 'delayed',
    publicForm: ({ type, data: { appeal, upheld, feeRefunded } }) => ({
      type,
      data: { appeal, upheld, feeRefunded },
    }),
  },
  MatchEnded: PUBLIC,
};

export const bigtwoEventDefinitions: readonly GameEventDefinition<BigTwoEvent>[] = bigtwoEventSchemas.map(
  (schema) =>
    defineGameEvent(
      schema as typeof schema & { readonly shape: { readonly type: { readonly value: BigTwoEventType } } },
      disclosures[schema.shape.type.value] as Disclose<BigTwoEventType>,
    ) as GameEventDefinition<BigTwoEvent>,
);
