/** The smallest event shape folds need: a type, data and the event's stream revision. */
export interface RevisionedEvent {
  readonly type: string;
  readonly data: unknown;
  readonly revision: number;
}

/**
 * The events of a match stream still in effect: each confirmed keying correction retracts the
 * events in its `retracted` range (earlier corrections' own events are never retracted, so the
 * log of who asked for what stays readable). Later corrections may retract across earlier ones.
 */
export function effectiveEvents<E extends RevisionedEvent>(events: readonly E[]): E[] {
  const retracted: { from: number; to: number }[] = [];
  for (const event of events) {
    if (event.type === 'CorrectionConfirmed') {
      const range = (event.data as { retracted: { from: number; to: number } }).retracted;
      retracted.push(range);
    }
  }
  if (retracted.length === 0) return [...events];
  return events.filter(
    (event) =>
      isCorrectionEvent(event.type) ||
      !retracted.some((r) => event.revision >= r.from && event.revision <= r.to),
  );
}

export function isCorrectionEvent(type: string): boolean {
  return type === 'CorrectionRequested' || type === 'CorrectionConfirmed' || type === 'CorrectionRejected';
}
