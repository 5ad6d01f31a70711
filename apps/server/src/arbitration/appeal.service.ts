import { Inject, Injectable } from '@nestjs/common';
import { appealAnswerDue, arbitrationRulesFor, checkAppealWindow } from '@tablecast/arbitration';
import { WrongExpectedRevisionError, type RecordedEvent } from '@tablecast/event-store';
import { gameModule } from '@tablecast/games';
import { appealStream, type AppealFiled, type RulingIssued, type TablecastEvent } from '@tablecast/events';
import { mayOperateTable, type Principal } from '../auth/roles';
import { CLOCK, ENTROPY, newRecordId, type Clock, type Entropy } from '../clock/clock';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import type { AppEventStore } from '../event-store/event-store.module';
import { CommandForbiddenError, RequestValidationError, RuleViolationError } from '../matches/match.errors';
import { IdempotencyKeyReusedError } from '../idempotency/idempotency-key-reused.error';
import { FileAppealRequestSchema } from './appeal-requests';
import { ARBITRATION_LOOKUPS, type ArbitrationLookups } from './arbitration-lookups';
import { AppealNotFoundError } from './arbitration.errors';
import { filedFingerprint, filingFingerprint } from './keyed-requests';
import { handsStarted, readMatchLog, referenceTo } from './match-log';
import { parseBody } from '../http/parse-body';

/** An appeal as staff read it: the filing, the ruling once issued, and the GD-APL-1 deadline. */
export interface AppealRecord {
  readonly appealId: string;
  readonly filed: AppealFiled['data'];
  readonly filedAt: string;
  readonly filedBy: { readonly id: string; readonly role: string };
  readonly ruling: RulingIssued['data'] | null;
  readonly ruledAt: string | null;
  /** Revision of the appeal stream's last event (the expected revision of the next write). */
  readonly revision: number;
  /** GD-APL-2: the committee must answer by then (the ruleset's answer time after the filing). */
  readonly answerDue: string;
  /** Whether the ruling came by `answerDue`; null while there is none. */
  readonly answeredInTime: boolean | null;
}

/** Files appeals (GD-APL-1) into their own `appeal-<id>` streams and reads them back. */
@Injectable()
export class AppealService {
  constructor(
    @Inject(EVENT_STORE) private readonly store: AppEventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(ENTROPY) private readonly entropy: Entropy,
    @Inject(ARBITRATION_LOOKUPS) private readonly lookups: Pick<ArbitrationLookups, 'appealIdsOf'>,
  ) {}

  async file(matchId: string, body: unknown, principal: Principal): Promise<AppealRecord> {
    const request = parseBody(FileAppealRequestSchema, body);
    const log = await readMatchLog(this.store, matchId);
    if (principal.role === 'operator' && !mayOperateTable(principal, log.table)) {
      throw new CommandForbiddenError(`${principal.actorId} may not file appeals for table ${log.table}`);
    }
    const sides = gameModule(log.game).sides.map((side) => side.id);
    if (!sides.includes(request.appellant.team)) {
      throw new RequestValidationError([
        {
          path: 'appellant.team',
          message: `expected one of ${sides.join(', ')}, got "${request.appellant.team}"`,
        },
      ]);
    }
    const fingerprint = filingFingerprint(matchId, request);
    // A retry after a lost answer is answered with the appeal it filed, even once the window closed.
    if (request.appealId !== undefined) {
      const retried = await this.retried(request.appealId, fingerprint);
      if (retried) return retried;
    }
    // GD-APL-1: later appeals are invalid; the deadline comes from the ruleset's window.
    const window = checkAppealWindow(arbitrationRulesFor(log.ruleset), log.roundEndedAt, this.clock.now());
    if (!window.ok) throw RuleViolationError.of(window);
    if (request.handNumber > handsStarted(log)) {
      throw new RequestValidationError([
        { path: 'handNumber', message: `match ${matchId} has started ${String(handsStarted(log))} hand(s)` },
      ]);
    }
    const disputed = request.disputedRevisions.map((revision, i) =>
      referenceTo(log, revision, `disputedRevisions.${String(i)}`),
    );
    const appealId = request.appealId ?? newRecordId(this.entropy, 'ap');
    const filed: AppealFiled = {
      type: 'AppealFiled',
      data: {
        appealId,
        matchId,
        handNumber: request.handNumber,
        disputed,
        statement: request.statement,
        language: request.language,
        // A side of the match's game, checked above; the event's schema checks it again on append.
        appellant: request.appellant,
        fee: { amount: request.fee.amount, currency: 'CNY' },
      },
    };
    // 'no_stream': an appeal id is filed once; of two filings racing with one id, one is written.
    try {
      await this.append(appealId, filed, principal);
    } catch (error) {
      const retried =
        error instanceof WrongExpectedRevisionError ? await this.retried(appealId, fingerprint) : undefined;
      if (retried) return retried;
      throw error;
    }
    return this.get(appealId);
  }

  /**
   * The appeal already filed under `appealId` when this request is a retry of its filing; a
   * different filing under the same id is refused (nothing is written); undefined when none exists.
   */
  private async retried(appealId: string, fingerprint: string): Promise<AppealRecord | undefined> {
    let existing: AppealRecord;
    try {
      existing = await this.get(appealId);
    } catch (error) {
      if (error instanceof AppealNotFoundError) return undefined;
      throw error;
    }
    if (filedFingerprint(existing.filed) !== fingerprint)
      throw new IdempotencyKeyReusedError('appealId', appealId);
    return existing;
  }

  private async append(appealId: string, filed: AppealFiled, principal: Principal): Promise<void> {
    await this.store.append(
      appealStream(appealId),
      [
        {
          ...filed,
          metadata: {
            correlationId: `appeal:${appealId}`,
            causationId: null,
            actor: { id: principal.actorId, role: principal.role },
          },
        },
      ],
      'no_stream',
    );
  }

  async get(appealId: string): Promise<AppealRecord> {
    let events: readonly RecordedEvent<TablecastEvent>[];
    try {
      events = await this.store.readStream(appealStream(appealId));
    } catch (error) {
      if (error instanceof RangeError) throw new AppealNotFoundError(appealId);
      throw error;
    }
    const record = toRecord(appealId, events);
    const { ruleset } = await readMatchLog(this.store, record.filed.matchId);
    const due = appealAnswerDue(arbitrationRulesFor(ruleset), Date.parse(record.filedAt));
    return {
      ...record,
      answerDue: new Date(due).toISOString(),
      answeredInTime: record.ruledAt === null ? null : Date.parse(record.ruledAt) <= due,
    };
  }

  /** Every appeal of a match, oldest first (looked up by match, each read from its own stream). */
  async list(matchId: string): Promise<AppealRecord[]> {
    const ids = await this.lookups.appealIdsOf(matchId);
    return Promise.all(ids.map((id) => this.get(id)));
  }
}

function toRecord(
  appealId: string,
  events: readonly RecordedEvent<TablecastEvent>[],
): Omit<AppealRecord, 'answerDue' | 'answeredInTime'> {
  const filed = events[0];
  if (filed?.type !== 'AppealFiled') throw new AppealNotFoundError(appealId);
  const ruling = events.find((event) => event.type === 'RulingIssued');
  return {
    appealId,
    filed: filed.data,
    filedAt: filed.metadata.recordedAt,
    filedBy: filed.metadata.actor,
    ruling: ruling?.type === 'RulingIssued' ? ruling.data : null,
    ruledAt: ruling?.metadata.recordedAt ?? null,
    revision: events[events.length - 1]?.revision ?? -1,
  };
}
