import { z } from 'zod';
import {
  DoublesRevealedSchema,
  BidMadeSchema,
  DoubleChosenSchema,
  KittyRevealedSchema,
  LandlordChosenSchema,
  RedoubleChosenSchema,
} from './bid-events';
import {
  BoardPassedOutSchema,
  BoardHoldLiftedSchema,
  BoardStartedSchema,
  CardsDealtSchema,
  DeckCommittedSchema,
  DeckRevealedSchema,
} from './deal-events';
import { MatchCreatedSchema, MatchEndedSchema } from './match-events';
import { AppealDecidedSchema, AppealLodgedSchema, PenaltyIssuedSchema } from './penalty-events';
import {
  BoardEndedSchema,
  CardsPlayedSchema,
  CardsReportedSchema,
  PassedSchema,
  TrickWonSchema,
} from './play-events';

/** The Dou Dizhu event catalog: domain data only; the platform wraps each in its envelope. */
export const doudizhuEventSchemas = [
  MatchCreatedSchema,
  BoardStartedSchema,
  DeckCommittedSchema,
  CardsDealtSchema,
  BidMadeSchema,
  BoardPassedOutSchema,
  LandlordChosenSchema,
  DoubleChosenSchema,
  DoublesRevealedSchema,
  RedoubleChosenSchema,
  KittyRevealedSchema,
  CardsPlayedSchema,
  PassedSchema,
  TrickWonSchema,
  CardsReportedSchema,
  BoardEndedSchema,
  DeckRevealedSchema,
  BoardHoldLiftedSchema,
  PenaltyIssuedSchema,
  AppealLodgedSchema,
  AppealDecidedSchema,
  MatchEndedSchema,
] as const;

export const DoudizhuEventSchema = z.discriminatedUnion('type', doudizhuEventSchemas);
export type DoudizhuEvent = z.infer<typeof DoudizhuEventSchema>;
export type DoudizhuEventType = DoudizhuEvent['type'];
export type DdzEventOf<T extends DoudizhuEventType> = Extract<DoudizhuEvent, { type: T }>;

export const doudizhuEventTypes: readonly DoudizhuEventType[] = doudizhuEventSchemas.map(
  (schema) => schema.shape.type.value,
);

/**
 * Who may see an event, before any per-audience redaction: `public` to every feed; `staff` to
 * arbiters only (the whole deal, and a defender's double until DoublesRevealed, DDZ-DBL-1).
 */
export const DOUDIZHU_DISCLOSURE: Readonly<Record<DoudizhuEventType, 'public' | 'staff'>> = {
  MatchCreated: 'public',
  BoardStarted: 'public',
  DeckCommitted: 'public',
  CardsDealt: 'staff',
  BidMade: 'public',
  BoardPassedOut: 'public',
  LandlordChosen: 'public',
  DoubleChosen: 'staff',
  DoublesRevealed: 'public',
  RedoubleChosen: 'public',
  KittyRevealed: 'public',
  CardsPlayed: 'public',
  Passed: 'public',
  TrickWon: 'public',
  CardsReported: 'public',
  BoardEnded: 'public',
  DeckRevealed: 'public',
  BoardHoldLifted: 'public',
  PenaltyIssued: 'public',
  AppealLodged: 'public',
  AppealDecided: 'public',
  MatchEnded: 'public',
};
