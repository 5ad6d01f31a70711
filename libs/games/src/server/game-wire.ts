import type { AnyGameModule, GameCommand } from '@tablecast/game-kit';
import type { z } from 'zod';
import type { TournamentMatchBuilder } from './tournament-match';

/**
 * Reads a value with a schema, or throws the caller's 400 naming every offending field (`name`
 * leads each path: `command.seat`). The server passes its own, so a game's requests fail exactly
 * as the edge's do.
 */
export type ParseInput = <S extends z.ZodType>(schema: S, value: unknown, name?: string) => z.output<S>;

/** What only the server may supply to a command: the time, fresh tokens (seeds, salts), who sent it. */
export interface ServerSupplied {
  now(): number;
  token(length: number): string;
  readonly actorId: string;
}

/**
 * Who may send a command: the table's operator, the referee, or a seat's own terminal (a player
 * keying their own cards). Producers and arbiters send no commands: arbitration acts through
 * rulings, never by playing cards.
 */
export type CommandRole = 'operator' | 'referee' | 'seat';

/** A create request read for its game: the match, its table, the command that creates it. */
export interface CreateRequest {
  readonly matchId: string;
  readonly table: string;
  /** What the request's fingerprint is taken over (the parsed request). */
  readonly fingerprinted: unknown;
  command(now: number): GameCommand;
}

/** A command request read for its game, before the match is loaded. */
export interface CommandRequest {
  readonly revision: number;
  readonly idempotencyKey: string;
  readonly command: { readonly type: string } & Record<string, unknown>;
}

/** The platform's keying corrections (TC-CORR-*): commands the match service decides, not the game. */
export const KEYING_CORRECTION_COMMANDS = [
  'RequestCorrection',
  'ConfirmCorrection',
  'RejectCorrection',
] as const;

export function isKeyingCorrectionType(type: string): boolean {
  return (KEYING_CORRECTION_COMMANDS as readonly string[]).includes(type);
}

/**
 * A game as the server's command path takes it from clients: its module, the wire forms of its
 * create and command requests (documented in the OpenAPI description, one per game), how a
 * client's command becomes the decider's, who may send each command, and the optional
 * capabilities the platform offers a game that can carry them.
 */
export interface GameWire {
  readonly id: string;
  readonly module: AnyGameModule;
  /** The body of `POST /api/matches` for this game, as documented. */
  readonly createSchema: z.ZodType;
  /** The body of `POST /api/matches/:id/commands` for this game, as documented. */
  readonly commandSchema: z.ZodType;
  readCreate(body: unknown, parse: ParseInput): CreateRequest;
  readCommand(body: unknown, parse: ParseInput): CommandRequest;
  /** The decider's command: the client's, with what only the server supplies (a 400 names the field). */
  deciderCommand(command: CommandRequest['command'], server: ServerSupplied, parse: ParseInput): GameCommand;
  /** Who may send a command of this type (the module's declaration; unknown types: nobody). */
  rolesOf(type: string): readonly CommandRole[];
  /**
   * Keying corrections (TC-CORR-*), when the game carries them: the event type that opens a deal,
   * since a correction reaches back at most to the start of the current deal. Absent: the game
   * takes no keying corrections, and the command path refuses them naming `command.type`.
   */
  readonly keyingCorrections?: { readonly dealStartEvent: string };
  /**
   * The create request of a tournament table's match (TRN-*): built by the game from the event,
   * the table and the entrants seated there, so the tournament's round start stays game-neutral.
   */
  readonly tournamentMatch: TournamentMatchBuilder;
}
