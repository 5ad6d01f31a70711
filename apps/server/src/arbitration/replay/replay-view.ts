import type { DisclosureEntry } from '@tablecast/broadcast';
import type { RecordedEvent } from '@tablecast/event-store';
import { effectiveEvents, type TablecastEvent } from '@tablecast/events';
import { gameOfMatch } from '@tablecast/game-kit';
import { gameArbitration, matchNamesOf } from '@tablecast/games';
import type {
  AudienceShown,
  ReplayEvent,
  ReplayPenalty,
  ReplayView as GuandanReplayView,
} from '@tablecast/protocol';

// The answer's types are the protocol's: the replay page reads the same ones.
export type { AudienceShown, ReplayEvent, ReplayPenalty } from '@tablecast/protocol';

/** What every game's replay answers; the game's arbitration adds its own part (`replayDetail`). */
type ReplayBase = Omit<GuandanReplayView, 'status' | 'levels' | 'levelNames' | 'hand' | 'result'>;

/**
 * The arbiters' replay at a position: the common part (the event, the recent ones, penalties,
 * what each audience had been shown, the names) and the game's own (a Guandan match's levels and
 * hands as the protocol's ReplayView has them; another game's staff view and result).
 */
export type ReplayView = ReplayBase & Readonly<Record<string, unknown>>;

const RECENT = 8;

export function replayView(
  matchId: string,
  events: readonly RecordedEvent<TablecastEvent>[],
  position: number,
  state: unknown,
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
  const detail = gameArbitration(gameOfMatch(events[0]) ?? 'unknown').replayDetail(state);
  return {
    matchId,
    position,
    lastPosition: events.length - 1,
    event: info(current),
    recent: prefix.slice(Math.max(0, position - RECENT), position).map(info),
    ...detail,
    penalties: penaltiesAt(prefix, inEffect),
    shown: ledger === null ? null : shownBy(ledger, Date.parse(current.metadata.recordedAt)),
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
        const added = event.data.corrected as { seat: ReplayPenalty['seat']; sanction: string; rule: string };
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
