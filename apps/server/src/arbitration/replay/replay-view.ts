import type { DisclosureEntry } from '@tablecast/broadcast';
import type { RecordedEvent } from '@tablecast/event-store';
import { effectiveEvents, type TablecastEvent } from '@tablecast/events';
import { levelName, type MatchState, type PerSeat, type Seat, type TrickState } from '@tablecast/guandan';

/** One event as the arbiters see it in the replay: when it was recorded and who keyed it. */
export interface ReplayEvent {
  readonly revision: number;
  readonly type: string;
  readonly recordedAt: string;
  readonly actor: { readonly id: string; readonly role: string };
  readonly data: unknown;
  /** False when a later-confirmed keying correction (at or before this position) retracted it. */
  readonly inEffect: boolean;
}

/** A penalty as known at the position: issued at the table or imposed by a ruling, maybe rescinded. */
export interface ReplayPenalty {
  readonly revision: number;
  readonly seat: Seat;
  readonly sanction: string;
  readonly rule: string;
  readonly by: string;
  /** The ruling that imposed it (null: the table referee issued it). */
  readonly imposedByRuling: string | null;
  /** The ruling that rescinded it by this position, or null. */
  readonly rescindedByRuling: string | null;
}

/** What one audience had been shown by the time of the event (from the feeds' disclosure ledger). */
export interface AudienceShown {
  readonly frames: number;
  /** The last match revision whose view had been released to it (-1: nothing yet). */
  readonly revisionShown: number;
  readonly lastReleasedAt: string | null;
}

export interface ReplayView {
  readonly matchId: string;
  readonly position: number;
  readonly lastPosition: number;
  readonly event: ReplayEvent;
  /** The events just before this one (oldest first), with time and actor. */
  readonly recent: readonly ReplayEvent[];
  readonly status: MatchState['status'];
  readonly levels: { readonly NS: number; readonly EW: number };
  readonly levelNames: { readonly NS: string; readonly EW: string };
  readonly hand: {
    readonly number: number;
    readonly level: string;
    readonly phase: string;
    /** All four hands: the replay is for the committee only. */
    readonly hands: PerSeat<readonly string[]>;
    readonly trick: TrickState | null;
    readonly turn: Seat | null;
    readonly finished: readonly Seat[];
  } | null;
  readonly penalties: readonly ReplayPenalty[];
  /** null when the server holds no disclosure ledger for the match (feeds not run since boot). */
  readonly shown: Readonly<Record<string, AudienceShown>> | null;
  readonly result: MatchState['result'];
}

const RECENT = 8;

export function replayView(
  matchId: string,
  events: readonly RecordedEvent<TablecastEvent>[],
  position: number,
  state: MatchState,
  ledger: readonly DisclosureEntry[] | null,
): ReplayView {
  const prefix = events.slice(0, position + 1);
  // Only a confirmed keying correction takes events out of effect; most matches have none.
  const corrected = prefix.some((e) => e.type === 'CorrectionConfirmed');
  const effective = corrected ? new Set(effectiveEvents(prefix).map((e) => e.revision)) : null;
  const inEffect = (revision: number): boolean => effective === null || effective.has(revision);
  const info = (event: RecordedEvent<TablecastEvent>): ReplayEvent => ({
    revision: event.revision,
    type: event.type,
    recordedAt: event.metadata.recordedAt,
    actor: event.metadata.actor,
    data: event.data,
    inEffect: inEffect(event.revision),
  });
  const current = prefix[position];
  if (!current) throw new RangeError(`position ${String(position)} is outside the match`);
  const hand = state.hand;
  return {
    matchId,
    position,
    lastPosition: events.length - 1,
    event: info(current),
    recent: prefix.slice(Math.max(0, position - RECENT), position).map(info),
    status: state.status,
    levels: state.levels,
    levelNames: { NS: levelName(state.levels.NS), EW: levelName(state.levels.EW) },
    hand: hand && {
      number: hand.number,
      level: hand.level,
      phase: hand.phase,
      hands: hand.hands,
      trick: hand.trick,
      turn: hand.turn,
      finished: hand.finished,
    },
    penalties: penaltiesAt(prefix, inEffect),
    shown: ledger === null ? null : shownBy(ledger, Date.parse(current.metadata.recordedAt)),
    result: state.result,
  };
}

/** PenaltyIssued in effect, plus penalties imposed by rulings; rescissions by rulings marked. */
function penaltiesAt(
  prefix: readonly RecordedEvent<TablecastEvent>[],
  inEffect: (revision: number) => boolean,
): ReplayPenalty[] {
  const penalties: ReplayPenalty[] = [];
  const rescinded = new Map<number, string>();
  for (const event of prefix) {
    if (event.type === 'PenaltyIssued' && inEffect(event.revision)) {
      const { seat, sanction, rule, refereeId } = event.data;
      penalties.push({
        revision: event.revision,
        seat,
        sanction,
        rule,
        by: refereeId,
        imposedByRuling: null,
        rescindedByRuling: null,
      });
    } else if (event.type === 'ResultCorrected' && event.data.rulingId !== null) {
      if (event.data.effect === 'voided') rescinded.set(event.data.supersedes.revision, event.data.rulingId);
      if (event.data.effect === 'penalty-added') {
        const added = event.data.corrected as { seat: Seat; sanction: string; rule: string };
        penalties.push({
          revision: event.revision,
          seat: added.seat,
          sanction: added.sanction,
          rule: added.rule,
          by: 'committee',
          imposedByRuling: event.data.rulingId,
          rescindedByRuling: null,
        });
      }
    }
  }
  return penalties.map((p) => ({ ...p, rescindedByRuling: rescinded.get(p.revision) ?? null }));
}

function shownBy(ledger: readonly DisclosureEntry[], at: number): Record<string, AudienceShown> {
  const shown: Record<string, AudienceShown> = {};
  for (const entry of ledger) {
    if (entry.releasedAt > at) continue;
    const before = shown[entry.audience] ?? { frames: 0, revisionShown: -1, lastReleasedAt: null };
    shown[entry.audience] = {
      frames: before.frames + 1,
      revisionShown: Math.max(before.revisionShown, entry.viewRevision),
      lastReleasedAt: new Date(entry.releasedAt).toISOString(),
    };
  }
  return shown;
}
