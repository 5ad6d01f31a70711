/**
 * The client side of a bench match keyed by the random legal bot over the API: the create request,
 * the bot's next command, and the client's own copy of the match folded from each answer's events
 * (as the operator console follows a match), so the bench needs no reads to know what to key next.
 */
import type { Prng } from '@tablecast/cards';
import {
  evolveGuandan as evolve,
  randomLegalGuandanCommand as randomLegalCommand,
  type GuandanEvent,
  type GuandanState as MatchState,
} from '@tablecast/games/testing';
import type { ClientCommand, CreateMatchRequest } from '@tablecast/protocol';
import { toClientCommand } from '@tablecast/bots';

/** A create or command answer of the match API: the stream's revision and the events appended. */
export interface MatchAnswer {
  readonly revision: number;
  readonly events: readonly { readonly type: string; readonly data: unknown }[];
}

/** `POST /api/matches` for a bench match at table t<table>: 50 deals, more than any run plays. */
export function benchMatchRequest(matchId: string, table: number): CreateMatchRequest {
  return {
    matchId,
    table: `t${String(table)}`,
    format: { kind: 'fixedDeals', deals: 50 },
    teams: { NS: { id: 'a', name: 'A' }, EW: { id: 'b', name: 'B' } },
    players: (['S', 'E', 'N', 'W'] as const).map((seat) => ({ id: `p${seat}`, name: seat, seat })),
  };
}

/** Folds the events of an answer into the client's own copy of the match. */
export function followAnswer(state: MatchState, answer: MatchAnswer): MatchState {
  let next = state;
  for (const event of answer.events) next = evolve(next, event as GuandanEvent);
  return next;
}

/** What the bot keys next: its legal command, or DealCards between deals (the server shuffles). */
export function nextBotCommand(state: MatchState, prng: Prng): ClientCommand {
  const bot = randomLegalCommand(state, prng);
  return bot === null ? { type: 'DealCards' } : toClientCommand(bot);
}
