import { seededPrng } from '@tablecast/cards';
import type { CommandAccepted } from '@tablecast/protocol';
import { BOT_PRINCIPAL, type MatchCommands } from './match-commands';
import type { SimulatedGame, SimulatedMatchSetup } from './simulated-game';

export interface PlayOptions extends SimulatedMatchSetup {
  readonly matchId: string;
  readonly table: string;
  /** Pause between commands (0 = full speed). */
  readonly delayMs?: number | undefined;
  /** Called after every accepted command with the events written. */
  readonly onCommand?: (accepted: CommandAccepted) => void;
  readonly signal?: AbortSignal;
}

/**
 * Plays one match of any game to its end through the match service, the same command path an
 * operator's console uses (validation, revision checks, append), never by writing events directly.
 * Answers the served state at the end.
 */
export async function playMatch(
  service: MatchCommands,
  game: SimulatedGame,
  options: PlayOptions,
): Promise<unknown> {
  const id = game.module.id;
  await service.create(
    { game: id, matchId: options.matchId, table: options.table, ...game.setup(options) },
    BOT_PRINCIPAL,
  );
  const prng = seededPrng(options.seed);
  let sequence = 0;
  for (;;) {
    if (options.signal?.aborted) throw new Error('simulation aborted');
    const match = await service.read(options.matchId);
    const command = game.nextCommand(match.state, prng, options);
    if (command === null) return match.state;
    sequence += 1;
    const accepted = await service.execute(
      options.matchId,
      {
        game: id,
        revision: match.revision,
        idempotencyKey: `${options.matchId}.${String(sequence)}`,
        command,
      },
      BOT_PRINCIPAL,
    );
    options.onCommand?.(accepted);
    if (options.delayMs) await pause(options.delayMs, options.signal);
  }
}

/** The pause between commands, cut short by the signal: a stop never waits for the next command. */
export function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}
