import { Inject, Injectable } from '@nestjs/common';
import { MIN_BROADCAST_DELAY_MS } from '@tablecast/broadcast';
import { WrongExpectedRevisionError } from '@tablecast/event-store';
import { broadcastStream, matchStream } from '@tablecast/events';
import { MatchIdSchema } from '@tablecast/protocol';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Principal } from '../auth/roles';
import { APP_CONFIG, type AppConfig } from '../config';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import type { AppEventStore } from '../event-store/event-store.module';
import { MatchNotFoundError, RequestValidationError, StaleRevisionError } from '../matches/match.errors';

/** An hour: past that a "delayed" feed is a recording, and a typo (ms for s) would blank the air. */
export const MAX_BROADCAST_DELAY_MS = 3_600_000;

/** The revision of a match's delay before any `BroadcastDelaySet`: its broadcast stream is empty. */
const NO_DELAY_SET = -1;

/**
 * Zero is for staff only: the staff feed is live already, so a delayed audience's delay
 * has the floor MIN_BROADCAST_DELAY_MS.
 */
export const BroadcastDelayRequestSchema = z.strictObject({
  delayMs: z.int().min(MIN_BROADCAST_DELAY_MS).max(MAX_BROADCAST_DELAY_MS),
  /**
   * The `revision` of the delay the sender acted on (from GET or its last PUT; -1: none set yet).
   * Two producers acting on the same one: the first wins, the other gets 409. Omitted: the change
   * applies over whatever is in force, and only a change landing between our read and append loses.
   */
  revision: z.int().min(NO_DELAY_SET).optional(),
});

/** The delay in force for a match and the revision of its last change (-1: the configured default). */
export interface BroadcastDelayInForce {
  readonly matchId: string;
  readonly delayMs: number;
  readonly revision: number;
}

/** 409: the delay changed since the revision the sender acted on (the broadcast stream's, not the match's). */
export class StaleDelayRevisionError extends StaleRevisionError {
  constructor(matchId: string, sent: number, current: number) {
    super(matchId, sent, current);
    this.message = `the broadcast delay of match ${matchId} is at revision ${String(current)}, the change was made against ${String(sent)}`;
  }
}

export interface BroadcastDelayChanged {
  readonly matchId: string;
  readonly delayMs: number;
  readonly previousDelayMs: number;
  /** The revision of the match's `broadcast-<matchId>` stream after the change. */
  readonly revision: number;
}

/**
 * Records a producer's or referee's delay change as `BroadcastDelaySet` in the match's own
 * broadcast stream; the feed producer applies it from the log (TC-FEED-1..3 in docs/feeds.md),
 * so the change and the plays are ordered by one global position and survive a restart.
 */
@Injectable()
export class BroadcastDelayService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(EVENT_STORE) private readonly store: AppEventStore,
  ) {}

  async get(matchId: string): Promise<BroadcastDelayInForce> {
    // An id that cannot name a match stream names no match (the store would refuse the name).
    if (!MatchIdSchema.safeParse(matchId).success) throw new MatchNotFoundError(matchId);
    const created = await this.store.readStream(matchStream(matchId), { maxCount: 1 });
    if (created.length === 0) throw new MatchNotFoundError(matchId);
    const [last] = await this.store.readStream(broadcastStream(matchId), {
      direction: 'backwards',
      maxCount: 1,
    });
    return {
      matchId,
      delayMs: last?.type === 'BroadcastDelaySet' ? last.data.delayMs : this.config.BROADCAST_DELAY_MS,
      revision: last?.revision ?? NO_DELAY_SET,
    };
  }

  async set(matchId: string, body: unknown, principal: Principal): Promise<BroadcastDelayChanged> {
    const parsed = BroadcastDelayRequestSchema.safeParse(body);
    if (!parsed.success) {
      throw new RequestValidationError(
        parsed.error.issues.map((issue) => ({
          path: issue.path.map(String).join('.') || '(body)',
          message: issue.message,
        })),
      );
    }
    if (!MatchIdSchema.safeParse(matchId).success) throw new MatchNotFoundError(matchId);
    const created = await this.store.readStream(matchStream(matchId), { maxCount: 1 });
    if (created.length === 0) throw new MatchNotFoundError(matchId);
    const stream = broadcastStream(matchId);
    const [last] = await this.store.readStream(stream, { direction: 'backwards', maxCount: 1 });
    const previousDelayMs =
      last?.type === 'BroadcastDelaySet' ? last.data.delayMs : this.config.BROADCAST_DELAY_MS;
    const { delayMs } = parsed.data;
    const current = last?.revision ?? NO_DELAY_SET;
    const actedOn = parsed.data.revision ?? current;
    // A sender behind the log: refused before anything is appended (the append re-checks for a race).
    if (actedOn !== current) throw new StaleDelayRevisionError(matchId, actedOn, current);
    const correlationId = randomUUID();
    try {
      const appended = await this.store.append(
        stream,
        [
          {
            type: 'BroadcastDelaySet',
            data: { delayMs, previousDelayMs },
            metadata: {
              correlationId,
              causationId: null,
              actor: { id: principal.actorId, role: principal.role },
            },
          },
        ],
        actedOn === NO_DELAY_SET ? 'no_stream' : actedOn,
      );
      return { matchId, delayMs, previousDelayMs, revision: appended.nextRevision };
    } catch (error) {
      // Two producers changed the delay at once: the loser retries against the delay now in force.
      if (error instanceof WrongExpectedRevisionError) {
        throw new StaleDelayRevisionError(
          matchId,
          actedOn,
          typeof error.actual === 'number' ? error.actual : NO_DELAY_SET,
        );
      }
      throw error;
    }
  }
}
