import {
  logPart,
  type DirectorLogPart,
  type ProgramProposal,
  type ProposalMoment,
} from '@tablecast/protocol';
import type { DirectorFrame } from '../broadcast/director-frame';
import { RELEASE_CLOCK_TOLERANCE_MS, type DetectedMoment } from './director-moments';

/**
 * The moments worth proposing a cut to another table for: a bomb of any size, a Dou Dizhu rocket,
 * spring or anti-spring, a deal played for the match, and the match's end. A deal's end, a tribute
 * or a penalty happen at every table every few minutes: proposing them would bury the rest.
 */
export const PROPOSED_MOMENTS: ReadonlySet<ProposalMoment> = new Set<ProposalMoment>([
  'bomb',
  'straightFlush',
  'fourJokers',
  'rocket',
  'spring',
  'antiSpring',
  'matchPoint',
  'matchEnd',
]);

/** How many proposals the dashboard keeps (one per table, newest first). */
export const PROPOSALS_KEPT = 12;

export interface ProposalCandidate {
  readonly matchId: string;
  readonly moment: ProposalMoment;
  readonly detail: string;
  /** The same line as codes (director-log.ts): the moment's own part, as the director's log has it. */
  readonly parts: readonly DirectorLogPart[];
}

/**
 * Whether the broadcast audience has been shown the frame's event: a delayed audience, live, and
 * the event at least its delay old (as `momentsReleasedBy` checks the director's moments).
 */
function released(frame: DirectorFrame, now: number): boolean {
  if (frame.audience !== 'broadcast' && frame.audience !== 'commentary') return false;
  if (frame.status.state !== 'live' || frame.view === null || frame.event === null) return false;
  const recordedAt = Date.parse(frame.event.recordedAt);
  return Number.isFinite(recordedAt) && recordedAt + frame.status.delayMs - RELEASE_CLOCK_TOLERANCE_MS <= now;
}

/**
 * A match's end as the broadcast feed released it: the first released frame whose view says
 * `ended` after one that did not (any game: the status is every view's). A match first seen ended
 * (a restart) ended before: no proposal.
 */
export class ReleasedMatchEnds {
  private readonly ended = new Map<string, boolean>();

  releasedBy(frame: DirectorFrame, now: number): ProposalCandidate | null {
    if (!released(frame, now)) return null;
    const status = frame.view?.status;
    const endedNow = status === 'ended';
    const before = this.ended.get(frame.matchId);
    this.ended.set(frame.matchId, endedNow);
    if (!endedNow || before !== false) return null;
    return {
      matchId: frame.matchId,
      moment: 'matchEnd',
      detail: `match ${frame.matchId} ended`,
      parts: [logPart('matchEnded', { matchId: frame.matchId })],
    };
  }
}

/** The proposable moments among those a frame released. */
export function proposable(moments: readonly DetectedMoment[]): ProposalCandidate[] {
  return moments
    .filter((m) => PROPOSED_MOMENTS.has(m.moment))
    .map((m) => ({ matchId: m.matchId, moment: m.moment, detail: m.detail, parts: [m.part] }));
}

/**
 * The proposals waiting for the producer: at most one per table (a newer moment there replaces
 * the older), never one for the table on air, the newest first. Nothing here cuts.
 */
export class ProposalBook {
  private next = 1;
  private list: ProgramProposal[] = [];

  get all(): readonly ProgramProposal[] {
    return this.list;
  }

  offer(
    candidate: ProposalCandidate,
    at: { readonly table: string; readonly number: number | null },
    onAir: string | null,
    releasedAt: string,
  ): ProgramProposal | null {
    if (at.table === onAir) return null;
    const proposal: ProgramProposal = {
      id: `p${String(this.next)}`,
      table: at.table,
      number: at.number,
      matchId: candidate.matchId,
      moment: candidate.moment,
      detail: candidate.detail,
      parts: candidate.parts,
      releasedAt,
    };
    this.next += 1;
    this.list = [proposal, ...this.list.filter((p) => p.table !== at.table)].slice(0, PROPOSALS_KEPT);
    return proposal;
  }

  find(id: string): ProgramProposal | undefined {
    return this.list.find((p) => p.id === id);
  }

  /** Removes the proposal; false when there is none of that id. */
  dismiss(id: string): boolean {
    const before = this.list.length;
    this.list = this.list.filter((p) => p.id !== id);
    return this.list.length !== before;
  }

  /** The table went on air: what was proposed about it is done. */
  dropTable(table: string): void {
    this.list = this.list.filter((p) => p.table !== table);
  }
}
