import { Inject, Injectable } from '@nestjs/common';
import type { RecordedEvent } from '@tablecast/event-store';
import { gameEventType, matchStream, type TablecastEvent } from '@tablecast/events';
import { gameOfMatch, isGameEvent, type AnyGameModule } from '@tablecast/game-kit';
import { gameArbitration, gameModule, tablecastCatalog, type GameArbitration } from '@tablecast/games';
import { z } from 'zod';
import { FEED_READS } from '../../broadcast/broadcast.tokens';
import type { FeedReads } from '../../broadcast/feed-reads';
import { EVENT_STORE } from '../../event-store/event-store.tokens';
import type { AppEventStore } from '../../event-store/event-store.module';
import { RequestValidationError } from '../../matches/match.errors';
import { MatchNotFoundError } from '../../matches/match.errors';
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
  readonly finalLevels: { readonly original: unknown; readonly sandbox: unknown };
  readonly finalResult: { readonly original: unknown; readonly sandbox: unknown };
}

/** One match's replay: its game, and the state at every revision of its stream. */
interface MatchReplay {
  readonly game: string;
  readonly module: AnyGameModule;
  readonly arbitration: GameArbitration;
  /** Over the stream under the names its module folds (the log qualifies other games' events). */
  readonly index: ReplayIndex<unknown>;
  /** The stream as stored: what the replay shows. */
  readonly stored: readonly RecordedEvent<TablecastEvent>[];
}

/**
 * The arbiters' replay: any position of a match of any game, with every hand visible. One
 * ReplayIndex per match, extended when the stream grew, so a seek is a short fold from the nearest
 * snapshot.
 */
@Injectable()
export class ReplayService {
  private readonly replays = new Map<string, MatchReplay>();

  constructor(
    @Inject(EVENT_STORE) private readonly store: AppEventStore,
    @Inject(FEED_READS) private readonly feeds: FeedReads,
  ) {}

  async view(matchId: string, position: number | undefined): Promise<ReplayView> {
    const replay = await this.replay(matchId);
    const at = this.position(replay, position);
    return replayView(matchId, replay.stored, at, replay.index.stateAt(at), await this.ledger(matchId));
  }

  /** "What if": re-decides the match with one event substituted; never appends anything. */
  async sandbox(matchId: string, body: unknown): Promise<SandboxAnswer> {
    const request = parseBody(SandboxRequestSchema, body);
    const replay = await this.replay(matchId);
    const sandbox = replay.arbitration.sandbox;
    if (sandbox === undefined) {
      throw new RequestValidationError([
        {
          path: 'event',
          message: `a ${replay.game} match has no sandbox: its rules engine cannot re-decide a log`,
        },
      ]);
    }
    const at = this.position(replay, request.position);
    const original = replay.index.events[at];
    const module = replay.module;
    if (!original || !isGameEvent(module, original) || !isGameEvent(module, request.event)) {
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
    const substitute = valid.value;
    const events = replay.index.events;
    const outcome = runSandbox(
      { module, redecide: (game) => sandbox.redecide(game) },
      events,
      at,
      substitute,
    );
    const substituted = events.map((event) =>
      event.revision === at ? { ...event, type: substitute.type, data: substitute.data } : event,
    ) as RecordedEvent<TablecastEvent>[];
    const last = sandbox.finals(replay.index.stateAt(replay.index.lastRevision));
    const final = sandbox.finals(outcome.finalState);
    return {
      position: at,
      original: replayView(matchId, events, at, replay.index.stateAt(at), null),
      sandbox: replayView(matchId, substituted, at, outcome.stateAtPosition, null),
      consistent: outcome.consistent,
      brokenAt: outcome.brokenAt,
      finalLevels: { original: last.levels, sandbox: final.levels },
      finalResult: { original: last.result, sandbox: final.result },
    };
  }

  private position(replay: MatchReplay, position: number | undefined): number {
    const index = replay.index;
    const at = position ?? index.lastRevision;
    if (at < 0 || at > index.lastRevision) {
      throw new RequestValidationError([
        { path: 'position', message: `expected 0…${String(index.lastRevision)}, got ${String(at)}` },
      ]);
    }
    return at;
  }

  private async ledger(matchId: string) {
    return this.feeds.ledger(matchId);
  }

  private async replay(matchId: string): Promise<MatchReplay> {
    const known = this.replays.get(matchId);
    if (!known) {
      const stored = await this.read(matchId);
      const game = gameOfMatch(stored[0]);
      if (game === undefined) throw new MatchNotFoundError(matchId);
      const module = gameModule(game);
      const replay: MatchReplay = {
        game,
        module,
        arbitration: gameArbitration(game),
        index: ReplayIndex.build(module, underGameNames(game, stored)),
        stored,
      };
      this.replays.set(matchId, replay);
      return replay;
    }
    const newer = await this.store.readStream(matchStream(matchId), {
      fromRevision: known.index.lastRevision + 1,
    });
    if (newer.length === 0) return known;
    const stored = [...known.stored, ...newer];
    const replay = {
      ...known,
      index: ReplayIndex.build(known.module, underGameNames(known.game, stored)),
      stored,
    };
    this.replays.set(matchId, replay);
    return replay;
  }

  private async read(matchId: string): Promise<readonly RecordedEvent<TablecastEvent>[]> {
    try {
      return await this.store.readStream(matchStream(matchId));
    } catch (error) {
      // An id that cannot even name a stream names no match.
      if (error instanceof RangeError) throw new MatchNotFoundError(matchId);
      throw error;
    }
  }
}

/** A match stream's events under the names its game's module folds (the log qualifies other games'). */
function underGameNames(
  game: string,
  events: readonly RecordedEvent<TablecastEvent>[],
): readonly RecordedEvent<TablecastEvent>[] {
  if (events.every((event) => gameEventType(game, event.type) === event.type)) return events;
  return events.map(
    (event) => ({ ...event, type: gameEventType(game, event.type) }) as RecordedEvent<TablecastEvent>,
  );
}
