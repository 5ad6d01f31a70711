import type { RevisionedEvent } from './game-event';

/** The platform's keying-correction events: they live in a match stream beside the game's own. */
export const CORRECTION_EVENT_TYPES = [
  'CorrectionRequested',
  'CorrectionConfirmed',
  'CorrectionRejected',
] as const;

export function isCorrectionEvent(type: string): boolean {
  return type === 'CorrectionRequested' || type === 'CorrectionConfirmed' || type === 'CorrectionRejected';
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

/** A confirmed correction retracts events: a state folded before it must be folded again from the whole stream. */
export function needsRefold(events: readonly { readonly type: string }[]): boolean {
  return events.some((event) => event.type === 'CorrectionConfirmed');
}
