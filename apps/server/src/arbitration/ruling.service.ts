import { Inject, Injectable } from '@nestjs/common';
import { WrongExpectedRevisionError } from '@tablecast/event-store';
import {
  appealStream,
  idSchema,
  matchStream,
  RulingRemedySchema,
  tallyVotes,
  type ResultCorrected,
  type RulingIssued,
  type RulingRemedy,
} from '@tablecast/events';
import { z } from 'zod';
import type { Principal } from '../auth/roles';
import { ENTROPY, newRecordId, type Entropy } from '../clock/clock';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import type { AppEventStore } from '../event-store/event-store.module';
import { MatchCommandService } from '../matches/match-command.service';
import { RequestValidationError, RuleViolationError } from '../matches/match.errors';
import { AppealService, type AppealRecord } from './appeal.service';
import { IdempotencyKeyReusedError } from '../idempotency/idempotency-key-reused.error';
import { AppealAlreadyRuledError } from './arbitration.errors';
import { issuedFingerprint, rulingFingerprint } from './keyed-requests';
import { readMatchLog } from './match-log';
import { parseBody } from '../http/parse-body';
import { correctionsForRemedy } from './ruling-corrections';

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
});

export interface RulingAnswer {
  readonly appeal: AppealRecord;
  /** The corrections written to the match stream (empty for a dismissed appeal). */
  readonly corrections: readonly ResultCorrected['data'][];
}

const APPLY_ATTEMPTS = 3;

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
    @Inject(MatchCommandService) private readonly matches: Pick<MatchCommandService, 'forget'>,
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
        return this.retried(appeal, appeal.ruling, fingerprint);
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
    const log = await readMatchLog(this.store, appeal.filed.matchId);
    const planned = correctionsForRemedy(log.events, remedy, rulingId, request.reasoning);
    if ('ok' in planned) throw RuleViolationError.of(planned);
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
      causationId: `appeal:${appealId}`,
      actor: { id: principal.actorId, role: principal.role },
    };
    // Expected revision 0 (the filing alone): of two concurrent rulings only one is written.
    try {
      await this.store.append(appealStream(appealId), [{ ...ruling, metadata }], 0);
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
      const now = await this.appeals.get(appealId);
      // The same sheet sent twice at once: the copy that lost the race answers as a retry.
      if (now.ruling === null || now.ruling.rulingId !== request.rulingId) throw error;
      return this.retried(now, now.ruling, fingerprint);
    }
    const corrections = await this.applyCorrections(
      appeal.filed.matchId,
      remedy,
      rulingId,
      request.reasoning,
      metadata,
    );
    return { appeal: await this.appeals.get(appealId), corrections };
  }

  private async retried(
    appeal: AppealRecord,
    ruling: RulingIssued['data'],
    fingerprint: string,
  ): Promise<RulingAnswer> {
    if (issuedFingerprint(ruling) !== fingerprint)
      throw new IdempotencyKeyReusedError('rulingId', ruling.rulingId);
    const log = await readMatchLog(this.store, appeal.filed.matchId);
    const corrections = log.events.flatMap((event) =>
      event.type === 'ResultCorrected' && event.data.rulingId === ruling.rulingId ? [event.data] : [],
    );
    return { appeal, corrections };
  }

  /**
   * A ruling id names the corrections it orders (`<rulingId>.<n>`): one already recorded for
   * another appeal is a key reused for a different sheet (a scan of the log: rulings are few).
   */
  private async refuseRulingIdOfAnotherAppeal(rulingId: string): Promise<void> {
    for await (const event of this.store.readAll()) {
      if (event.type === 'RulingIssued' && event.data.rulingId === rulingId)
        throw new IdempotencyKeyReusedError('rulingId', rulingId);
    }
  }

  /**
   * Appends the ruling's corrections to the match stream. A command at the table may win the race
   * for the match's revision: then the corrections are planned again on the newer log.
   */
  private async applyCorrections(
    matchId: string,
    remedy: RulingRemedy,
    rulingId: string,
    reasoning: string,
    metadata: { correlationId: string; actor: { id: string; role: Principal['role'] } },
  ): Promise<ResultCorrected['data'][]> {
    if (remedy.kind === 'appeal-dismissed') return [];
    for (let attempt = 1; ; attempt += 1) {
      const log = await readMatchLog(this.store, matchId);
      const planned = correctionsForRemedy(log.events, remedy, rulingId, reasoning);
      if ('ok' in planned) throw RuleViolationError.of(planned);
      try {
        await this.store.append(
          matchStream(matchId),
          planned.map((data) => ({
            type: 'ResultCorrected' as const,
            data,
            metadata: { ...metadata, causationId: `ruling:${rulingId}` },
          })),
          log.events.length - 1,
        );
        await this.matches.forget(matchId);
        return planned;
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError) || attempt >= APPLY_ATTEMPTS) throw error;
      }
    }
  }
}
