import type { Position } from '@kurrent/kurrentdb-client';
import type { Lease } from '../lease/lease';

const after = (a: Position, b: Position): boolean =>
  a.commit > b.commit || (a.commit === b.commit && a.prepare > b.prepare);

/**
 * The live grants of the lease streams as read so far from $all, and how far $all was read
 * (the checkpoint), so each listing reads only the grants recorded since the last one instead of
 * every grant ever written. A grant that ran out or was released is forgotten: its lease can only
 * be live again through a later grant, which lies past the checkpoint and is read then.
 */
export class LiveGrantTail {
  private readonly grants = new Map<string, Lease>();
  private checkpoint: Position | undefined;

  /** Where the next read of $all starts (the event at the checkpoint is read again and skipped). */
  get from(): Position | undefined {
    return this.checkpoint;
  }

  /**
   * Takes the grant recorded at `position` as its lease's current one, unless an earlier read
   * already went past it: listings may overlap, and $all is read in one order by every one.
   */
  note(lease: Lease, position: Position): void {
    if (this.checkpoint !== undefined && !after(position, this.checkpoint)) return;
    this.checkpoint = position;
    this.grants.set(lease.name, lease);
  }

  /** The grants still live at `now` whose names start with `prefix`, by name; the others are forgotten. */
  live(prefix: string, now: number): Lease[] {
    const out: Lease[] = [];
    for (const [name, lease] of this.grants) {
      if (lease.expiresAt <= now) this.grants.delete(name);
      else if (name.startsWith(prefix)) out.push(lease);
    }
    return out.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }
}
