import { seededPrng, type Prng } from '@tablecast/cards';
import { sensibleCommand } from '@tablecast/bots';
import type { GuandanCommand, MatchState, RulesetName } from '@tablecast/guandan';
import type { ClientCommand, CommandAccepted, CreateMatchRequest } from '@tablecast/protocol';
import type { MatchCommands, StaffPrincipal } from './match-commands';

/** The principal bots act as: an operator allowed at every table, named so the log shows it was a bot. */
export const BOT_PRINCIPAL: StaffPrincipal = { role: 'operator', table: '*', actorId: 'bot:simulator' };

export interface DriveOptions {
  readonly matchId: string;
  readonly table: string;
  readonly seed: string;
  readonly ruleset: RulesetName;
  readonly format: CreateMatchRequest['format'];
  readonly teams?: CreateMatchRequest['teams'];
  readonly players?: CreateMatchRequest['players'];
  /**
   * The turned card of the first deal (DEC-GD-3), as an index into its order: with `seed`, the
   * first deal is then the same on every run. Absent, the server derives it from its random salt.
   */
  readonly firstCutIndex?: number;
  /** Pause between commands (0 = full speed). */
  readonly delayMs?: number;
  /** Called after every accepted command with the events written and the state after them. */
  readonly onCommand?: (accepted: CommandAccepted, state: MatchState) => void;
  readonly signal?: AbortSignal;
}

/** The demo's and the bots' teams and players when a caller names none (also the HTTP bot match's). */
export const DEFAULT_TEAMS: CreateMatchRequest['teams'] = {
  NS: { id: 'jiangsu', name: '江苏队' },
  EW: { id: 'anhui', name: '安徽队' },
};
export const DEFAULT_PLAYERS: CreateMatchRequest['players'] = [
  { id: 'zhang-wei', name: '张伟', seat: 'S' },
  { id: 'li-na', name: '李娜', seat: 'E' },
  { id: 'wang-fang', name: '王芳', seat: 'N' },
  { id: 'liu-yang', name: '刘洋', seat: 'W' },
];

/** What a seated bot does next; null when the table waits for a deal. One place to swap strategies. */
export function botCommand(state: MatchState, prng: Prng): GuandanCommand | null {
  return sensibleCommand(state, prng);
}

/**
 * Plays one match to its end through the match service — the same command path an operator's
 * console uses (validation, revision checks, append) — never by writing events directly.
 */
export async function driveMatch(service: MatchCommands, options: DriveOptions): Promise<MatchState> {
  await service.create(
    {
      matchId: options.matchId,
      table: options.table,
      ruleset: options.ruleset,
      format: options.format,
      teams: options.teams ?? DEFAULT_TEAMS,
      players: options.players ?? DEFAULT_PLAYERS,
    },
    BOT_PRINCIPAL,
  );
  const prng = seededPrng(options.seed);
  let deals = 0;
  let sequence = 0;
  for (;;) {
    if (options.signal?.aborted) throw new Error('simulation aborted');
    const match = await service.get(options.matchId);
    if (match.state.status === 'ended') return match.state;
    const next = botCommand(match.state, prng);
    let command: ClientCommand;
    if (next === null) {
      deals += 1;
      const cut =
        deals === 1 && options.firstCutIndex !== undefined ? { cutIndex: options.firstCutIndex } : {};
      command = { type: 'DealCards', seed: `${options.seed}/deal-${String(deals)}`, ...cut };
    } else {
      command = toClientCommand(next);
    }
    sequence += 1;
    const accepted = await service.execute(
      options.matchId,
      { revision: match.revision, idempotencyKey: `${options.matchId}.${String(sequence)}`, command },
      BOT_PRINCIPAL,
    );
    options.onCommand?.(accepted, (await service.get(options.matchId)).state);
    if (options.delayMs) await pause(options.delayMs, options.signal);
  }
}

/** The pause between commands, cut short by the signal: a stop never waits for the next command. */
function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
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

/** The client form of a bot's command (the server adds time, salt and identities itself). */
export function toClientCommand(command: GuandanCommand): ClientCommand {
  switch (command.type) {
    case 'PlayCards':
      return { type: 'PlayCards', seat: command.seat, cards: [...command.cards], as: command.as };
    case 'Pass':
    case 'GiveTribute':
    case 'ReturnTribute':
    case 'ResistTribute':
    case 'DesignateLeader':
      return command;
    default:
      throw new Error(`bots do not send ${command.type}`);
  }
}
