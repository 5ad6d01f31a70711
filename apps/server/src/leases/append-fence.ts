import { Injectable } from '@nestjs/common';
import { LeaseFencedError, type Lease } from '@tablecast/event-store';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { AppEventStore } from '../event-store/event-store.module';

/**
 * TC-SCALE-1 for the control role's appends: every append a singleton makes carries the grant of
 * the control lease it was started under, and the log checks that grant in the append's own write
 * transaction. A holder paused past its TTL that wakes after another took over is refused before
 * anything of what it decided (a turn-clock default against a revision nobody moved yet) goes in.
 *
 * The grant travels with the singleton's own asynchronous work (its subscriptions, timers and the
 * command path they call), not with the process: a client's command on the same process (an api
 * request, a dashboard call) has none and is not fenced. Nothing runs under a grant outside the
 * control role, so the `all` and `api` roles never pay for the async context.
 */
@Injectable()
export class AppendFence {
  private readonly grants = new AsyncLocalStorage<Lease>();
  private readonly fencedListeners: ((error: LeaseFencedError) => void)[] = [];

  /** Runs `work`, and everything it starts, with its appends fenced by `lease`. */
  runUnder<T>(lease: Lease, work: () => T): T {
    return this.grants.run(lease, work);
  }

  /** The grant the current work appends under, if it is a lease holder's. */
  current(): Lease | undefined {
    return this.grants.getStore();
  }

  /** Called for every append refused by its fence: the lease is no longer this process's. */
  onFenced(listener: (error: LeaseFencedError) => void): void {
    this.fencedListeners.push(listener);
  }

  /** The store whose appends carry the current grant, and report their refusal. */
  fence(store: AppEventStore): AppEventStore {
    const append: AppEventStore['append'] = (stream, events, expected, options) => {
      const fence = options?.fence ?? this.current();
      // A client's command: the store's own append, with nothing added on the command path.
      if (fence === undefined) return store.append(stream, events, expected, options);
      return store.append(stream, events, expected, { fence }).catch((error: unknown) => {
        if (error instanceof LeaseFencedError) for (const listener of this.fencedListeners) listener(error);
        throw error;
      });
    };
    return { ...store, append };
  }
}
