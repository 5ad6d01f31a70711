import { appealFiled, type AppealFiled } from './arbitration/appeal-filed';
import { correctionWindowEvents, type CorrectionWindowEvent } from './arbitration/correction-window-facts';
import { resultCorrected, type ResultCorrected } from './arbitration/result-corrected';
import { rulingIssued, type RulingIssued } from './arbitration/ruling-issued';
import { broadcastSettingsEvents, type BroadcastSettingsEvent } from './broadcast/broadcast-delay-set';
import { createCatalog, type EventCatalog } from './catalog/catalog';
import type { EventDefinition } from './catalog/definition';
import { keyingCorrectionEvents, type KeyingCorrectionEvent } from './corrections/keying-correction';
import { guandanEvents } from './games/guandan';
import { otherGamesEvents } from './games/other-games';
import { matchCreated, type MatchCreated } from './platform/match-created';
import { tournamentEvents, type TournamentEvent } from './tournament/tournament-events';
import type { GuandanEvent } from '@tablecast/guandan';
import type { AnyGameModule } from '@tablecast/game-kit';

export type ArbitrationEvent = AppealFiled | RulingIssued | ResultCorrected | CorrectionWindowEvent;
export const arbitrationEvents: readonly EventDefinition[] = [
  appealFiled,
  rulingIssued,
  resultCorrected,
  ...correctionWindowEvents,
];

/**
 * Each game contributes its own definitions; arbitration is shared by every game. A new game adds
 * one entry here and one member to `TablecastEvent`.
 */
export const gameEvents: Readonly<Record<string, readonly EventDefinition[]>> = { guandan: guandanEvents };

/** The game's events of every match stream; a stream opens with the platform's MatchCreated. */
export type GameStreamEvent = MatchCreated | Exclude<GuandanEvent, { readonly type: 'MatchCreated' }>;

export type TablecastEvent =
  GameStreamEvent | ArbitrationEvent | KeyingCorrectionEvent | BroadcastSettingsEvent | TournamentEvent;

export const tablecastCatalog: EventCatalog<TablecastEvent> = createCatalog<TablecastEvent>([
  matchCreated,
  ...Object.values(gameEvents).flat(),
  ...arbitrationEvents,
  ...keyingCorrectionEvents,
  ...broadcastSettingsEvents,
  ...tournamentEvents,
]);

/**
 * What a match log holds: the catalog's events, and the other games' under their stored names
 * (`doudizhu.BidMade`, see `games/other-games.ts`). The registry (libs/games) builds it from the
 * registered games, so this library never imports a game; the event store validates and reads with
 * it, and the published JSON Schemas stay those of the catalog above.
 */
export function matchLogCatalogOf(games: Iterable<AnyGameModule>): EventCatalog<TablecastEvent> {
  return createCatalog<TablecastEvent>([...tablecastCatalog.definitions, ...otherGamesEvents(games)]);
}
