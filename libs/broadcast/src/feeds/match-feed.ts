import type { FeedFrame, FeedStatus, MatchView } from '@tablecast/protocol';
import type { Audience } from '../bus/audience';
import type { FeedInput } from './feed-input';
import { emptyProjection, project, refold, type FeedProjection } from './feed-projection';
import { DisclosureLedger } from './ledger';
import type { FeedPolicy } from './policy';
import { redact } from './redact';
import { viewFor } from './view';

/** One frame for one audience, ready to be encoded once and published. */
export interface FeedOutput {
  readonly audience: Audience;
  readonly frame: FeedFrame;
}

/** What the release may trust right now; either false holds the delayed feeds back. */
export interface FeedHealth {
  /** The release clock agrees with a monotonic clock (no jump, no step back). */
  readonly clock: boolean;
  /** The log subscription is up and delivering. */
  readonly log: boolean;
}

export const HEALTHY: FeedHealth = { clock: true, log: true };

const LIVE_AUDIENCES = ['staff', 'venue'] as const satisfies readonly Audience[];
const DELAYED_AUDIENCES = ['broadcast', 'commentary'] as const satisfies readonly Audience[];

type BuildingReason = Extract<FeedStatus, { state: 'delayBuilding' }>['reason'];

/**
 * The feeds of one match, pure: events and time go in, frames come out. Live audiences get a
 * frame per event at once. Delayed audiences get the consistent delayed view — the projection as
 * it was at `now - delay` — by releasing events strictly in log order, each no earlier than its
 * recorded time plus the delay. It fails closed: until the first release, after a clock fault
 * (for a whole delay again, since a clock that jumped may have made anything look due) and while
 * the log is down, the delayed feeds show `delayBuilding` and no view at all.
 */
export class MatchFeed {
  readonly ledger = new DisclosureLedger();
  private live: FeedProjection;
  private delayed: FeedProjection;
  /**
   * Not yet released to the delayed audiences, each with the live projection right after it.
   * Projections are immutable, so the delayed view is literally the live one as it was then.
   */
  private readonly pending: { readonly input: FeedInput; readonly after: FeedProjection }[] = [];
  /** Every input so far, to re-fold the match when a keying correction retracts events. */
  private readonly inputs: FeedInput[] = [];
  private pendingHead = 0;
  private readonly seqs: Record<Audience, number> = { staff: 0, venue: 0, broadcast: 0, commentary: 0 };
  private delayedStatus: FeedStatus | null = null;
  private releasedAny = false;
  private clockFaulted = false;
  private holdUntil = Number.NEGATIVE_INFINITY;

  constructor(readonly policy: FeedPolicy) {
    this.live = emptyProjection(policy.matchId);
    this.delayed = emptyProjection(policy.matchId);
  }

  get delayMs(): number {
    return this.policy.broadcastDelayMs;
  }

  /** The last seq published per audience (0: none yet). */
  lastSeq(audience: Audience): number {
    return this.seqs[audience];
  }

  /** Events received but not yet released to the delayed audiences. */
  get pendingCount(): number {
    return this.pending.length - this.pendingHead;
  }

  /** A new event from the log: live frames now, plus whatever of the delayed feed is due at `now`. */
  append(input: FeedInput, now: number, health: FeedHealth = HEALTHY): FeedOutput[] {
    this.inputs.push(input);
    this.live =
      input.event.type === 'CorrectionConfirmed'
        ? refold(this.policy.matchId, this.inputs)
        : project(this.live, input);
    const out: FeedOutput[] = [];
    for (const audience of LIVE_AUDIENCES) {
      out.push(this.emit(audience, now, { state: 'live', delayMs: 0 }, input, viewFor(this.live, audience)));
    }
    this.pending.push({ input, after: this.live });
    out.push(...this.tick(now, health));
    return out;
  }

  /** Releases what is due at `now` on the delayed feeds, or says why it holds them back. */
  tick(now: number, health: FeedHealth = HEALTHY): FeedOutput[] {
    if (!health.clock) {
      this.clockFaulted = true;
      return this.building('clock', null, now);
    }
    if (this.clockFaulted) {
      this.clockFaulted = false;
      this.holdUntil = Math.max(this.holdUntil, now + this.delayMs);
    }
    if (!health.log) return this.building('log', null, now);
    if (now < this.holdUntil) return this.building('clock', this.holdUntil, now);
    this.holdUntil = Number.NEGATIVE_INFINITY;

    const out: FeedOutput[] = [];
    let head = this.pending[this.pendingHead];
    while (head !== undefined && head.input.recordedAtMs + this.delayMs <= now) {
      this.delayed = head.after;
      this.pendingHead += 1;
      this.releasedAny = true;
      const status: FeedStatus = { state: 'live', delayMs: this.delayMs };
      this.delayedStatus = status;
      // Both delayed audiences see everything: one view serves both.
      const view = viewFor(this.delayed, 'broadcast');
      for (const audience of DELAYED_AUDIENCES) out.push(this.emit(audience, now, status, head.input, view));
      head = this.pending[this.pendingHead];
    }
    this.compact();
    if (out.length > 0) return out;
    if (!this.releasedAny) {
      return head === undefined ? [] : this.building('starting', head.input.recordedAtMs + this.delayMs, now);
    }
    if (this.delayedStatus?.state === 'delayBuilding') {
      // Healthy again with nothing newly due: show the delayed view as it stands.
      const status: FeedStatus = { state: 'live', delayMs: this.delayMs };
      this.delayedStatus = status;
      const view = viewFor(this.delayed, 'broadcast');
      return DELAYED_AUDIENCES.map((audience) => this.emit(audience, now, status, null, view));
    }
    return [];
  }

  /** When `tick` next has something to do (a release or the end of a hold); null: nothing pending. */
  nextWakeAt(): number | null {
    const head = this.pending[this.pendingHead];
    const due = head === undefined ? null : head.input.recordedAtMs + this.delayMs;
    const holdEnds = this.holdUntil > Number.NEGATIVE_INFINITY ? this.holdUntil : null;
    if (due === null) return holdEnds;
    return holdEnds === null ? due : Math.max(due, holdEnds);
  }

  private building(reason: BuildingReason, resumesAt: number | null, now: number): FeedOutput[] {
    const current = this.delayedStatus;
    if (current?.state === 'delayBuilding' && current.reason === reason && current.resumesAt === resumesAt) {
      return [];
    }
    const status: FeedStatus = { state: 'delayBuilding', delayMs: this.delayMs, reason, resumesAt };
    this.delayedStatus = status;
    return DELAYED_AUDIENCES.map((audience) => this.emit(audience, now, status, null, null));
  }

  private emit(
    audience: Audience,
    now: number,
    status: FeedStatus,
    input: FeedInput | null,
    view: MatchView | null,
  ): FeedOutput {
    this.seqs[audience] += 1;
    const seq = this.seqs[audience];
    const event = input === null ? null : redact(input, audience);
    const frame: FeedFrame = {
      type: 'feed',
      matchId: this.policy.matchId,
      audience,
      seq,
      status,
      event,
      view,
    };
    this.ledger.record({
      audience,
      seq,
      eventType: event?.type ?? null,
      revision: event?.revision ?? null,
      position: event?.position ?? null,
      recordedAt: event?.recordedAt ?? null,
      releasedAt: now,
      viewRevision: view?.revision ?? -1,
      status: status.state,
    });
    return { audience, frame };
  }

  private compact(): void {
    if (this.pendingHead > 1024 && this.pendingHead * 2 > this.pending.length) {
      this.pending.splice(0, this.pendingHead);
      this.pendingHead = 0;
    }
  }
}
