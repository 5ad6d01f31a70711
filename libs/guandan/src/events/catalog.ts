import { z } from 'zod';
import {
  CardsDealtSchema,
  DeckCommittedSchema,
  DeckRevealedSchema,
  FirstLeadCutSchema,
  HandEndedSchema,
  HandStartedSchema,
  LeadAssignedSchema,
} from './deal-events';
import { PlayDutyImposedSchema } from './duty-events';
import { LevelsAwardedSchema, MatchCreatedSchema, MatchEndedSchema, TimeCalledSchema } from './match-events';
import { MatchForfeitedSchema, PenaltyIssuedSchema } from './penalty-events';
import {
  CardsPlayedSchema,
  CardsReportedSchema,
  PassedSchema,
  PlayerFinishedSchema,
  TrickWonSchema,
} from './play-events';
import {
  TributeAssignedSchema,
  TributeGivenSchema,
  ReturnChosenSchema,
  TributeResistedSchema,
  TributeReturnedSchema,
} from './tribute-events';

/**
 * The Guandan part of the event catalog: domain data only. libs/events wraps each in an envelope
 * (ids, actor, timestamps, hashes); these export names are a stable contract with it.
 */
export const guandanEventSchemas = [
  MatchCreatedSchema,
  HandStartedSchema,
  DeckCommittedSchema,
  CardsDealtSchema,
  FirstLeadCutSchema,
  TributeGivenSchema,
  TributeAssignedSchema,
  TributeReturnedSchema,
  ReturnChosenSchema,
  TributeResistedSchema,
  LeadAssignedSchema,
  CardsPlayedSchema,
  PassedSchema,
  CardsReportedSchema,
  PlayerFinishedSchema,
  TrickWonSchema,
  HandEndedSchema,
  DeckRevealedSchema,
  PenaltyIssuedSchema,
  PlayDutyImposedSchema,
  LevelsAwardedSchema,
  TimeCalledSchema,
  MatchForfeitedSchema,
  MatchEndedSchema,
] as const;

export const GuandanEventSchema = z.discriminatedUnion('type', guandanEventSchemas);
export type GuandanEvent = z.infer<typeof GuandanEventSchema>;
export type GuandanEventType = GuandanEvent['type'];
export type EventOf<T extends GuandanEventType> = Extract<GuandanEvent, { type: T }>;

export const guandanEventTypes: readonly GuandanEventType[] = guandanEventSchemas.map(
  (schema) => schema.shape.type.value,
);
