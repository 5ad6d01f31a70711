import { defineGameEvent, type GameEventDefinition } from '@tablecast/game-kit';
import {
  doudizhuEventSchemas,
  type DdzEventOf,
  type DoudizhuEvent,
  type DoudizhuEventType,
} from '../events/catalog';

type Disclose<T extends DoudizhuEventType> = Omit<GameEventDefinition<DdzEventOf<T>>, 'type' | 'schema'>;

const PUBLIC = { disclosure: 'public' } as const;

/**
 * Who may see each Dou Dizhu event, and what of it. A `Record` over every event type, so a new
 * event does not compile until someone decides. A card still in a hand or in the face-down kitty
 * is `delayed`; a defender's double is `sealed` until both are revealed together (DDZ-DBL-1).
 */
const disclosures: { readonly [T in DoudizhuEventType]: Disclose<T> } = {
  MatchCreated: PUBLIC,
  // DEC-DDZ-5: a board of a set that declares its tables opens a broadcast hold: its deal and
  // everything after it wait on the delayed feeds until BoardHoldLifted, then the delay.
  BoardStarted: {
    disclosure: 'public',
    holds: ({ data }) => (data.held === true ? String(data.board) : null),
  },
  // The commitment is worth something only if it is public before any card is seen.
  DeckCommitted: PUBLIC,
  // DDZ-DEAL-1: the hall sees 17 cards go to each seat and 3 to the kitty, never which.
  CardsDealt: {
    disclosure: 'delayed',
    publicForm: ({ type, data: { board, redeal, hands, kitty } }) => ({
      type,
      data: { board, redeal, counts: hands.map((h) => h.length), kitty: kitty.length },
    }),
  },
  BidMade: PUBLIC,
  BoardPassedOut: PUBLIC,
  LandlordChosen: PUBLIC,
  // DDZ-DBL-1: the chooser and staff only, on no feed, until DoublesRevealed shows both at once.
  DoubleChosen: { disclosure: 'sealed', owners: ({ data }) => [String(data.seat)] },
  DoublesRevealed: PUBLIC,
  RedoubleChosen: PUBLIC,
  // DDZ-DEAL-2: the kitty is shown to all three players.
  KittyRevealed: PUBLIC,
  CardsPlayed: PUBLIC,
  Passed: PUBLIC,
  TrickWon: PUBLIC,
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
  // DDZ-APL-2: the committee's votes stay with staff; the decision is public.
  AppealDecided: {
    disclosure: 'delayed',
    publicForm: ({ type, data: { appeal, upheld, feeRefunded } }) => ({
      type,
      data: { appeal, upheld, feeRefunded },
    }),
  },
  MatchEnded: PUBLIC,
};

export const doudizhuEventDefinitions: readonly GameEventDefinition<DoudizhuEvent>[] =
  doudizhuEventSchemas.map(
    (schema) =>
      defineGameEvent(
        schema as typeof schema & {
          readonly shape: { readonly type: { readonly value: DoudizhuEventType } };
        },
        disclosures[schema.shape.type.value] as Disclose<DoudizhuEventType>,
      ) as GameEventDefinition<DoudizhuEvent>,
  );
