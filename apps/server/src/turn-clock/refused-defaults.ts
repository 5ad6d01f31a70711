import type { TurnClockRefusalView } from '@tablecast/protocol';

/** A default refused for good, as the turn clock saw it. */
export interface RefusedDefault {
  readonly game: string;
  /** The stream revision the default was sent against. */
  readonly revision: number;
  /** The default's command type. */
  readonly command: string;
  /** The refusing rule ID, or null when no rule refused it. */
  readonly rule: string | null;
  readonly reason: string;
}

/**
 * The matches whose turn clock's default was refused for good (DDZ-GEN-2), for the producer
 * dashboard: the latest refusal per match, how many there were, and whether the table still waits
 * (no event since the refused turn). Kept for the server's life: a match has one entry at most.
 */
export class RefusedDefaults {
  private readonly byMatch = new Map<
    string,
    RefusedDefault & { readonly count: number; readonly atMs: number; readonly waiting: boolean }
  >();

  refused(matchId: string, refusal: RefusedDefault, atMs: number): void {
    const count = (this.byMatch.get(matchId)?.count ?? 0) + 1;
    // Delete first: the map's order is the order of the latest refusals.
    this.byMatch.delete(matchId);
    this.byMatch.set(matchId, { ...refusal, count, atMs, waiting: true });
  }

  /** An event of the match at `revision`: past the refused turn, the table no longer waits on it. */
  moved(matchId: string, revision: number): void {
    const entry = this.byMatch.get(matchId);
    if (entry?.waiting === true && revision > entry.revision)
      this.byMatch.set(matchId, { ...entry, waiting: false });
  }

  /** The latest refusal first. */
  list(): readonly TurnClockRefusalView[] {
    return [...this.byMatch]
      .map(([matchId, e]) => ({
        matchId,
        game: e.game,
        revision: e.revision,
        command: e.command,
        rule: e.rule,
        reason: e.reason,
        count: e.count,
        lastRefusedAt: new Date(e.atMs).toISOString(),
        waiting: e.waiting,
      }))
      .reverse();
  }
}
