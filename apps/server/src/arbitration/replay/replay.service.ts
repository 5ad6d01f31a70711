import { Inject, Injectable } from '@nestjs/common';
import type { RecordedEvent } from '@tablecast/event-store';
import { matchStream, tablecastCatalog, type TablecastEvent } from '@tablecast/events';
import { isGameEvent } from '@tablecast/game-kit';
import { guandanModule, type GuandanEvent, type MatchState } from '@tablecast/guandan';
import { z } from 'zod';
import { FeedProducer } from '../../broadcast/feed-producer.service';
import { EVENT_STORE } from '../../event-store/event-store.tokens';
import type { AppEventStore } from '../../event-store/event-store.module';
import { RequestValidationError } from '../../matches/match.errors';
import { readMatchLog } from '../match-log';
import { parseBody } from '../../http/parse-body';
import { ReplayIndex } from '@tablecast/replay';
import { replayView, type ReplayView } from './replay-view';
import { runSandbox, type SandboxOutcome } from './sandbox';

export const SandboxRequestSchema = z.object({
  position: z.int().min(0),
  event: z.object({ type: z.string().min(1), data: z.unknown() }),
});

export interface SandboxAnswer {
  readonly position: number;
  readonly original: ReplayView;
  /** The same position with the substituted event: all four hands, trick, levels, whose turn. */
  readonly sandbox: ReplayView;
  readonly consistent: SandboxOutcome['consistent'];
  readonly brokenAt: SandboxOutcome['brokenAt'];
  readonly finalLevels: { readonly original: ReplayView['levels']; readonly sandbox: ReplayView['levels'] };
  readonly finalResult: { readonly original: ReplayView['result']; readonly sandbox: ReplayView['result'] };
}

/**
 * The arbiters' replay: any position of a match with every hand visible. One ReplayIndex per match,
 * extended when the stream grew, so a seek is a short fold from the nearest snapshot.
 */
@Injectable()
export class ReplayService {
  private readonly indexes = new Map<string, ReplayIndex<MatchState>>();

  constructor(
    @Inject(EVENT_STORE) private readonly store: AppEventStore,
    private readonly feeds: FeedProducer,
  ) {}

  async view(matchId: string, position: number | undefined): Promise<ReplayView> {
    const index = await this.index(matchId);
    const at = this.position(index, position);
    return replayView(matchId, index.events, at, index.stateAt(at), this.ledger(matchId));
  }

  /** "What if": re-decides the match with one event substituted; never appends anything. */
  async sandbox(matchId: string, body: unknown): Promise<SandboxAnswer> {
    const request = parseBody(SandboxRequestSchema, body);
    const index = await this.index(matchId);
    const at = this.position(index, request.position);
    const original = index.events[at];
    if (!original || !isGameEvent(guandanModule, original) || !isGameEvent(guandanModule, request.event)) {
      throw new RequestValidationError([
        { path: 'event.type', message: 'only a game event may be substituted for a game event' },
      ]);
    }
    const valid = tablecastCatalog.validate(request.event);
    if (!valid.ok) {
      throw new RequestValidationError(
        valid.issues.map((i) => ({ path: `event.${i.path}`, message: i.message })),
      );
    }
    const substitute = valid.value as GuandanEvent;
    const outcome = runSandbox(index.events, at, substitute);
    const substituted = index.events.map((event) =>
      event.revision === at ? { ...event, type: substitute.type, data: substitute.data } : event,
    ) as RecordedEvent<TablecastEvent>[];
    const last = index.stateAt(index.lastRevision);
    return {
      position: at,
      original: replayView(matchId, index.events, at, index.stateAt(at), null),
      sandbox: replayView(matchId, substituted, at, outcome.stateAtPosition, null),
      consistent: outcome.consistent,
      brokenAt: outcome.brokenAt,
      finalLevels: { original: last.levels, sandbox: outcome.finalState.levels },
      finalResult: { original: last.result, sandbox: outcome.finalState.result },
    };
  }

  private position(index: ReplayIndex<MatchState>, position: number | undefined): number {
    const at = position ?? index.lastRevision;
    if (at < 0 || at > index.lastRevision) {
      throw new RequestValidationError([
        { path: 'position', message: `expected 0…${String(index.lastRevision)}, got ${String(at)}` },
      ]);
    }
    return at;
  }

  private ledger(matchId: string) {
    return this.feeds.feed(matchId)?.ledger.list() ?? null;
  }

  private async index(matchId: string): Promise<ReplayIndex<MatchState>> {
    const known = this.indexes.get(matchId);
    if (!known) {
      const log = await readMatchLog(this.store, matchId);
      const index = ReplayIndex.build(guandanModule, log.events);
      this.indexes.set(matchId, index);
      return index;
    }
    const newer = await this.store.readStream(matchStream(matchId), { fromRevision: known.lastRevision + 1 });
    if (newer.length === 0) return known;
    const index = ReplayIndex.build(guandanModule, [...known.events, ...newer]);
    this.indexes.set(matchId, index);
    return index;
  }
}
