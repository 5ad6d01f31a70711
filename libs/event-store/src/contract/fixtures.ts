import { randomUUID } from 'node:crypto';
import type { NewEvent } from '@tablecast/events';
import type { StoreTestEvent } from './store-catalog';
import type { UnsealedEvent } from '../port';

/** Fresh ids per test, so the suite can share one KurrentDB server without tests seeing each other. */
export function uniqueId(): string {
  return randomUUID().replaceAll('-', '').slice(0, 20);
}

export const operator = { id: 'operator-table-1', role: 'operator' } as const;

/** The n-th of a run of numbered `Passed` events for the SQLite log's own tests (seats cycle S, E, N, W). */
export function numberedPass(n: number, correlation: string): UnsealedEvent {
  return {
    type: 'Passed',
    data: { seat: 'SENW'[n % 4] },
    metadata: {
      eventId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
      correlationId: `${correlation}-${String(n)}`,
      causationId: null,
      actor: { id: 'operator-1', role: 'operator' },
      recordedAt: '2026-05-02T10:00:00.000Z',
      schemaVersion: 1,
    },
  };
}

export function appealFiled(
  matchId: string,
  statement = 'The lead was played out of turn.',
): NewEvent<StoreTestEvent> {
  return {
    type: 'AppealFiled',
    data: {
      appealId: `a${matchId}`,
      matchId,
      handNumber: 1,
      disputed: [{ stream: `match-${matchId}`, revision: 3 }],
      statement,
      language: 'en',
    },
    metadata: {
      correlationId: `c-${matchId}`,
      causationId: null,
      actor: { id: 'captain-east', role: 'captain' },
    },
  };
}

export function rulingIssued(
  appealId: string,
  outcome: 'appeal-dismissed' | 'penalty-rescinded',
): NewEvent<StoreTestEvent> {
  const vote = outcome === 'appeal-dismissed' ? 'dismiss' : 'uphold';
  return {
    type: 'RulingIssued',
    data: {
      appealId,
      rulingId: `r${appealId}`,
      votes: [
        { memberId: 'arb1', vote },
        { memberId: 'arb2', vote },
        { memberId: 'arb3', vote: 'dismiss' },
      ],
      outcome,
      reasoning: 'Video review.',
    },
    metadata: {
      correlationId: `c-${appealId}`,
      causationId: null,
      actor: { id: 'arbiter-1', role: 'arbiter' },
    },
  };
}

/** `count` valid events for one stream, numbered in their statements so order is observable. */
export function numberedEvents(matchId: string, count: number): NewEvent<StoreTestEvent>[] {
  return Array.from({ length: count }, (_, i) => appealFiled(matchId, `statement #${i}`));
}

export function statementOf(event: { type: string; data: unknown }): string {
  return event.type === 'AppealFiled' ? (event.data as { statement: string }).statement : '';
}

export async function collect<T>(iterable: AsyncIterable<T>, limit = Number.MAX_SAFE_INTEGER): Promise<T[]> {
  const out: T[] = [];
  if (limit <= 0) return out;
  for await (const item of iterable) {
    out.push(item);
    if (out.length >= limit) break;
  }
  return out;
}

/** Indexing that fails the test loudly instead of asserting non-null. */
export function at<T>(items: readonly T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new Error(`expected an item at index ${index} of ${items.length}`);
  return item;
}
