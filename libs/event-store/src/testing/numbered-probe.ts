import type { UnsealedEvent } from '../port';

/**
 * The n-th of a run of `Probe` events carrying `data`, for the SQLite log's own tests: the event id
 * is derived from n (so a test can name the event it appended), the rest of the envelope is fixed.
 */
export function numberedProbe(n: number, data: Record<string, unknown>): UnsealedEvent {
  return {
    type: 'Probe',
    data,
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

/**
 * The n-th of a run of `Probe` events of about one 4 KiB SQLite page each, for the tests that
 * count WAL pages.
 */
export function pageProbe(n: number): UnsealedEvent {
  return numberedProbe(n, { n, filler: 'x'.repeat(3000) });
}
