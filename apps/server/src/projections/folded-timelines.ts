import { extendFold, foldMatch, needsRefold, type AnyGameModule } from '@tablecast/game-kit';
import { gameEventType } from '@tablecast/events';
import type { MatchReadModel, TimelineEntry } from '@tablecast/projections';

/** A match folded from its timeline by its module, as of the timeline's last revision. */
export interface FoldedTimeline {
  readonly state: unknown;
  readonly revision: number;
  readonly pendingCorrection: MatchReadModel['pendingCorrection'];
}

/**
 * How many matches keep their folded state. A day of a duplicate event runs a few hundred tables;
 * past this the match read longest ago is dropped and, if read again, folded from its timeline.
 */
export const FOLDED_MATCHES_KEPT = 512;

/** The last correction request still waiting for the referee's answer after `timeline`, or null. */
function pendingCorrectionAfter(
  timeline: readonly TimelineEntry[],
  before: MatchReadModel['pendingCorrection'],
): MatchReadModel['pendingCorrection'] {
  let pending = before;
  for (const entry of timeline) {
    if (entry.type === 'CorrectionRequested') {
      const { correctionId, toRevision } = entry.data as { correctionId: string; toRevision: number };
      pending = { correctionId, toRevision };
    } else if (entry.type === 'CorrectionConfirmed' || entry.type === 'CorrectionRejected') {
      pending = null;
    }
  }
  return pending;
}

/**
 * The matches the projections keep no state for (every game but Guandan), folded from their
 * timelines with the one fold (corrections included) once per revision: a read at a revision
 * already folded reads only the timeline's tail (nothing new) and folds nothing, and new events
 * extend the kept state. A confirmed keying correction retracts earlier events, so it refolds the
 * whole timeline, read again. Only the state is kept, for at most `kept` matches.
 */
export class FoldedTimelines {
  private readonly byMatch = new Map<string, FoldedTimeline>();

  constructor(
    private readonly read: (matchId: string, fromRevision: number) => readonly TimelineEntry[],
    private readonly kept = FOLDED_MATCHES_KEPT,
  ) {}

  of(matchId: string, game: string, module: AnyGameModule): FoldedTimeline {
    const cached = this.byMatch.get(matchId);
    const fresh = this.read(matchId, cached === undefined ? 0 : cached.revision + 1);
    // Another game's events are stored under names qualified with the game; its module folds its own.
    const own = (entries: readonly TimelineEntry[]) =>
      entries.map((entry) => ({ ...entry, type: gameEventType(game, entry.type) }));
    let folded: FoldedTimeline;
    if (cached !== undefined && fresh.length === 0) {
      folded = cached;
    } else if (cached !== undefined && !needsRefold(fresh)) {
      folded = {
        state: extendFold(module, cached.state, own(fresh)),
        revision: fresh.at(-1)?.revision ?? cached.revision,
        pendingCorrection: pendingCorrectionAfter(fresh, cached.pendingCorrection),
      };
    } else {
      const entries = cached === undefined ? fresh : this.read(matchId, 0);
      folded = {
        state: foldMatch(module, own(entries)),
        revision: entries.at(-1)?.revision ?? 0,
        pendingCorrection: pendingCorrectionAfter(entries, null),
      };
    }
    this.remember(matchId, folded);
    return folded;
  }

  /** Keeps `folded` as the match read last; drops the match read longest ago past `kept`. */
  private remember(matchId: string, folded: FoldedTimeline): void {
    this.byMatch.delete(matchId);
    this.byMatch.set(matchId, folded);
    if (this.byMatch.size > this.kept) {
      const oldest = this.byMatch.keys().next().value;
      if (oldest !== undefined) this.byMatch.delete(oldest);
    }
  }
}
