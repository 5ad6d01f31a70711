import { seededPrng } from '@tablecast/cards';
import type { ClientCommand } from '@tablecast/protocol';
import type { MatchCommandService } from '../matches/match-command.service';
import { BOT_PRINCIPAL } from '@tablecast/simulation';
import { botCommand, toClientCommand } from '@tablecast/bots';

/**
 * `count` bot commands through the match service, as an operator's console would send them: the
 * bot's move on the current state, or the next deal (seeded `<seed>/<i>`) when there is none.
 * Commands are numbered from `from`, so a second call (after a restart) keeps idempotency keys
 * unique; the moves are drawn from `<seed>-<from>`.
 */
export async function playBotCommands(
  matches: MatchCommandService,
  matchId: string,
  options: { readonly seed: string; readonly count: number; readonly from?: number },
): Promise<void> {
  const from = options.from ?? 0;
  const prng = seededPrng(`${options.seed}-${String(from)}`);
  for (let i = from; i < from + options.count; i += 1) {
    const match = await matches.get(matchId);
    const next = botCommand(match.state, prng);
    const command: ClientCommand =
      next === null ? { type: 'DealCards', seed: `${options.seed}/${String(i)}` } : toClientCommand(next);
    await matches.execute(
      matchId,
      { revision: match.revision, idempotencyKey: `${matchId}.${options.seed}.${String(i)}`, command },
      BOT_PRINCIPAL,
    );
  }
}
