import type { Audience } from '@tablecast/bus';

/**
 * One frame released to one audience: the arbitration committee's answer to "could anyone have
 * learned X from the broadcast before play Y?" — compare the entry that released X with the
 * recorded time of Y.
 */
export interface DisclosureEntry {
  readonly audience: Audience;
  readonly seq: number;
  /** The event the frame carried (its public form on venue); null for a status-only frame. */
  readonly eventType: string | null;
  readonly revision: number | null;
  readonly position: string | null;
  readonly recordedAt: string | null;
  /** When the frame was released to the audience (ms since the epoch, by the release clock). */
  readonly releasedAt: number;
  /** The stream revision the frame's view includes (-1: no view, the delay is building). */
  readonly viewRevision: number;
  readonly status: 'live' | 'delayBuilding';
}

/**
 * Where one match's disclosures are kept. `record` is called before the frame is published, so
 * a store that persists it synchronously never lets a frame out that the ledger does not hold.
 */
export interface DisclosureLog {
  record(entry: DisclosureEntry): void;
  list(audience?: Audience): readonly DisclosureEntry[];
  /**
   * Optional: `resumePointOf(list())` computed by the store itself, without handing out every
   * entry (a server opening the feeds of many matches at boot reads one row per audience each).
   */
  resumePoint?(): FeedResume;
}

/** Append-only record of every frame released, per audience, in memory. */
export class DisclosureLedger implements DisclosureLog {
  private readonly entries: DisclosureEntry[] = [];

  record(entry: DisclosureEntry): void {
    this.entries.push(entry);
  }

  list(audience?: Audience): readonly DisclosureEntry[] {
    return audience === undefined ? [...this.entries] : this.entries.filter((e) => e.audience === audience);
  }
}

/** Where a feed left off, per audience: the last seq it published and the last event revision it released. */
export interface FeedResume {
  readonly seqs: Readonly<Record<Audience, number>>;
  /** -1: no event released yet to that audience. */
  readonly revisions: Readonly<Record<Audience, number>>;
}

export const FRESH_FEED: FeedResume = {
  seqs: { staff: 0, venue: 0, broadcast: 0, commentary: 0 },
  revisions: { staff: -1, venue: -1, broadcast: -1, commentary: -1 },
};

/** The resume point a ledger proves: frames it holds were published, so their seqs are taken. */
export function resumePointOf(
  entries: Iterable<Pick<DisclosureEntry, 'audience' | 'seq' | 'revision'>>,
): FeedResume {
  const seqs = { ...FRESH_FEED.seqs };
  const revisions = { ...FRESH_FEED.revisions };
  for (const entry of entries) {
    seqs[entry.audience] = Math.max(seqs[entry.audience], entry.seq);
    if (entry.revision !== null)
      revisions[entry.audience] = Math.max(revisions[entry.audience], entry.revision);
  }
  return { seqs, revisions };
}
