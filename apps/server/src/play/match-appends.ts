import type { Subscription } from '@tablecast/event-store';
import type { AppEventStore } from '../event-store/event-store.module';

/** Told of each event appended to a watched match's stream: its revision. */
export type AppendListener = (revision: number) => void;

/**
 * One subscription of the log for every match this process's seats watch, from the log's head as
 * it stood when the first watch began, each match event handed to its stream's listener. A
 * subscription per watched match woke on every append to any stream and read the log again
 * (filtered to its one stream): with 200 tables, 200 reads of the log per command.
 */
export class MatchAppends {
  private readonly listeners = new Map<string, AppendListener>();
  private running: { readonly started: Promise<void>; readonly close: () => Promise<void> } | undefined;

  constructor(
    private readonly store: AppEventStore,
    /** The subscription stopped: its listeners hear no more (a later `listen` starts another). */
    private readonly stopped: (error: unknown, streams: readonly string[]) => void,
  ) {}

  /**
   * Hands every event of `stream` appended from now on to `listener`. Settles once the
   * subscription's start is taken: an event not in a read of the stream made after it reaches
   * the listener. It never rejects.
   */
  listen(stream: string, listener: AppendListener): Promise<void> {
    this.listeners.set(stream, listener);
    this.running ??= this.start();
    return this.running.started;
  }

  /** Stops handing `stream`'s events to `listener` (a later listener of the stream stays). */
  unlisten(stream: string, listener: AppendListener): void {
    if (this.listeners.get(stream) === listener) this.listeners.delete(stream);
  }

  async close(): Promise<void> {
    this.listeners.clear();
    const running = this.running;
    this.running = undefined;
    await running?.close();
  }

  private start(): { started: Promise<void>; close: () => Promise<void> } {
    const closing = { now: false };
    let subscription: Subscription<{ stream: string; revision: number }> | undefined;
    const head = Promise.resolve()
      .then(() => this.store.log.headPosition?.())
      .then(
        (position) => ({ ok: true as const, position }),
        (error: unknown) => ({ ok: false as const, error }),
      );
    const run = {
      started: head.then(() => undefined),
      close: async () => {
        closing.now = true;
        await head;
        await subscription?.close();
        await running;
      },
    };
    const running = (async () => {
      const taken = await head;
      if (!taken.ok) throw taken.error;
      if (closing.now) return;
      subscription = this.store.subscribeToAll({
        fromPosition: taken.position ?? 'start',
        filter: { streamPrefixes: ['match-'] },
      });
      for await (const event of subscription) this.listeners.get(event.stream)?.(event.revision);
    })().catch((error: unknown) => {
      if (this.running === run) this.running = undefined;
      const streams = [...this.listeners.keys()];
      this.listeners.clear();
      this.stopped(error, streams);
    });
    return run;
  }
}
