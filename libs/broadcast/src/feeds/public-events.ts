import {
  arbitrationEvents,
  broadcastSettingsEvents,
  keyingCorrectionEvents,
  type ArbitrationEvent,
  type BroadcastSettingsEvent,
  type Disclosure,
  type EventDefinition,
  type KeyingCorrectionEvent,
} from '@tablecast/events';
import type { LoggedEvent } from './feed-input';

/**
 * The platform's own events of a match stream, whatever the game: appeals and rulings, keying
 * corrections, the broadcast delay. A game's events are the game module's to disclose.
 */
export type PlatformEvent = ArbitrationEvent | KeyingCorrectionEvent | BroadcastSettingsEvent;

const platformDefinitions: ReadonlyMap<string, EventDefinition> = new Map(
  [...arbitrationEvents, ...keyingCorrectionEvents, ...broadcastSettingsEvents].map((definition) => [
    definition.type,
    definition,
  ]),
);

/** The platform event's disclosure class from the catalog; null when it is no platform event. */
export function platformDisclosureOf(event: LoggedEvent): Disclosure | null {
  return platformDefinitions.get(event.type)?.disclosure ?? null;
}

export function isPlatformEvent(event: LoggedEvent): event is PlatformEvent {
  return platformDefinitions.has(event.type);
}

/**
 * The field-level public form of a platform event: what the venue may receive live, or null when
 * nothing of it is public. The disclosure class decides first (in `redact`); this switch then
 * removes whatever goes beyond what a spectator in the hall could see. Exhaustive, so a new
 * platform event does not compile until someone decides its public form.
 */
export function publicForm(event: PlatformEvent): { readonly type: string; readonly data: unknown } | null {
  switch (event.type) {
    case 'AppealFiled':
      return null;
    // Rulings are announced; the votes per member and the reasoning stay with the committee.
    case 'RulingIssued': {
      const { appealId, rulingId, outcome } = event.data;
      return { type: event.type, data: { appealId, rulingId, outcome } };
    }
    // The players leaving the table and the published pairings are seen by the hall.
    case 'PlayersLeftTable':
    case 'PairingsPublished':
      return event;
    case 'ResultCorrected': {
      const { correctionId, matchId, handNumber, reason, rulingId } = event.data;
      return { type: event.type, data: { correctionId, matchId, handNumber, reason, rulingId } };
    }
    // Keying corrections: the request is table business; a confirmed retraction withdraws
    // public plays, so the hall learns which revisions no longer count (no cards in it).
    case 'CorrectionRequested':
    case 'CorrectionRejected':
      return null;
    case 'CorrectionConfirmed':
      return event;
    // TC-FEED-1: the delay is no secret (every delayed frame states it in status.delayMs).
    case 'BroadcastDelaySet':
      return event;
    default:
      return unreachable(event);
  }
}

function unreachable(event: never): null {
  return event;
}
