import { botCommand, toClientCommand } from '@tablecast/bots';
import { seededPrng } from '@tablecast/cards';
import type { MatchState as GuandanState } from '@tablecast/guandan';
import type { ClientCommand } from '@tablecast/protocol';
import { foldGuandanTimeline, type TimelineEvent } from './fold-timeline';

/**
 * The seeded bots of a Guandan match played over HTTP: each call answers the next command for
 * `state`, a bot's play, or the next DealCards (seeded `<seed>/deal-<n>`) when no hand is on.
 */
export function guandanHttpBots(seed: string): (state: GuandanState) => ClientCommand {
  const prng = seededPrng(seed);
  let deals = 0;
  return (state) => {
    const next = botCommand(state, prng);
    if (next !== null) return toClientCommand(next);
    deals += 1;
    return { type: 'DealCards', seed: `${seed}/deal-${String(deals)}` };
  };
}

/**
 * The match as its bots read it through `read` (a GET of a path): its revision once the
 * projections have `seen`, and the engine state folded from its log up to that revision (the
 * server sends views; the bots move by the engine's state).
 */
export async function readGuandanForBots(
  read: (path: string) => Promise<unknown>,
  matchId: string,
  seen: number,
): Promise<{ revision: number; state: GuandanState }> {
  const { revision } = (await read(`/api/matches/${matchId}/state?minRevision=${String(seen)}`)) as {
    revision: number;
  };
  const log = (await read(`/api/matches/${matchId}/timeline`)) as TimelineEvent[];
  return { revision, state: foldGuandanTimeline(log.filter((entry) => entry.revision <= revision)) };
}
