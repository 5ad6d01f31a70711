import {
  GuandanMatchCreatedSchema,
  guandanEventSchemas,
  type EventOf,
  type GuandanEvent,
  type GuandanEventType,
} from '@tablecast/guandan';
import { defineEvent, pastVersion, type Disclosure, type EventDefinition } from '@tablecast/events';

/**
 * Who may see each Guandan event (see Disclosure). A `Record` over every event type, so a new
 * rules event does not compile until someone decides who may see it.
 * - Anything that reveals a card still in (or passing into) a hand is `delayed`: the deal, the
 *   tribute and return cards, and the reveal of the full order.
 * - Everything a spectator in the hall could see at the table is `public`, including the deck
 *   commitment (it must be public before any card is seen to be worth anything).
 */
// The string index lets a classification land before the rules event it describes (the two
// libraries are committed separately); every GuandanEventType key is still required.
export const guandanDisclosure: Readonly<Record<GuandanEventType, Disclosure>> &
  Readonly<Record<string, Disclosure>> = {
  MatchCreated: 'public',
  HandStarted: 'public',
  DeckCommitted: 'public',
  CardsDealt: 'delayed',
  FirstLeadCut: 'public',
  TributeGiven: 'delayed',
  TributeAssigned: 'delayed',
  TributeReturned: 'delayed',
  // GD-VAR-004-3: names a returned card that ends up in a hand.
  ReturnChosen: 'delayed',
  TributeResisted: 'public',
  LeadAssigned: 'public',
  CardsPlayed: 'public',
  Passed: 'public',
  CardsReported: 'public',
  PlayerFinished: 'public',
  TrickWon: 'public',
  HandEnded: 'public',
  DeckRevealed: 'delayed',
  PenaltyIssued: 'public',
  // GD-TRIB-9, GD-PEN-9: a ruling's duty may name a card still in a hand (the shown highest card,
  // the taken-back lead), so it goes out with the delay.
  PlayDutyImposed: 'delayed',
  LevelsAwarded: 'public',
  TimeCalled: 'public',
  MatchForfeited: 'public',
  MatchEnded: 'public',
};

/**
 * Guandan's events in the platform catalog. Its MatchCreated is not among them: every match opens
 * with the platform's (libs/events, `platform/match-created.ts`), which reads the Guandan one
 * stored before with `legacyMatchCreated` below.
 */
export const guandanEvents: readonly EventDefinition[] = guandanEventSchemas
  .filter((schema) => schema.shape.type.value !== 'MatchCreated')
  .map((schema) =>
    defineEvent<GuandanEvent>(schema, { disclosure: guandanDisclosure[schema.shape.type.value] }),
  );

/**
 * A Guandan match's opening event, read as Guandan's: the platform's MatchCreated names its game,
 * and only a Guandan game's carries the teams, ruleset and format Guandan's readers use.
 */
export function isGuandanMatchCreated(
  event: { readonly type: string; readonly data: unknown } | undefined,
): event is EventOf<'MatchCreated'> {
  if (event?.type !== 'MatchCreated') return false;
  // No game: written before the platform's MatchCreated, when every match was Guandan's (see the upcaster).
  const game = (event.data as { game?: unknown }).game;
  return game === 'guandan' || game === undefined;
}

/** Guandan's seats in play order, as every match stored before the seam sat them (GD-SEAT-1). */
const LEGACY_GUANDAN_SEATS = ['S', 'E', 'N', 'W'] as const;

/**
 * v1 of the platform's MatchCreated: the one stored before it, Guandan's (every match then was a
 * Guandan game). Read as the platform's by naming its game and seats; the stored bytes, and so the
 * hash chain over them, stay as they were.
 */
export const legacyMatchCreated = pastVersion(
  1,
  GuandanMatchCreatedSchema.shape.data.omit({ game: true, seats: true }),
  (data) => ({
    game: 'guandan',
    seats: [...LEGACY_GUANDAN_SEATS],
    ...data,
  }),
);
