import { BOARD_DISCLOSURES, defineGameEvent, type GameEventDefinition } from '@tablecast/game-kit';
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
  // The match, the deal's commitment and reveal, the plays, passes, tricks, board end, broadcast hold
  // and rulings, disclosed as every seated board game discloses them (game-kit).
  ...BOARD_DISCLOSURES,
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
