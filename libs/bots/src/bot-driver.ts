import { seededPrng, type Prng } from '@tablecast/cards';
import type { GuandanCommand, MatchState, RulesetName } from '@tablecast/guandan';
import type { ClientCommand, CommandAccepted, CreateMatchRequest } from '@tablecast/protocol';
import { BOT_PRINCIPAL, pause, type MatchCommands, type StaffPrincipal } from '@tablecast/simulation';
import { sensibleCommand } from './sensible-bot';

/** The match service as Guandan's driver sees it: a Guandan match's engine state, typed. */
export interface GuandanMatchCommands extends Omit<MatchCommands, 'read'> {
  create(body: unknown, principal: StaffPrincipal): Promise<CommandAccepted>;
  get(matchId: string): Promise<{ readonly state: MatchState; readonly revision: number }>;
}

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
export async function driveMatch(service: GuandanMatchCommands, options: DriveOptions): Promise<MatchState> {
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

/** The client form of a bot's command (the server adds time, salt and identities itself). */
export function toClientCommand(command: GuandanCommand): ClientCommand {
  switch (command.type) {
    case 'PlayCards':
      return { type: 'PlayCards', seat: command.seat, cards: [...command.cards], as: command.as };
    case 'Pass':
    case 'GiveTribute':
    case 'ReturnTribute':
    case 'ResistTribute':
    case 'ChooseReturn':
    case 'DesignateLeader':
      return command;
    default:
      throw new Error(`bots do not send ${command.type}`);
  }
}
