import { Inject, Injectable } from '@nestjs/common';
import { arbitrationRulesFor, checkScoreCorrectionWindow } from '@tablecast/arbitration';
import type { RecordedEvent } from '@tablecast/event-store';
import {
  idSchema,
  tournamentStream,
  type PairingsPublished,
  type ResultCorrected,
  type TablecastEvent,
} from '@tablecast/events';
import { z } from 'zod';
import type { Principal } from '../auth/roles';
import { CLOCK, ENTROPY, newRecordId, type Clock, type Entropy } from '../clock/clock';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import type { AppEventStore } from '../event-store/event-store.module';
import { MatchCommandService } from '../matches/match-command.service';
import { RequestValidationError, RuleViolationError } from '../matches/match.errors';
import { ARBITRATION_LOOKUPS, type ArbitrationLookups } from './arbitration-lookups';
import { matchLogOf } from './match-log';
import { parseBody } from '../http/parse-body';
import { remediesOf } from './remedies';
import {
  keyedCorrection,
  keyedCorrectionId,
  keyedTrace,
  playersLeftAt,
  recordedCorrection,
} from './score-correction-keys';

const levelIndex = z.int().min(0).max(13);

/** `POST /api/matches/:matchId/score-corrections` (GD-VAR-003-16, GD-APL-3). */
export const ScoreCorrectionRequestSchema = z.object({
  kind: z.enum(['recording-error', 'entry-error']),
  handNumber: z.int().min(1),
  /** The levels after the hand as they really were (the score sheet's record, GD-SCORE-1). */
  levelsAfter: z.object({ NS: levelIndex, EW: levelIndex }),
  note: z.string().trim().min(1).max(2000),
  /**
   * The match revision the referee acted on (the scoreboard they corrected): a match that has
   * moved on since is a 409 and nothing is written. Omitted: the log as it stands when corrected.
   */
  revision: z.int().min(0).optional(),
});

/** `POST /api/tournaments/:tournamentId/pairings`: the round's pairings as published. */
export const PublishPairingsRequestSchema = z.object({
  round: z.int().min(1),
  pairings: z
    .array(z.object({ table: z.string().min(1).max(64), NS: z.string().min(1), EW: z.string().min(1) }))
    .min(1),
  previousRoundMatches: z.array(idSchema).max(200),
});

export interface ScoreCorrectionAnswer {
  readonly corrections: readonly ResultCorrected['data'][];
  /** When the window of this kind of error closes (ms; null: open until a fact closes it). */
  readonly windowClosesAt: number | null;
}

/**
 * Score corrections under the 2023 regulations (TRN-SWISS-9): recording errors before the players
 * leave the table, entry errors within 5 minutes after the next round's pairings are published.
 * The facts that close the windows (PlayersLeftTable, PairingsPublished) are events in the log.
 */
@Injectable()
export class ScoreCorrectionService {
  constructor(
    @Inject(EVENT_STORE) private readonly store: AppEventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(ENTROPY) private readonly entropy: Entropy,
    @Inject(MatchCommandService) private readonly matches: Pick<MatchCommandService, 'writeAgainstLog'>,
    @Inject(ARBITRATION_LOOKUPS)
    private readonly lookups: Pick<ArbitrationLookups, 'nextPairingsPublishedAt'>,
  ) {}

  /**
   * `idempotencyKey` is the client's (the `Idempotency-Key` header, keys per match): a resend of
   * the same request with it (its answer lost) is answered as the first time and writes nothing,
   * across processes and restarts, since the log keeps the key with the corrections; the key on
   * another request is a 409. Without one, every request is a correction of its own.
   */
  async correct(
    matchId: string,
    body: unknown,
    principal: Principal,
    idempotencyKey?: string,
  ): Promise<ScoreCorrectionAnswer> {
    const request = parseBody(ScoreCorrectionRequestSchema, body);
    const keyed =
      idempotencyKey === undefined ? undefined : keyedCorrection(matchId, idempotencyKey, request);
    const correctionId = keyed === undefined ? newRecordId(this.entropy, 'sc') : keyedCorrectionId(keyed);
    const actor = { id: principal.actorId, role: principal.role };
    const metadata =
      keyed === undefined
        ? { correlationId: correctionId, causationId: null, actor }
        : { ...keyedTrace(keyed), actor };
    // GD-VAR-003-16: the entry-error window closes 5 minutes after the next round's pairings.
    const nextPairingsPublishedAt = await this.lookups.nextPairingsPublishedAt(matchId);
    const identity = {
      write:
        keyed === undefined
          ? ['score-correction', correctionId]
          : ['score-correction', keyed.key, keyed.fingerprint],
      recorded:
        keyed === undefined
          ? undefined
          : (events: readonly RecordedEvent<TablecastEvent>[]) =>
              recordedCorrection(matchId, events, keyed, nextPairingsPublishedAt),
    };
    const written = await this.matches.writeAgainstLog(matchId, request.revision, identity, (events) => {
      const log = matchLogOf(matchId, events);
      const window = checkScoreCorrectionWindow(arbitrationRulesFor(log.ruleset), request.kind, {
        playersLeftAt: playersLeftAt(log),
        nextPairingsPublishedAt,
        now: this.clock.now(),
      });
      if (!window.ok) throw RuleViolationError.of(window);
      const planned = remediesOf(log.events)(
        log.events,
        { kind: 'hand-result-corrected', handNumber: request.handNumber, levelsAfter: request.levelsAfter },
        correctionId,
        request.note,
      );
      if ('ok' in planned) throw RuleViolationError.of(planned);
      // A score correction is not a ruling: it names its kind and no ruling, and never a pairing.
      const corrections = planned.map((c) => ({ ...c, reason: request.kind, rulingId: null }));
      return {
        events: corrections.map((data) => ({ type: 'ResultCorrected' as const, data, metadata })),
        result: { corrections, windowClosesAt: window.closesAt },
      };
    });
    return written.result;
  }

  /** GD-VAR-003-16: the referee records that the players left the table (closes recording errors). */
  async playersLeft(matchId: string, principal: Principal): Promise<{ readonly revision: number }> {
    const written = await this.matches.writeAgainstLog(
      matchId,
      undefined,
      { write: ['players-left'] },
      (events) => ({
        // Recorded once: the first record is when the window closed.
        events:
          playersLeftAt(matchLogOf(matchId, events)) !== null
            ? []
            : [
                {
                  type: 'PlayersLeftTable' as const,
                  data: { matchId },
                  metadata: this.metadata(`left:${matchId}`, principal),
                },
              ],
        result: undefined,
      }),
    );
    return { revision: written.revision };
  }

  async publishPairings(
    tournamentId: string,
    body: unknown,
    principal: Principal,
  ): Promise<PairingsPublished['data']> {
    const request = parseBody(PublishPairingsRequestSchema, body);
    if (!idSchema.safeParse(tournamentId).success) {
      throw new RequestValidationError([
        { path: 'tournamentId', message: 'expected 1–64 letters, digits, _ . or :' },
      ]);
    }
    const data = { tournamentId, ...request };
    await this.store.append(
      tournamentStream(tournamentId),
      [
        {
          type: 'PairingsPublished',
          data,
          metadata: this.metadata(`pairings:${String(request.round)}`, principal),
        },
      ],
      'any',
    );
    return data;
  }

  private metadata(correlationId: string, principal: Principal) {
    return { correlationId, causationId: null, actor: { id: principal.actorId, role: principal.role } };
  }
}
