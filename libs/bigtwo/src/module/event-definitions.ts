import { BOARD_DISCLOSURES, defineGameEvent, type GameEventDefinition } from '@tablecast/game-kit';
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
  // The match, the deal's commitment and reveal, the plays, passes, tricks, board end, broadcast hold
  // and rulings, disclosed as every seated board game discloses them (game-kit).
  ...BOARD_DISCLOSURES,
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
};

export const bigtwoEventDefinitions: readonly GameEventDefinition<BigTwoEvent>[] = bigtwoEventSchemas.map(
  (schema) =>
    defineGameEvent(
      schema as typeof schema & { readonly shape: { readonly type: { readonly value: BigTwoEventType } } },
      disclosures[schema.shape.type.value] as Disclose<BigTwoEventType>,
    ) as GameEventDefinition<BigTwoEvent>,
);
