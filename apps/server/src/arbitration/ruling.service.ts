import { Inject, Injectable } from '@nestjs/common';
import { tallyVotes } from '@tablecast/arbitration';
import { WrongExpectedRevisionError, type RecordedEvent } from '@tablecast/event-store';
import {
  appealStream,
  idSchema,
  RulingRemedySchema,
  type ResultCorrected,
  type RulingIssued,
  type TablecastEvent,
} from '@tablecast/events';
import { z } from 'zod';
import type { Principal } from '../auth/roles';
import { ENTROPY, newRecordId, type Entropy } from '../clock/clock';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import type { AppEventStore } from '../event-store/event-store.module';
import { MatchCommandService, type LogWrite } from '../matches/match-command.service';
import { RequestValidationError, RuleViolationError, StaleRevisionError } from '../matches/match.errors';
import { AppealService, type AppealRecord } from './appeal.service';
import { IdempotencyKeyReusedError } from '../idempotency/idempotency-key-reused.error';
import { logWriteEventId } from '../idempotency/log-write-event-ids';
import { ARBITRATION_LOOKUPS, type ArbitrationLookups } from './arbitration-lookups';
import { AppealAlreadyRuledError } from './arbitration.errors';
import { issuedFingerprint, rulingFingerprint } from './keyed-requests';
import { readMatchLog } from './match-log';
import { parseBody } from '../http/parse-body';
import { remediesOf } from './remedies';

/** `POST /api/appeals/:appealId/ruling`: the committee's vote sheet, keyed by an arbiter. */
export const IssueRulingRequestSchema = z.object({
  rulingId: idSchema.optional(),
  /** GD-APL-2: the committee members sitting on this appeal (odd, three or more). */
  committee: z.array(idSchema).min(1).max(15),
  votes: z
    .array(z.object({ memberId: idSchema, vote: z.enum(['uphold', 'dismiss']) }))
    .min(1)
    .max(15),
  /** What the committee orders when the appeal is upheld; omitted (or appeal-dismissed) when dismissed. */
  remedy: RulingRemedySchema.optional(),
  reasoning: z.string().trim().min(1).max(8000),
  /**
   * The match revision the committee ruled on: a match that has moved on since is a 409 and
   * nothing is written, neither the ruling nor its corrections. Omitted: the log as it stands.
   */
  matchRevision: z.int().min(0).optional(),
});

export interface RulingAnswer {
  readonly appeal: AppealRecord;
  /** The corrections written to the match stream (empty for a dismissed appeal). */
  readonly corrections: readonly ResultCorrected['data'][];
}

/** What the ruling did in the match's queue: carried out its corrections, or answered a retry. */
type Carried = { readonly corrections: ResultCorrected['data'][] } | { readonly retried: RulingAnswer };

/**
 * Records a committee ruling (GD-APL-2) in the appeal stream and carries out its remedy as
 * ResultCorrected events in the match stream (GD-APL-3). The log is never rewritten.
 */
@Injectable()
export class RulingService {
  constructor(
    @Inject(EVENT_STORE) private readonly store: AppEventStore,
    @Inject(ENTROPY) private readonly entropy: Entropy,
    private readonly appeals: AppealService,
    @Inject(MatchCommandService) private readonly matches: Pick<MatchCommandService, 'writeAgainstLog'>,
    @Inject(ARBITRATION_LOOKUPS) private readonly lookups: Pick<ArbitrationLookups, 'appealRuledBy'>,
  ) {}

  async issue(appealId: string, body: unknown, principal: Principal): Promise<RulingAnswer> {
    const request = parseBody(IssueRulingRequestSchema, body);
    const appeal = await this.appeals.get(appealId);
    const tally = tallyVotes(request.committee, request.votes);
    const remedy =
      request.remedy ??
      (tally.ok && tally.decision === 'dismiss' ? { kind: 'appeal-dismissed' as const } : undefined);
    const fingerprint = rulingFingerprint(appealId, { ...request, remedy });
    if (appeal.ruling !== null) {
      // A retry of the sheet that was recorded is answered with its ruling; any other sheet is refused.
      if (appeal.ruling.rulingId === request.rulingId)
        return this.carriedOut(appeal, appeal.ruling, fingerprint, principal);
      // GD-APL-2: the committee's decision is final; a second ruling is a 409.
      throw new AppealAlreadyRuledError(appealId, appeal.ruling.rulingId);
    }
    if (request.rulingId !== undefined) await this.refuseRulingIdOfAnotherAppeal(request.rulingId);
    if (!tally.ok) throw RuleViolationError.of(tally);
    if (remedy === undefined) {
      throw new RequestValidationError([
        { path: 'remedy', message: 'an upheld appeal needs the remedy the committee orders' },
      ]);
    }
    if ((tally.decision === 'dismiss') !== (remedy.kind === 'appeal-dismissed')) {
      throw new RuleViolationError(
        'GD-APL-2',
        `the majority voted to ${tally.decision} (${String(tally.uphold)}:${String(tally.dismiss)}); remedy ${remedy.kind} contradicts it`,
        `多数票决定${tally.decision === 'uphold' ? '支持' : '驳回'}申诉，与所选处理结果矛盾`,
      );
    }
    const rulingId = request.rulingId ?? newRecordId(this.entropy, 'ru');
    const fee = appeal.filed.fee;
    const ruling: RulingIssued = {
      type: 'RulingIssued',
      data: {
        appealId,
        rulingId,
        votes: request.votes,
        outcome: remedy.kind,
        reasoning: request.reasoning,
        remedy,
        // GD-APL-2: the fee is refunded if the appeal succeeds.
        feeRefund: tally.decision === 'uphold' && fee && fee.amount > 0 ? fee : null,
      },
    };
    const metadata = {
      correlationId: `ruling:${rulingId}`,
      causationId: `ruling:${rulingId}`,
      actor: { id: principal.actorId, role: principal.role },
    };
    // The ruling and its corrections are one write: the same sheet under its ruling id.
    const write = ['ruling', rulingId, fingerprint];
    // In the match's queue: the corrections are planned on the log they are appended to.
    let written;
    const progress = { recorded: false };
    try {
      written = await this.matches.writeAgainstLog(
        appeal.filed.matchId,
        request.matchRevision,
        { write },
        async (events): Promise<LogWrite<Carried>> => {
          const planned = remediesOf(events)(events, remedy, rulingId, request.reasoning);
          if ('ok' in planned) throw RuleViolationError.of(planned);
          // Expected revision 0 (the filing alone): of two concurrent rulings only one is written.
          try {
            const stream = appealStream(appealId);
            const eventId = logWriteEventId(stream, 0, write, 0);
            await this.store.append(
              stream,
              [{ ...ruling, metadata: { ...metadata, eventId, causationId: `appeal:${appealId}` } }],
              0,
            );
          } catch (error) {
            if (!(error instanceof WrongExpectedRevisionError)) throw error;
            const answer = await this.answerRuled(appealId, request.rulingId, fingerprint);
            return { events: [], result: { retried: answer } };
          }
          progress.recorded = true;
          const corrections = planned.map((data) => ({ type: 'ResultCorrected' as const, data, metadata }));
          return { events: corrections, result: { corrections: planned } };
        },
      );
    } catch (error) {
      // The same sheet sent twice at once: the copy behind the first finds the match moved on by
      // the first copy's own corrections, and answers as its retry. A ruling this request recorded
      // whose corrections then lost the match to another process is no retry: the 409 stands.
      if (error instanceof StaleRevisionError && !progress.recorded)
        return this.answerRuled(appealId, request.rulingId, fingerprint, error);
      throw error;
    }
    if ('retried' in written.result) return written.result.retried;
    return { appeal: await this.appeals.get(appealId), corrections: written.result.corrections };
  }

  /**
   * The answer to a sheet that lost the race for the appeal: the ruling recorded under its id
   * answers it as a retry; any other ruling refuses it (GD-APL-2); with none, `otherwise` stands.
   */
  private async answerRuled(
    appealId: string,
    rulingId: string | undefined,
    fingerprint: string,
    otherwise?: Error,
  ): Promise<RulingAnswer> {
    const now = await this.appeals.get(appealId);
    if (now.ruling === null)
      throw (
        otherwise ?? new Error(`appeal ${appealId}: the ruling write lost a race, yet no ruling is recorded`)
      );
    if (now.ruling.rulingId === rulingId) return this.retried(now, now.ruling, fingerprint);
    throw new AppealAlreadyRuledError(appealId, now.ruling.rulingId);
  }

  private async retried(
    appeal: AppealRecord,
    ruling: RulingIssued['data'],
    fingerprint: string,
  ): Promise<RulingAnswer> {
    if (issuedFingerprint(ruling) !== fingerprint)
      throw new IdempotencyKeyReusedError('rulingId', ruling.rulingId);
    const log = await readMatchLog(this.store, appeal.filed.matchId);
    return { appeal, corrections: correctionsOf(log.events, ruling.rulingId) };
  }

  /**
   * A resend of the sheet whose ruling is recorded: answered with the ruling and its corrections.
   * A ruling recorded without its corrections (their append failed after the ruling went in: the
   * log busy, or another process's write to the match) has them carried out now, under the very
   * ids of the first try when the match has not moved since (GD-APL-3: the remedy is owed).
   * Never called inside the match's queue (it writes in it).
   */
  private async carriedOut(
    appeal: AppealRecord,
    ruling: RulingIssued['data'],
    fingerprint: string,
    principal: Principal,
  ): Promise<RulingAnswer> {
    const answer = await this.retried(appeal, ruling, fingerprint);
    const remedy = ruling.remedy;
    if (answer.corrections.length > 0 || remedy === undefined || remedy.kind === 'appeal-dismissed')
      return answer;
    const rulingId = ruling.rulingId;
    const metadata = {
      correlationId: `ruling:${rulingId}`,
      causationId: `ruling:${rulingId}`,
      actor: { id: principal.actorId, role: principal.role },
    };
    const written = await this.matches.writeAgainstLog(
      appeal.filed.matchId,
      undefined,
      {
        write: ['ruling', rulingId, fingerprint],
        // Carried out meanwhile by another resend (of this process or another's).
        recorded: (events) => {
          const corrections = correctionsOf(events, rulingId);
          return corrections.length > 0 ? corrections : undefined;
        },
      },
      (events) => {
        const planned = remediesOf(events)(events, remedy, rulingId, ruling.reasoning);
        if ('ok' in planned) throw RuleViolationError.of(planned);
        return {
          events: planned.map((data) => ({ type: 'ResultCorrected' as const, data, metadata })),
          result: planned,
        };
      },
    );
    return { appeal, corrections: written.result };
  }

  /**
   * A ruling id names the corrections it orders (`<rulingId>.<n>`): one already recorded for
   * another appeal is a key reused for a different sheet (looked up by ruling id).
   */
  private async refuseRulingIdOfAnotherAppeal(rulingId: string): Promise<void> {
    if ((await this.lookups.appealRuledBy(rulingId)) !== undefined)
      throw new IdempotencyKeyReusedError('rulingId', rulingId);
  }
}

/** The corrections the log holds for a ruling, in the order written. */
function correctionsOf(
  events: readonly RecordedEvent<TablecastEvent>[],
  rulingId: string,
): ResultCorrected['data'][] {
  return events.flatMap((event) =>
    event.type === 'ResultCorrected' && event.data.rulingId === rulingId ? [event.data] : [],
  );
}
