import type { FeedEvent, FeedFrame, FeedStatus, MatchView } from '@tablecast/protocol';
import type { Audience } from '@tablecast/bus';
import { broadcastHoldOf, isGameEvent, liftedHoldOf } from '@tablecast/game-kit';
import type { FeedGame } from './feed-game';
import type { FeedInput, LoggedEvent } from './feed-input';
import { emptyProjection, project, refold, type FeedProjection } from './feed-projection';
import { DisclosureLedger, FRESH_FEED, type DisclosureLog, type FeedResume } from './ledger';
import { MIN_BROADCAST_DELAY_MS, type FeedPolicy } from './policy';
import { redact } from './redact';
import { viewFor } from './view';

/** One frame for one audience, ready to be encoded once and published. */
export interface FeedOutput<V = MatchView> {
  readonly audience: Audience;
  readonly frame: FeedFrame<V>;
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

export interface MatchFeedOptions<V = MatchView> {
  /**
   * The match's game (from the registry): its module decides what each audience sees of every
   * event and of the state. The feeds themselves know no game.
   */
  readonly game: FeedGame<unknown, unknown, V>;
  /** Where released frames are recorded (in memory by default; the server persists it). */
  readonly ledger?: DisclosureLog;
  /**
   * Where an earlier run of this feed left off (from its ledger): seqs continue after it, and
   * events it already released are folded again during catch-up without being sent twice.
   */
  readonly resume?: FeedResume;
}

/**
 * `live`: a new event, released as its time comes. `catchUp`: replaying the log at start-up —
 * live frames only for events the ledger has not seen, and no release by time until
 * `resumeAfterCatchUp`, so a delay change recorded later in the log is known before anything
 * goes out (TC-FEED-3 holds across a restart).
 */
export type AppendMode = 'live' | 'catchUp';

interface PendingRelease {
  readonly input: FeedInput<LoggedEvent>;
  /** The live projection right after the event: the delayed view is literally the live one as it was then. */
  readonly after: FeedProjection;
  /** The delay in force when the event was recorded (TC-FEED-1). */
  readonly delayAtRecordMs: number;
  /** The game's broadcast hold this event opens (a duplicate board's deal), or null. */
  readonly hold: string | null;
}

/**
 * The feeds of one match, pure: events and time go in, frames come out. Live audiences get a
 * frame per event at once. Delayed audiences get the consistent delayed view — the projection as
 * it was at `now - delay` — by releasing events strictly in log order, each no earlier than its
 * recorded time plus the delay. It fails closed: until the first release, after a clock fault
 * (for a whole delay again, since a clock that jumped may have made anything look due) and while
 * the log is down, the delayed feeds show `delayBuilding` and no view at all.
 */
export class MatchFeed<V extends { readonly revision: number } = MatchView> {
  readonly ledger: DisclosureLog;
  private readonly game: FeedGame<unknown, unknown, V>;
  private live: FeedProjection;
  private delayed: FeedProjection;
  /** Not yet released to the delayed audiences, in log order. */
  private readonly pending: PendingRelease[] = [];
  /** Broadcast holds lifted so far (a duplicate board dealt at its last table): the time the delay runs from. */
  private readonly lifted = new Map<string, number>();
  /** Every input so far, to re-fold the match when a keying correction retracts events. */
  private readonly inputs: FeedInput<LoggedEvent>[] = [];
  private pendingHead = 0;
  private readonly seqs: Record<Audience, number>;
  private readonly resume: FeedResume;
  private delay: number;
  private delayedStatus: FeedStatus | null = null;
  private releasedAny = false;
  private clockFaulted = false;
  private holdUntil = Number.NEGATIVE_INFINITY;
  /** Why the delayed feeds are held until `holdUntil`: a clock fault, or a raised delay rebuilding. */
  private holdReason: 'clock' | 'raised' = 'clock';
  /** The table time on air when a raise began to rebuild (now minus the delay before it). */
  private frozenAt: number | null = null;

  constructor(
    readonly policy: FeedPolicy,
    options: MatchFeedOptions<V>,
  ) {
    this.game = options.game;
    this.live = emptyProjection(this.game, policy.matchId);
    this.delayed = this.live;
    this.ledger = options.ledger ?? new DisclosureLedger();
    this.resume = options.resume ?? FRESH_FEED;
    this.seqs = { ...this.resume.seqs };
    this.delay = policy.broadcastDelayMs;
  }

  /** The delay in force now, for events recorded from now on (TC-FEED-1). */
  get delayMs(): number {
    return this.delay;
  }

  /** The delayed feeds' status (live, or delay building and why); null before the first event. */
  get delayedFeedStatus(): FeedStatus | null {
    return this.delayedStatus;
  }

  /** Whether this feed continues an earlier run's seqs (it was restored from a ledger). */
  get restored(): boolean {
    return Object.values(this.resume.seqs).some((seq) => seq > 0);
  }

  /** The last seq published per audience (0: none yet). */
  lastSeq(audience: Audience): number {
    return this.seqs[audience];
  }

  /**
   * What the broadcast feed has released so far: the view its latest frame carried and that
   * frame's status; `view` is null until the first release (the delay is still building).
   */
  released(): { readonly view: V | null; readonly status: FeedStatus | null } {
    return {
      view: this.releasedAny ? viewFor(this.game, this.delayed, 'broadcast') : null,
      status: this.delayedStatus,
    };
  }

  /**
   * Every event the broadcast feed has released, in log order, in the form its frames carried
   * (`redact(…, 'broadcast')`): the inputs before the ones still pending. Nothing still held back
   * by the delay is in it.
   */
  releasedEvents(): FeedEvent[] {
    const released = this.inputs.length - this.pendingCount;
    const events: FeedEvent[] = [];
    for (const input of this.inputs.slice(0, released)) {
      const event = redact(this.game.module, input, 'broadcast');
      if (event !== null) events.push(event);
    }
    return events;
  }

  /** Events received but not yet released to the delayed audiences. */
  get pendingCount(): number {
    return this.pending.length - this.pendingHead;
  }

  /** A new event from the log: live frames now, plus whatever of the delayed feed is due at `now`. */
  append(
    input: FeedInput<LoggedEvent>,
    now: number,
    health: FeedHealth = HEALTHY,
    mode: AppendMode = 'live',
  ): FeedOutput<V>[] {
    this.inputs.push(input);
    this.live =
      input.event.type === 'CorrectionConfirmed'
        ? refold(this.game, this.policy.matchId, this.inputs)
        : project(this.game, this.live, input);
    const out: FeedOutput<V>[] = [];
    for (const audience of LIVE_AUDIENCES) {
      if (input.revision <= this.resume.revisions[audience]) continue;
      out.push(
        this.emit(
          audience,
          now,
          { state: 'live', delayMs: 0 },
          input,
          viewFor(this.game, this.live, audience),
          this.live.revision,
        ),
      );
    }
    if (mode === 'catchUp' && input.revision <= this.resume.revisions.broadcast && this.pendingCount === 0) {
      // Released before the restart (the ledger says so): the delayed view moves on, nothing is sent.
      this.delayed = this.live;
      this.releasedAny = true;
      this.delayedStatus = { state: 'live', delayMs: this.delay };
      return out;
    }
    this.pending.push({ input, after: this.live, delayAtRecordMs: this.delay, hold: this.holdOf(input) });
    if (mode === 'live') out.push(...this.tick(now, health));
    return out;
  }

  /**
   * The producer set a new delay (a `BroadcastDelaySet` at this point of the log). TC-FEED-1: it
   * applies to events recorded from here on. TC-FEED-2: events already recorded keep the delay in
   * force when they were recorded, so lowering it releases nothing earlier. TC-FEED-3: raising it
   * holds back every event not yet released until its recorded time plus the new delay. A value
   * under the floor is raised to it (fail closed: the delayed feeds are never live). A raise on
   * air holds the delayed feeds for the added time (nothing is due before then anyway, by TC-FEED-3)
   * and says so (`raised`, with when it resumes): a frozen view must not look live.
   */
  setDelay(
    delayMs: number,
    now: number,
    health: FeedHealth = HEALTHY,
    mode: AppendMode = 'live',
  ): FeedOutput<V>[] {
    const previous = this.delay;
    this.delay = Math.max(
      MIN_BROADCAST_DELAY_MS,
      Number.isFinite(delayMs) ? delayMs : Number.POSITIVE_INFINITY,
    );
    if (mode === 'catchUp') return [];
    const rebuilding = this.holdReason === 'raised' && this.holdUntil > Number.NEGATIVE_INFINITY;
    if (rebuilding && this.frozenAt !== null) {
      // Another change while a raise rebuilds: the air stays at the same table time.
      this.holdUntil = this.frozenAt + this.delay;
    } else if (this.delay > previous && this.releasedAny && Number.isFinite(this.delay)) {
      // What is on air stays at the table time it had reached (now minus the old delay) until the
      // new delay has caught up with it; nothing recorded after that time is due before then.
      this.frozenAt = now - previous;
      if (this.clockFaulted || this.delayedStatus?.state === 'delayBuilding') {
        this.holdUntil = Math.max(this.holdUntil, this.frozenAt + this.delay);
      } else {
        this.holdUntil = this.frozenAt + this.delay;
        this.holdReason = 'raised';
      }
    }
    const out = this.tick(now, health);
    if (out.length === 0 && this.delayedStatus?.state === 'live') out.push(...this.showDelayed(now));
    return out;
  }

  /**
   * After a restart's catch-up: a snapshot frame on every audience (the seq after the ledger's last,
   * so a client that saw that seq resumes with no gap and no duplicate), then the releases due.
   */
  resumeAfterCatchUp(now: number, health: FeedHealth = HEALTHY): FeedOutput<V>[] {
    const out: FeedOutput<V>[] = [];
    if (this.restored) {
      for (const audience of LIVE_AUDIENCES) {
        out.push(
          this.emit(
            audience,
            now,
            { state: 'live', delayMs: 0 },
            null,
            viewFor(this.game, this.live, audience),
            this.live.revision,
          ),
        );
      }
    }
    const released = this.tick(now, health);
    out.push(...released);
    if (this.restored && released.length === 0 && this.delayedStatus?.state === 'live') {
      out.push(...this.showDelayed(now));
    }
    return out;
  }

  /** Releases what is due at `now` on the delayed feeds, or says why it holds them back. */
  tick(now: number, health: FeedHealth = HEALTHY): FeedOutput<V>[] {
    if (!health.clock) {
      this.clockFaulted = true;
      return this.building('clock', null, now);
    }
    if (this.clockFaulted) {
      this.clockFaulted = false;
      this.holdUntil = Math.max(this.holdUntil, now + this.delay);
      this.holdReason = 'clock';
    }
    if (!health.log) return this.building('log', null, now);
    if (now < this.holdUntil) return this.building(this.holdReason, this.holdUntil, now);
    this.holdUntil = Number.NEGATIVE_INFINITY;

    const out: FeedOutput<V>[] = [];
    let head = this.pending[this.pendingHead];
    while (head !== undefined && this.dueAt(head) <= now) {
      this.delayed = head.after;
      this.pendingHead += 1;
      this.releasedAny = true;
      const status: FeedStatus = { state: 'live', delayMs: this.delay };
      this.delayedStatus = status;
      // Both delayed audiences see everything: one view serves both.
      const view = viewFor(this.game, this.delayed, 'broadcast');
      for (const audience of DELAYED_AUDIENCES)
        out.push(this.emit(audience, now, status, head.input, view, this.delayed.revision));
      head = this.pending[this.pendingHead];
    }
    this.compact();
    if (out.length > 0) return out;
    if (!this.releasedAny) {
      if (head === undefined) return [];
      const due = this.dueAt(head);
      return this.building('starting', Number.isFinite(due) ? due : null, now);
    }
    // Healthy again with nothing newly due: show the delayed view as it stands.
    if (this.delayedStatus?.state === 'delayBuilding') return this.showDelayed(now);
    return [];
  }

  /**
   * TC-FEED-2/3: never before the delay in force at recording, and held back by a later raise. An
   * event that opens a broadcast hold (a duplicate board's deal, DEC-DDZ-5, DEC-B2-5) waits, and so
   * everything after it, until the hold is lifted, and then the delay after the time it names.
   */
  private dueAt(entry: PendingRelease): number {
    const delay = Math.max(entry.delayAtRecordMs, this.delay);
    const due = entry.input.recordedAtMs + delay;
    if (entry.hold === null) return due;
    const lifted = this.lifted.get(entry.hold);
    return lifted === undefined ? Number.POSITIVE_INFINITY : Math.max(due, lifted + delay);
  }

  /** The hold a game event opens; a lift it records is noted first (a hold is keyed by the game). */
  private holdOf(input: FeedInput<LoggedEvent>): string | null {
    const module = this.game.module;
    if (!isGameEvent(module, input.event)) return null;
    const lift = liftedHoldOf(module, input.event);
    if (lift !== null) this.lifted.set(lift.hold, lift.at);
    return broadcastHoldOf(module, input.event);
  }

  /** A status frame with the delayed view as it stands (no event). */
  private showDelayed(now: number): FeedOutput<V>[] {
    const status: FeedStatus = { state: 'live', delayMs: this.delay };
    this.delayedStatus = status;
    const view = viewFor(this.game, this.delayed, 'broadcast');
    return DELAYED_AUDIENCES.map((audience) =>
      this.emit(audience, now, status, null, view, this.delayed.revision),
    );
  }

  /** When `tick` next has something to do (a release or the end of a hold); null: nothing pending. */
  nextWakeAt(): number | null {
    const head = this.pending[this.pendingHead];
    const headDue = head === undefined ? null : this.dueAt(head);
    // A hold not lifted yet has no time: the lifting event wakes the feed when it arrives.
    const due = headDue !== null && Number.isFinite(headDue) ? headDue : null;
    const holdEnds = this.holdUntil > Number.NEGATIVE_INFINITY ? this.holdUntil : null;
    // A hold ends with a frame of its own (the delayed view again), even with nothing due then.
    return holdEnds ?? due;
  }

  private building(reason: BuildingReason, resumesAt: number | null, now: number): FeedOutput<V>[] {
    const current = this.delayedStatus;
    if (current?.state === 'delayBuilding' && current.reason === reason && current.resumesAt === resumesAt) {
      return [];
    }
    const status: FeedStatus = { state: 'delayBuilding', delayMs: this.delay, reason, resumesAt };
    this.delayedStatus = status;
    return DELAYED_AUDIENCES.map((audience) => this.emit(audience, now, status, null, null, -1));
  }

  private emit(
    audience: Audience,
    now: number,
    status: FeedStatus,
    input: FeedInput<LoggedEvent> | null,
    view: V | null,
    /** The stream revision the view shows (a game's view may count its own revisions). */
    viewRevision: number,
  ): FeedOutput<V> {
    this.seqs[audience] += 1;
    const seq = this.seqs[audience];
    const event = input === null ? null : redact(this.game.module, input, audience);
    const frame: FeedFrame<V> = {
      type: 'feed',
      matchId: this.policy.matchId,
      audience,
      seq,
      game: this.game.module.id,
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
      viewRevision: view === null ? -1 : viewRevision,
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
