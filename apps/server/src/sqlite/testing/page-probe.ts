import type { UnsealedEvent } from '@tablecast/event-store';

/**
 * The n-th of a run of `Probe` events of about one 4 KiB SQLite page each, for the tests that
 * count WAL pages: the event id is derived from n, the rest of the envelope is fixed.
 */
export function pageProbe(n: number): UnsealedEvent {
  return {
    type: 'Probe',
    data: { n, filler: 'x'.repeat(3000) },
    metadata: {
      eventId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
      correlationId: 'test',
      causationId: null,
      actor: { id: 'test', role: 'system' },
      recordedAt: '2026-11-24T12:00:00.000Z',
      schemaVersion: 1,
    },
  };
}
