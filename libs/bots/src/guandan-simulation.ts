import {
  MatchFormatSchema,
  RULESET_NAMES,
  guandanModule,
  type GuandanEvent,
  type MatchFormat,
  type MatchState,
} from '@tablecast/guandan';
import type { SimulatedGame } from '@tablecast/simulation';
import { DEFAULT_PLAYERS, DEFAULT_TEAMS, botCommand, toClientCommand } from './bot-driver';
import { InvariantChecker } from './invariants';

/** `fixedDeals:7`, `toPastAce`, `timed:90`, `timedOrFixedDeals:7:90` → a Guandan match format. */
export function parseGuandanFormat(text: string): MatchFormat {
  const [kind, a, b] = text.split(':');
  const candidate =
    kind === 'fixedDeals'
      ? { kind, deals: Number(a) }
      : kind === 'timed'
        ? { kind, minutes: Number(a) }
        : kind === 'timedOrFixedDeals'
          ? { kind, deals: Number(a), minutes: Number(b) }
          : { kind };
  const parsed = MatchFormatSchema.safeParse(candidate);
  if (!parsed.success) {
    throw new Error(
      `--format "${text}": expected toPastAce, fixedDeals:N, timed:MIN or timedOrFixedDeals:N:MIN`,
    );
  }
  return parsed.data;
}

/**
 * Guandan as the simulation plays it: the sensible bots at every seat, the dealer dealing the next
 * hand with a seed drawn from the match's, and the invariants of GD-DECK-1 and GD-LVL-1/5.
 */
export const guandanSimulation: SimulatedGame = {
  module: guandanModule,
  rulesets: RULESET_NAMES,
  formats: 'toPastAce | fixedDeals:N | timed:MIN | timedOrFixedDeals:N:MIN',
  defaultFormat: 'fixedDeals:7',
  parseFormat: parseGuandanFormat,
  setup: ({ ruleset, format }) => ({
    game: 'guandan',
    ruleset,
    format,
    teams: DEFAULT_TEAMS,
    players: DEFAULT_PLAYERS,
  }),
  nextCommand: (served, prng, match) => {
    const state = served as MatchState;
    if (state.status === 'ended') return null;
    const next = botCommand(state, prng);
    if (next !== null) return { ...toClientCommand(next) };
    const deal = (state.hand?.number ?? 0) + 1;
    return { type: 'DealCards', seed: `${match.seed}/deal-${String(deal)}` };
  },
  invariants: () => {
    const checker = new InvariantChecker();
    return (event, after) => checker.observe(event as GuandanEvent, after as MatchState);
  },
  endsDeal: (event) => event.type === 'HandEnded',
};
