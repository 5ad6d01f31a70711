import type { TablecastEvent } from '@tablecast/events';
import {
  GUANDAN_RULESETS as RULESETS,
  playRandomGuandanMatch as playRandomMatch,
} from '@tablecast/games/testing';

/** The thread's logger in a spec: the specs read what the thread did, not its lines. */
export const quietThreadLogger = { log: () => undefined, warn: () => undefined, error: () => undefined };

/** Polls until `condition` holds; fails naming what it waited for. The thread answers in its own time. */
export async function waitFor(what: string, condition: () => boolean, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The events of one random Guandan deal (cga2017) from `seed`, each with `metadata`, ready to append. */
export function playedDealEvents<M>(seed: string, metadata: M): (TablecastEvent & { metadata: M })[] {
  const played = playRandomMatch({ ruleset: RULESETS.cga2017, seed, maxHands: 1 });
  if (!played.ok) throw new Error('playout failed');
  return played.events.map((event) => ({ ...event, metadata }));
}
