/** The domain part of an event: its type and data. libs/events wraps it in the platform envelope. */
export interface GameEvent {
  readonly type: string;
  readonly data: unknown;
}

/** An event with its position in the match stream (the stream revision, from 0). */
export interface RevisionedEvent extends GameEvent {
  readonly revision: number;
}
