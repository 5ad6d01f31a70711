import { positionToString } from '../position';
import type { BrokenLink, ChainHead } from './verify';

/**
 * A stream's head as the store recorded it when it last appended: the revision and hash of the
 * stream's last event. The hash chain alone cannot show that the newest events of a stream were
 * deleted (what is left still links up), nor that the last event was rewritten with its hash
 * recomputed; a head kept apart from the events, and compared with the chain, shows both.
 */
export interface StreamHead {
  readonly stream: string;
  readonly revision: number;
  readonly hash: string;
}

/** What a log can say about its heads: the recorded ones, or why it keeps none. */
export type RecordedHeads =
  | { readonly recorded: true; readonly heads: readonly StreamHead[] }
  | { readonly recorded: false; readonly reason: string };

/**
 * Compares the chain's last events with the recorded heads and returns the first disagreement,
 * streams in name order. `only` limits the check to one stream (`tablecast verify <stream>`).
 */
export function checkHeads(
  lastEvents: ReadonlyMap<string, ChainHead>,
  heads: readonly StreamHead[],
  only?: string,
): BrokenLink | undefined {
  const inScope = (stream: string): boolean => only === undefined || stream === only;
  const recorded = new Map(heads.filter((head) => inScope(head.stream)).map((head) => [head.stream, head]));
  const streams = [...new Set([...recorded.keys(), ...[...lastEvents.keys()].filter(inScope)])].sort();
  for (const stream of streams) {
    const head = recorded.get(stream);
    const last = lastEvents.get(stream);
    if (head === undefined) {
      if (last === undefined) continue;
      return {
        stream,
        revision: last.revision,
        position: positionToString(last.position),
        kind: 'head-missing',
        expected: 'a recorded head',
        actual: 'none',
      };
    }
    const expected = `head at revision ${head.revision} with hash ${head.hash}`;
    if (last === undefined) {
      return {
        stream,
        revision: head.revision,
        position: 'none',
        kind: 'truncated',
        expected,
        actual: 'no events',
      };
    }
    const found = `last event at revision ${last.revision} with hash ${last.hash}`;
    const link = {
      stream,
      revision: last.revision,
      position: positionToString(last.position),
      expected,
      actual: found,
    };
    if (last.revision < head.revision) return { ...link, kind: 'truncated' };
    if (last.revision !== head.revision || last.hash !== head.hash) return { ...link, kind: 'head-mismatch' };
  }
  return undefined;
}
