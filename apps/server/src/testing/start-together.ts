/** Anything a test starts and must stop in its afterAll. */
export interface Stoppable {
  stop(): Promise<void>;
}

/**
 * Starts several servers at once (each joins its consumer groups before it listens, about 3 s on
 * the Kafka mock, so in parallel) and resolves with them in order. Every one that started is
 * pushed on `running` before the first failure is thrown, so the afterAll stops it even then.
 */
export async function startTogether<const T extends readonly Promise<Stoppable>[]>(
  starts: T,
  running: Stoppable[],
): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const started = await Promise.allSettled(starts);
  running.push(...started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : [])));
  const failure = started.find((result) => result.status === 'rejected');
  if (failure !== undefined) throw failure.reason;
  return started.map((result) => (result as PromiseFulfilledResult<Stoppable>).value) as {
    -readonly [K in keyof T]: Awaited<T[K]>;
  };
}
