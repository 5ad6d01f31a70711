/**
 * How long a match's stored state may lag its model while the match is busy. The state's JSON is
 * the flush's largest cost (a Guandan state mid-deal is about 2.7 KB, and a table playing fast
 * changes it in nearly every flush), while its timeline rows are small: so the timeline rows and
 * the match's head (revision, position) are written with every flush and the checkpoint, and the
 * state at most every STATE_WRITE_MS or STATE_WRITE_EVENTS events of the match. A reader of the
 * stored row folds the timeline rows after it, so what it reads is the state at the checkpoint.
 */
export const STATE_WRITE_MS = 1_000;

/** The most timeline rows a reader of a stored state folds after it (a catch-up writes by this). */
export const STATE_WRITE_EVENTS = 50;

interface Lag {
  /** When the first event not in the stored state was applied (-Infinity: write at the next flush). */
  readonly since: number;
  readonly events: number;
}

/** The matches whose stored state is older than their model, and which of them to write now. */
export class StateWrites {
  private readonly behind = new Map<string, Lag>();

  constructor(private readonly now: () => number) {}

  /** An event of the match applied to its model (its stored state is now one more behind). */
  applied(matchId: string): void {
    const lag = this.behind.get(matchId);
    this.behind.set(
      matchId,
      lag === undefined ? { since: this.now(), events: 1 } : { since: lag.since, events: lag.events + 1 },
    );
  }

  /** The match's state is to be written at the next flush (a new match; one stored behind its head). */
  writeNext(matchId: string): void {
    this.behind.set(matchId, {
      since: Number.NEGATIVE_INFINITY,
      events: this.behind.get(matchId)?.events ?? 0,
    });
  }

  /** The matches whose state the flush writes: lagging long enough or by enough events, or all. */
  due(all: boolean): string[] {
    const now = this.now();
    const due: string[] = [];
    for (const [matchId, lag] of this.behind) {
      if (all || lag.events >= STATE_WRITE_EVENTS || now - lag.since >= STATE_WRITE_MS) due.push(matchId);
    }
    return due;
  }

  /** The flush wrote these matches' states (committed). */
  written(matchIds: readonly string[]): void {
    for (const matchId of matchIds) this.behind.delete(matchId);
  }

  /** How many matches' stored states lag their models. */
  get lagging(): number {
    return this.behind.size;
  }
}
