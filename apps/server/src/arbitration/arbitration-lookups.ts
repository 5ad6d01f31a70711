import { Inject, Injectable } from '@nestjs/common';
import { parsePosition } from '@tablecast/event-store';
import { arbitrationFactOf, type ArbitrationFact, type ArbitrationIndex } from '@tablecast/projections';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import type { AppEventStore } from '../event-store/event-store.module';
import { ProjectionRunner } from '../projections/projection-runner.service';

/** What arbitration looks up by key; each answer includes every event in the log when asked. */
export interface ArbitrationLookups {
  /** The ids of the appeals filed for the match (GD-APL-1), oldest first. */
  appealIdsOf(matchId: string): Promise<readonly string[]>;
  /** The appeal a ruling with this id was issued on (GD-APL-2), if any. */
  appealRuledBy(rulingId: string): Promise<string | undefined>;
  /** When the pairings after the match's round were first published (ms; GD-VAR-003-16), or null. */
  nextPairingsPublishedAt(matchId: string): Promise<number | null>;
}

export const ARBITRATION_LOOKUPS = Symbol('ARBITRATION_LOOKUPS');

/**
 * The lookups from the projection runner's arbitration index, plus the log after the last event
 * the runner applied: another process's filing the runner has not reached yet (api processes
 * share one log), or this process's own write a moment ago, is read from the log and not missed.
 * That tail is what the runner lags by (nothing, or a few events, once it has caught up), never
 * the log from its start.
 */
@Injectable()
export class IndexedArbitrationLookups implements ArbitrationLookups {
  constructor(
    @Inject(EVENT_STORE) private readonly store: AppEventStore,
    @Inject(ProjectionRunner)
    private readonly runner: Pick<ProjectionRunner, 'arbitration' | 'appliedPosition'>,
  ) {}

  appealIdsOf(matchId: string): Promise<readonly string[]> {
    return this.lookup(
      (index) => index.appealIdsOf(matchId),
      (ids, fact) =>
        fact.kind === 'appeal' && fact.matchId === matchId && !ids.includes(fact.appealId)
          ? [...ids, fact.appealId]
          : ids,
    );
  }

  appealRuledBy(rulingId: string): Promise<string | undefined> {
    return this.lookup(
      (index) => index.appealRuledBy(rulingId),
      (found, fact) =>
        found ?? (fact.kind === 'ruling' && fact.rulingId === rulingId ? fact.appealId : undefined),
    );
  }

  nextPairingsPublishedAt(matchId: string): Promise<number | null> {
    return this.lookup(
      (index) => index.nextPairingsPublishedAt(matchId),
      (found, fact) =>
        found ?? (fact.kind === 'pairings' && fact.matchIds.includes(matchId) ? fact.publishedAt : null),
    );
  }

  /**
   * The index's answer, then each fact of the log from the runner's applied position on folded
   * into it (the event at that position is in both: each fold ignores a fact it already holds).
   */
  private async lookup<T>(
    indexed: (index: ArbitrationIndex) => T,
    fold: (found: T, fact: ArbitrationFact) => T,
  ): Promise<T> {
    // In one turn, no await between: every event up to `applied` is in the index read here.
    const applied = this.runner.appliedPosition;
    let found = indexed(this.runner.arbitration);
    const tail = this.store.readAll({
      fromPosition: applied === undefined ? 'start' : parsePosition(applied),
    });
    for await (const event of tail) {
      const fact = arbitrationFactOf(event);
      if (fact !== undefined) found = fold(found, fact);
    }
    return found;
  }
}
