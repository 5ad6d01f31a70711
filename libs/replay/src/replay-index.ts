import type { RecordedEvent } from '@tablecast/event-store';
import type { TablecastEvent } from '@tablecast/events';
import { foldMatch, isGameEvent, type GameModule } from '@tablecast/game-kit';

/** The game whose events a replay folds: any module (the caller picks it, the replay knows none). */
type FoldingModule<S> = GameModule<S>;

/** How many events apart the snapshots are: a seek folds at most this many events. */
export const SNAPSHOT_EVERY = 32;

/**
 * The state of a match at every stream revision, for the arbiters' replay. The state at revision N
 * is the fold of the events in effect at N: the events 0…N less those retracted by a keying
 * correction confirmed at or before N (docs/corrections.md), i.e. what the table's state was just
 * after event N was recorded. Snapshots every SNAPSHOT_EVERY events and at every confirmed
 * correction (which changes the effective prefix retroactively) keep any seek to a short fold:
 * between two snapshots no correction happens, so folding forward from the nearest one is exact.
 */
export class ReplayIndex<S> {
  private readonly snapshots = new Map<number, S>();
  private readonly snapshotRevisions: number[] = [];

  private constructor(
    private readonly module: FoldingModule<S>,
    readonly events: readonly RecordedEvent<TablecastEvent>[],
  ) {}

  static build<S>(
    module: FoldingModule<S>,
    events: readonly RecordedEvent<TablecastEvent>[],
    every = SNAPSHOT_EVERY,
  ): ReplayIndex<S> {
    const index = new ReplayIndex(module, events);
    let state = module.initialState();
    events.forEach((event, revision) => {
      if (event.revision !== revision)
        throw new Error(`replay: revision ${String(event.revision)} at ${String(revision)}`);
      if (event.type === 'CorrectionConfirmed') {
        state = foldMatch(module, events.slice(0, revision + 1));
        index.snapshot(revision, state);
        return;
      }
      if (isGameEvent(module, event)) state = module.evolve(state, event);
      if (revision % every === every - 1) index.snapshot(revision, state);
    });
    return index;
  }

  /** The last revision of the stream (-1 when empty). */
  get lastRevision(): number {
    return this.events.length - 1;
  }

  /** The state just after the event at `revision` (0 ≤ revision ≤ lastRevision). */
  stateAt(revision: number): S {
    if (!Number.isInteger(revision) || revision < 0 || revision > this.lastRevision) {
      throw new RangeError(`position ${String(revision)} is outside 0…${String(this.lastRevision)}`);
    }
    const from = this.nearestSnapshot(revision);
    const module = this.module;
    let state = from === -1 ? module.initialState() : (this.snapshots.get(from) ?? module.initialState());
    for (let r = from + 1; r <= revision; r += 1) {
      const event = this.events[r];
      if (event && isGameEvent(module, event)) state = module.evolve(state, event);
    }
    return state;
  }

  private snapshot(revision: number, state: S): void {
    this.snapshots.set(revision, state);
    this.snapshotRevisions.push(revision);
  }

  /** The greatest snapshot revision ≤ revision, or -1 (binary search: revisions are ascending). */
  private nearestSnapshot(revision: number): number {
    let lo = 0;
    let hi = this.snapshotRevisions.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const at = this.snapshotRevisions[mid] ?? -1;
      if (at <= revision) {
        found = at;
        lo = mid + 1;
      } else {
        hi = mid - 1;
      }
    }
    return found;
  }
}

/**
 * Every game event of `events` folded from the initial state, retracting nothing: for callers that
 * pass the events in effect already (`foldMatch` is the fold of a whole stream).
 */
export function foldAll<S>(module: FoldingModule<S>, events: readonly TablecastEvent[]): S {
  let state = module.initialState();
  for (const event of events) if (isGameEvent(module, event)) state = module.evolve(state, event);
  return state;
}
