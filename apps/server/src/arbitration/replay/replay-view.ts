import type { DisclosureEntry } from '@tablecast/broadcast';
import type { RecordedEvent } from '@tablecast/event-store';
import { effectiveEvents, type TablecastEvent } from '@tablecast/events';
import { levelName, type MatchState, type Seat } from '@tablecast/guandan';
import type { AudienceShown, ReplayEvent, ReplayPenalty, ReplayView } from '@tablecast/protocol';
import { matchNamesOf } from '@tablecast/games';

// The answer's types are the protocol's: the replay page reads the same ones.
export type { AudienceShown, ReplayEvent, ReplayPenalty, ReplayView } from '@tablecast/protocol';

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
    names: matchNamesOf(events[0]),
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
