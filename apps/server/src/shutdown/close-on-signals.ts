/**
 * The whole budget for a stop on SIGTERM/SIGINT. A supervisor (systemd, docker, a producer's
 * script) starts the replacement right after: past this the process exits anyway, so a client
 * that never reads or a stuck close cannot keep the data dir from the next server.
 */
export const SHUTDOWN_DEADLINE_MS = 4_000;

export interface SignalShutdown {
  /** Closes the app: sockets (1001), stores flushed, the data-dir lock given up. */
  readonly close: () => Promise<void>;
  /** Run when the deadline passes first, just before the exit (give up what `close` did not). */
  readonly onDeadline: () => void;
  /** One line for the operator (the deadline passed, or close failed). */
  readonly log: (line: string) => void;
  readonly deadlineMs?: number;
  /** `process.exit` outside tests. */
  readonly exit?: (code: number) => void;
  readonly signals?: readonly NodeJS.Signals[];
}

/**
 * On the first SIGTERM or SIGINT: close, then exit 0; exit 1 if close fails or the deadline passes
 * first. A second signal while closing changes nothing: the deadline already bounds the stop.
 */
export function closeOnSignals(shutdown: SignalShutdown): () => void {
  const signals = shutdown.signals ?? ['SIGTERM', 'SIGINT'];
  const exit = shutdown.exit ?? ((code: number) => process.exit(code));
  const deadlineMs = shutdown.deadlineMs ?? SHUTDOWN_DEADLINE_MS;
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals): void => {
    if (stopping) return;
    stopping = true;
    const deadline = setTimeout(() => {
      shutdown.log(`${signal}: not closed within ${String(deadlineMs)} ms; exiting with the rest still open`);
      shutdown.onDeadline();
      exit(1);
    }, deadlineMs);
    shutdown.close().then(
      () => {
        clearTimeout(deadline);
        exit(0);
      },
      (error: unknown) => {
        clearTimeout(deadline);
        shutdown.log(`${signal}: close failed: ${error instanceof Error ? error.message : String(error)}`);
        shutdown.onDeadline();
        exit(1);
      },
    );
  };
  for (const signal of signals) process.on(signal, onSignal);
  return () => {
    for (const signal of signals) process.off(signal, onSignal);
  };
}
