import type { GameEventDefinition } from './disclosure';
import type { GameEvent } from './game-event';
import type { AnyGameModule } from './module';
import type { Viewer } from './viewer';

const definitions = new WeakMap<object, ReadonlyMap<string, GameEventDefinition>>();

/** The module's definition of an event type, or undefined (the platform's own events, or an unknown one). */
export function eventDefinition(module: AnyGameModule, type: string): GameEventDefinition | undefined {
  let byType = definitions.get(module);
  if (byType === undefined) {
    byType = new Map(module.events.map((definition) => [definition.type, definition]));
    definitions.set(module, byType);
  }
  return byType.get(type);
}

/**
 * The one choke point for a game event's content: what `viewer` may see of it, or null for
 * nothing. Timing is the caller's (the broadcast receives it only once the delay has passed).
 * Fails closed: an event type the module does not define is staff-only.
 */
export function discloseEvent(module: AnyGameModule, event: GameEvent, viewer: Viewer): GameEvent | null {
  if (viewer.kind === 'staff') return event;
  const definition = eventDefinition(module, event.type);
  if (definition === undefined) return null;
  switch (definition.disclosure) {
    case 'public':
      return event;
    case 'staff':
      return null;
    case 'sealed':
      return ownedBy(definition, event, viewer) ? event : null;
    case 'delayed':
      if (viewer.kind === 'broadcast' || ownedBy(definition, event, viewer)) return event;
      return definition.publicForm?.(event) ?? null;
  }
}

function ownedBy(definition: GameEventDefinition, event: GameEvent, viewer: Viewer): boolean {
  return viewer.kind === 'seat' && (definition.owners?.(event) ?? []).includes(viewer.seat);
}

/**
 * The broadcast hold a game event opens (duplicate boards: its deal waits on the delayed feeds for
 * the last table of the set), or null; an event the module does not define opens none.
 */
export function broadcastHoldOf(module: AnyGameModule, event: GameEvent): string | null {
  return eventDefinition(module, event.type)?.holds?.(event) ?? null;
}

/** The broadcast hold a game event lifts and the time its delay runs from, or null. */
export function liftedHoldOf(
  module: AnyGameModule,
  event: GameEvent,
): { readonly hold: string; readonly at: number } | null {
  return eventDefinition(module, event.type)?.lifts?.(event) ?? null;
}
