import { z } from 'zod';
import { DoubleChosenSchema, HandShownSchema, ShowDeclinedSchema } from './choice-events';
import {
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

/** The Big Two event catalog: domain data only; the platform wraps each in its envelope. */
export const bigtwoEventSchemas = [
  MatchCreatedSchema,
  BoardStartedSchema,
  DeckCommittedSchema,
  CardsDealtSchema,
  HandShownSchema,
  ShowDeclinedSchema,
  DoubleChosenSchema,
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

export const BigTwoEventSchema = z.discriminatedUnion('type', bigtwoEventSchemas);
export type BigTwoEvent = z.infer<typeof BigTwoEventSchema>;
export type BigTwoEventType = BigTwoEvent['type'];
export type B2EventOf<T extends BigTwoEventType> = Extract<BigTwoEvent, { type: T }>;

export const bigtwoEventTypes: readonly BigTwoEventType[] = bigtwoEventSchemas.map(
  (schema) => schema.shape.type.value,
);
