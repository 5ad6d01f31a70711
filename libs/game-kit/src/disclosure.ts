import type { z } from 'zod';
import type { GameEvent } from './game-event';

/**
 * Who may see an event, and when (the per-audience rights are in `Viewer`):
 * - `public`: everyone, live, whole (a play, a pass, a bid, a revealed kitty, a shown hand 明牌,
 *   a deck commitment, a score);
 * - `delayed`: carries hidden information (a deal, a card passed between hands, a deck's salt):
 *   staff live and the broadcast after its delay see it whole; its `owners` (the seats whose own
 *   cards it names) see it whole live; everyone else gets its `publicForm`, or nothing;
 * - `sealed`: a simultaneous hidden choice (Dou Dizhu doubling, DDZ-DBL-1): staff and the choosing
 *   seats only, on no feed at all, not even the delayed broadcast. The module reveals the choices
 *   together in a later `public` event once all are in;
 * - `staff`: never leaves staff (appeal statements, votes).
 * An event type the module does not define is `staff` (fail closed).
 */
export const disclosureClasses = ['public', 'delayed', 'sealed', 'staff'] as const;
export type DisclosureClass = (typeof disclosureClasses)[number];

/** A schema version that is no longer written but can still be read and upgraded (libs/events' PastVersion). */
export interface PastEventVersion {
  readonly version: number;
  readonly data: z.ZodType;
  /** Upgrades `data` of this version to the next version's shape. */
  readonly upcast: (data: unknown) => unknown;
}

/** One event type of a game: its schema, who may see it, and the parts of it that are public. */
export interface GameEventDefinition<E extends GameEvent = GameEvent> {
  readonly type: E['type'];
  /** `z.object({ type: z.literal(type), data: z.object({...}) })`: domain data only, no envelope. */
  readonly schema: z.ZodType<E>;
  readonly disclosure: DisclosureClass;
  /**
   * For `delayed` events: what the venue and the other seats may see of it live, built field by
   * field (never by copying the event and deleting fields, so a field added later stays hidden).
   * Absent, they see nothing of the event.
   */
  publicForm?(event: E): GameEvent | null;
  /** For `delayed` and `sealed` events: the seats that see it whole live (the hand's holder, the chooser). */
  owners?(event: E): readonly string[];
  /**
   * Duplicate boards: the broadcast hold this event opens (a key, the board), or null. The delayed
   * audiences receive it, and so everything after it, only once an event that `lifts` the same
   * hold is in the log, and then no earlier than the delay after the time that event names.
   */
  holds?(event: E): string | null;
  /** The broadcast hold this event lifts, and the time the delay runs from. */
  lifts?(event: E): { readonly hold: string; readonly at: number } | null;
  /** Older versions, ascending from 1, each with its upcaster to the next. */
  readonly history?: readonly PastEventVersion[];
}

/** The shape of an event schema from which the type can be read. */
export type EventSchema<E extends GameEvent> = z.ZodType<E> & {
  readonly shape: { readonly type: { readonly value: E['type'] } };
};

export function defineGameEvent<E extends GameEvent>(
  schema: EventSchema<E>,
  options: Omit<GameEventDefinition<E>, 'type' | 'schema'>,
): GameEventDefinition<E> {
  if (options.disclosure === 'public' && (options.publicForm || options.owners)) {
    throw new RangeError(
      `${schema.shape.type.value}: a public event is shown whole; it has no public form or owners`,
    );
  }
  return { type: schema.shape.type.value, schema, ...options };
}
