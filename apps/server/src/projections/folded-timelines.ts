import { foldMatch, type AnyGameModule } from '@tablecast/game-kit';
import { gameEventType } from '@tablecast/events';
import type { MatchReadModel, TimelineEntry } from '@tablecast/projections';

/** A match folded from its timeline by its module, as of the timeline's last revision. */
export interface FoldedTimeline {
  readonly state: unknown;
  readonly revision: number;
  readonly pendingCorrection: MatchReadModel['pendingCorrection'];
}

interface Cached extends FoldedTimeline {
  readonly entries: readonly TimelineEntry[];
}

/** The last recorded correction request still waiting for the referee's answer, or null. */
function pendingCorrectionIn(timeline: readonly TimelineEntry[]): MatchReadModel['pendingCorrection'] {
  let pending: MatchReadModel['pendingCorrection'] = null;
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
 * already folded reads only the timeline's tail (nothing new) and folds nothing. The timeline is
 * append-only, so the entries kept are a prefix of every later read.
 */
export class FoldedTimelines {
  private readonly byMatch = new Map<string, Cached>();

  constructor(private readonly read: (matchId: string, fromRevision: number) => readonly TimelineEntry[]) {}

  of(matchId: string, game: string, module: AnyGameModule): FoldedTimeline {
    const cached = this.byMatch.get(matchId);
    const fresh = this.read(matchId, cached === undefined ? 0 : cached.revision + 1);
    if (cached !== undefined && fresh.length === 0) return cached;
    const entries = [...(cached?.entries ?? []), ...fresh];
    // Another game's events are stored under names qualified with the game; its module folds its own.
    const state = foldMatch(
      module,
      entries.map((entry) => ({ ...entry, type: gameEventType(game, entry.type) })),
    );
    const folded: Cached = {
      entries,
      state,
      revision: entries.at(-1)?.revision ?? 0,
      pendingCorrection: pendingCorrectionIn(entries),
    };
    this.byMatch.set(matchId, folded);
    return folded;
  }
}
