import type { Audience } from '../bus/audience';

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

/** Append-only record of every frame released, per audience. */
export class DisclosureLedger {
  private readonly entries: DisclosureEntry[] = [];

  record(entry: DisclosureEntry): void {
    this.entries.push(entry);
  }

  list(audience?: Audience): readonly DisclosureEntry[] {
    return audience === undefined ? [...this.entries] : this.entries.filter((e) => e.audience === audience);
  }
}
