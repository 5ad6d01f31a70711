import type { EventLog, UnsealedEvent } from '../port';

/**
 * The index-th of a batch of `size` `Probe` events as a writer process appends them: a fresh event
 * id each (the process cannot know which ids a test used), tagged with the writer's pid so a test
 * reading the log back can tell two writers apart.
 */
export function batchProbe(
  batch: number,
  index: number,
  size: number,
  extra: Readonly<Record<string, unknown>> = {},
): UnsealedEvent {
  return {
    type: 'Probe',
    data: { batch, index, size, pid: process.pid, ...extra },
    metadata: {
      eventId: crypto.randomUUID(),
      correlationId: `batch-${String(batch)}`,
      causationId: null,
      actor: { id: `child-${String(process.pid)}`, role: 'system' },
      recordedAt: new Date().toISOString(),
      schemaVersion: 1,
    },
  };
}

export interface AppendBatchesOptions {
  /** More data for every event, e.g. a filler that makes each event about half a page. */
  readonly extra?: Readonly<Record<string, unknown>>;
  /** A pause of `ms` before every `every`-th batch (from batch 0), as between commands. */
  readonly pause?: { readonly every: number; readonly ms: number };
  /** Appended to each `ack` line and put in each event's data as `label`: several writers in one process. */
  readonly label?: string;
}

/**
 * Appends batches of 1–7 events to `stream` until the process is killed, printing
 * `ack <batch> <size> <revision>` on stdout once each append has returned: the kill -9 tests
 * check that every acknowledged batch is in the log whole.
 */
export async function appendBatchesUntilKilled(
  log: Pick<EventLog, 'append'>,
  stream: string,
  options: AppendBatchesOptions = {},
): Promise<never> {
  for (let batch = 0; ; batch += 1) {
    const size = (batch % 7) + 1;
    const extra = options.label === undefined ? options.extra : { ...options.extra, label: options.label };
    const events = Array.from({ length: size }, (_, i) => batchProbe(batch, i, size, extra));
    const result = await log.append(stream, events, batch === 0 ? 'no_stream' : 'stream_exists');
    const label = options.label === undefined ? '' : ` ${options.label}`;
    process.stdout.write(`ack ${String(batch)} ${String(size)} ${String(result.nextRevision)}${label}\n`);
    if (options.pause && batch % options.pause.every === 0) {
      const { ms } = options.pause;
      await new Promise((resolve) => setTimeout(resolve, ms));
    }
  }
}
