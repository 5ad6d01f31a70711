// The events and the rate measure of the event-store benchmark (bench/event-store.bench.ts).
import type { UnsealedEvent } from '@tablecast/event-store';
import type { NewEvent, TablecastEvent } from '@tablecast/events';

const seats = ['S', 'E', 'N', 'W'] as const;

/** A typical event: one operator keystroke playing a pair. */
export function cardsPlayed(i: number): NewEvent<TablecastEvent> {
  return {
    type: 'CardsPlayed',
    data: {
      seat: seats[i % 4] ?? 'S',
      cards: ['H5a', 'S5b'],
      as: { type: 'pair', rank: '5', length: 2 },
      declared: false,
      lead: i % 4 === 0,
    },
    metadata: {
      correlationId: `cmd-${i}`,
      causationId: `cmd-${i - 1}`,
      actor: { id: 'operator-t1', role: 'operator' },
    },
  };
}

/** The same event as the store hands it to its log: envelope stamped, not yet sealed. */
export function rawCardsPlayed(i: number): UnsealedEvent {
  const event = cardsPlayed(i);
  return {
    type: event.type,
    data: event.data,
    metadata: {
      ...event.metadata,
      eventId: `00000000-0000-4000-8000-${i.toString(16).padStart(12, '0')}`,
      recordedAt: new Date().toISOString(),
      schemaVersion: 1,
    },
  };
}

export interface Rate {
  /** Events per wall-clock second: what a caller sees on this (shared) machine. */
  readonly wall: number;
  /** Events per second of this process's CPU time: the code's cost, independent of other load. */
  readonly cpu: number;
}

export const seconds = (start: bigint): number => Number(process.hrtime.bigint() - start) / 1e9;

export async function measure(count: number, work: () => Promise<void>): Promise<Rate> {
  const wallStart = process.hrtime.bigint();
  const cpuStart = process.cpuUsage();
  await work();
  const cpu = process.cpuUsage(cpuStart);
  return { wall: count / seconds(wallStart), cpu: count / ((cpu.user + cpu.system) / 1e6) };
}

/** `measure` for synchronous work. */
export function measureSync(count: number, work: () => void): Promise<Rate> {
  return measure(count, () => {
    work();
    return Promise.resolve();
  });
}
