import { appealFiled, type AppealFiled } from './arbitration/appeal-filed';
import { correctionWindowEvents, type CorrectionWindowEvent } from './arbitration/correction-window-facts';
import { resultCorrected, type ResultCorrected } from './arbitration/result-corrected';
import { rulingIssued, type RulingIssued } from './arbitration/ruling-issued';
import { broadcastSettingsEvents, type BroadcastSettingsEvent } from './broadcast/broadcast-delay-set';
import { createCatalog, type EventCatalog } from './catalog/catalog';
import type { EventDefinition, PastVersion } from './catalog/definition';
import { keyingCorrectionEvents, type KeyingCorrectionEvent } from './corrections/keying-correction';
import { matchCreatedEvent, type MatchCreated } from './platform/match-created';
import { tournamentEvents, type TournamentEvent } from './tournament/tournament-events';

export type ArbitrationEvent = AppealFiled | RulingIssued | ResultCorrected | CorrectionWindowEvent;
export const arbitrationEvents: readonly EventDefinition[] = [
  appealFiled,
  rulingIssued,
  resultCorrected,
  ...correctionWindowEvents,
];

/**
 * The games' own events of a match stream, each game's under its id. This library knows no game,
 * so here it is empty: the registry (libs/games) adds the games' by declaration merging
 * (`declare module '@tablecast/events'`). Wherever the registry is part of a program (the apps,
 * the registry itself), `TablecastEvent` narrows to a game's event by its type; a generic library,
 * which never imports the registry, sees the platform's events only.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging in libs/games
export interface GameStreamEvents {}

/** The game's events of every match stream; a stream opens with the platform's MatchCreated. */
// eslint-disable-next-line @typescript-eslint/no-redundant-type-constituents -- `never` here, the games' where the registry is
export type GameStreamEvent = MatchCreated | GameStreamEvents[keyof GameStreamEvents];

export type TablecastEvent =
  GameStreamEvent | ArbitrationEvent | KeyingCorrectionEvent | BroadcastSettingsEvent | TournamentEvent;

/**
 * The platform's own events besides MatchCreated, shared by every game, in the catalog's order:
 * arbitration, keying corrections, broadcast settings, tournaments.
 */
export const platformEvents: readonly EventDefinition[] = [
  ...arbitrationEvents,
  ...keyingCorrectionEvents,
  ...broadcastSettingsEvents,
  ...tournamentEvents,
];

/** What the registry brings to the platform's catalog from the games it registers. */
export interface CatalogGames {
  /** How to read the MatchCreated stored before the platform's (its v1; see `matchCreatedEvent`). */
  readonly matchCreatedV1: PastVersion;
  /** The games' events stored under their own names; never MatchCreated (the platform's opens every stream). */
  readonly events: readonly EventDefinition[];
}

/**
 * The platform's catalog: MatchCreated, the games' events, then the platform's own. The registry
 * builds it (`tablecastCatalog` of @tablecast/games), so this library never imports a game; its
 * JSON Schemas are the published ones.
 */
export function tablecastCatalogOf(games: CatalogGames): EventCatalog<TablecastEvent> {
  return createCatalog<TablecastEvent>([
    matchCreatedEvent(games.matchCreatedV1),
    ...games.events,
    ...platformEvents,
  ]);
}
