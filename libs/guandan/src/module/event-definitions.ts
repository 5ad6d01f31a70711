import { defineGameEvent, type GameEventDefinition } from '@tablecast/game-kit';
import {
  guandanEventSchemas,
  type EventOf,
  type GuandanEvent,
  type GuandanEventType,
} from '../events/catalog';

type Disclose<T extends GuandanEventType> = Omit<GameEventDefinition<EventOf<T>>, 'type' | 'schema'>;

const PUBLIC = { disclosure: 'public' } as const;

/**
 * Who may see each Guandan event, and what of it (see DisclosureClass). A `Record` over every event
 * type, so a new rules event does not compile until someone decides. Anything that names a card
 * still in (or passing into) a hand is `delayed`, its public form built field by field; what a
 * spectator in the hall could see at the table is `public`, the deck commitment included (it must
 * be public before any card is seen to be worth anything).
 */
const disclosures: { readonly [T in GuandanEventType]: Disclose<T> } = {
  MatchCreated: PUBLIC,
  HandStarted: PUBLIC,
  DeckCommitted: PUBLIC,
  // GD-DEAL-2: the hall sees 27 cards go to each player, face down, never which.
  CardsDealt: {
    disclosure: 'delayed',
    publicForm: ({ type, data: { handNumber, firstDrawer, hands } }) => ({
      type,
      data: {
        handNumber,
        firstDrawer,
        counts: { S: hands.S.length, E: hands.E.length, N: hands.N.length, W: hands.W.length },
      },
    }),
  },
  // GD-LEAD-1, DEC-GD-3: the turned card stays in its drawer's hand and the recuts say who drew a
  // joker; in a software deal (GD-DEAL-5) nothing was turned in the hall, so only the leader is public.
  FirstLeadCut: {
    disclosure: 'delayed',
    publicForm: ({ type, data }) => ({ type, data: { seat: data.seat } }),
  },
  // GD-TRIB-1…5: who pays whom is seen at the table; the card goes into a hand face down.
  TributeGiven: {
    disclosure: 'delayed',
    publicForm: ({ type, data }) => ({ type, data: { from: data.from } }),
    owners: ({ data }) => [data.from],
  },
  TributeAssigned: {
    disclosure: 'delayed',
    publicForm: ({ type, data }) => ({
      type,
      data: { assignments: data.assignments.map(({ from, to }) => ({ from, to })) },
    }),
  },
  TributeReturned: {
    disclosure: 'delayed',
    publicForm: ({ type, data }) => ({ type, data: { from: data.from, to: data.to } }),
    owners: ({ data }) => [data.from, data.to],
  },
  // GD-VAR-004-3: which returned card a tributer took is a card going into his hand.
  ReturnChosen: {
    disclosure: 'delayed',
    publicForm: ({ type, data }) => ({ type, data: { seat: data.seat } }),
  },
  TributeResisted: PUBLIC,
  LeadAssigned: PUBLIC,
  CardsPlayed: PUBLIC,
  Passed: PUBLIC,
  CardsReported: PUBLIC,
  PlayerFinished: PUBLIC,
  TrickWon: PUBLIC,
  HandEnded: PUBLIC,
  // The full order and salt: the delayed broadcast's (commit-reveal on air).
  DeckRevealed: { disclosure: 'delayed' },
  // The referee's free-text note may describe the breach with the cards involved.
  PenaltyIssued: {
    disclosure: 'delayed',
    publicForm: ({ type, data: { seat, sanction, rule } }) => ({ type, data: { seat, sanction, rule } }),
  },
  // GD-TRIB-9, GD-PEN-9: a ruling's duty may name a card still in the bearer's hand.
  PlayDutyImposed: { disclosure: 'delayed', owners: ({ data }) => [data.seat] },
  LevelsAwarded: PUBLIC,
  TimeCalled: PUBLIC,
  MatchForfeited: PUBLIC,
  MatchEnded: PUBLIC,
};

export const guandanEventDefinitions: readonly GameEventDefinition<GuandanEvent>[] = guandanEventSchemas.map(
  (schema) =>
    defineGameEvent(
      schema as typeof schema & { readonly shape: { readonly type: { readonly value: GuandanEventType } } },
      disclosures[schema.shape.type.value] as Disclose<GuandanEventType>,
    ) as GameEventDefinition<GuandanEvent>,
);
