import type { AnyGameModule, GameCommand } from '@tablecast/game-kit';
import { gameModule, isGameId } from '@tablecast/games';
import { RULESETS, type GuandanCommand } from '@tablecast/guandan';
import {
  CommandEnvelopeSchema,
  CommandRequestSchema,
  CreateMatchEnvelopeSchema,
  CreateMatchRequestSchema,
  GameRequestSchema,
  type ClientCommand,
} from '@tablecast/protocol';
import type { Principal, Role } from '../auth/roles';
import type { Clock, Entropy } from '../clock/clock';
import { RequestValidationError } from '../errors';
import { parseBody, parseInput } from '../http/parse-body';

/** The game a request names; Guandan when it names none (clients written before other games). */
const DEFAULT_GAME = 'guandan';

/** The module of a game a client named; an unknown one is a 400 naming `game`. */
export function requestedModule(game: string | undefined): AnyGameModule {
  const id = game ?? DEFAULT_GAME;
  if (!isGameId(id)) {
    throw new RequestValidationError([{ path: 'game', message: `unknown game "${id}"` }]);
  }
  return gameModule(id);
}

/** A create request read for its game: the match, its table, the command that creates it. */
export interface CreateRequest {
  readonly matchId: string;
  readonly table: string;
  readonly module: AnyGameModule;
  /** What the request's fingerprint is taken over (the parsed request, as before other games). */
  readonly fingerprinted: unknown;
  command(now: number): GameCommand;
}

/**
 * Reads a create request. Guandan keeps its wire form (rulesets by name, defaults for ruleset and
 * format); any other game's setup is what its module's setup schema reads, beside `game` and
 * `matchId`.
 */
export function readCreateRequest(body: unknown): CreateRequest {
  const module = requestedModule(parseBody(GameRequestSchema, body).game);
  if (module.id === DEFAULT_GAME) {
    const request = parseBody(CreateMatchRequestSchema, body);
    return {
      matchId: request.matchId,
      table: request.table,
      module,
      fingerprinted: request,
      command: (now): GuandanCommand => ({
        type: 'CreateMatch',
        table: request.table,
        ruleset: RULESETS[request.ruleset],
        format: request.format,
        teams: request.teams,
        players: request.players,
        now,
      }),
    };
  }
  const envelope = parseBody(CreateMatchEnvelopeSchema, body);
  const setup = parseBody(module.setup.schema, withoutKeys(envelope, ['game', 'matchId']));
  return {
    matchId: envelope.matchId,
    table: envelope.table,
    module,
    fingerprinted: envelope,
    command: (now) => module.setup.command(setup, now),
  };
}

function withoutKeys(body: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).filter(([name]) => !keys.includes(name)));
}

/** A command request as read before the match is loaded: its game's module and its parts. */
export type CommandRequestRead =
  | {
      readonly module: AnyGameModule;
      readonly guandan: true;
      readonly revision: number;
      readonly idempotencyKey: string;
      readonly command: ClientCommand;
    }
  | {
      readonly module: AnyGameModule;
      readonly guandan: false;
      readonly revision: number;
      readonly idempotencyKey: string;
      readonly command: { readonly type: string } & Record<string, unknown>;
    };

/**
 * Reads a command request's envelope, and a Guandan command with Guandan's wire schema (its 400s
 * as before). Another game's command is read with its module's command schema once the server has
 * added what only it may supply (`gameCommand`).
 */
export function readCommandRequest(body: unknown): CommandRequestRead {
  const module = requestedModule(parseBody(GameRequestSchema, body).game);
  if (module.id === DEFAULT_GAME) {
    const request = parseBody(CommandRequestSchema, body);
    return { module, guandan: true, ...request };
  }
  return { module, guandan: false, ...parseBody(CommandEnvelopeSchema, body) };
}

/**
 * Another game's command as its decider takes it: the client's fields, and over them what only the
 * server supplies (the time, a deal's salt, the referee's id, and a seed for a deal that names
 * neither a recorded seed nor the cards' order), read with the module's command schema, which keeps
 * only the fields each command has. A 400 names the field.
 */
export function gameCommand(
  module: AnyGameModule,
  command: { readonly type: string } & Record<string, unknown>,
  principal: Principal,
  clock: Clock,
  entropy: Entropy,
): GameCommand {
  const seed = command.seed === undefined && command.order === undefined ? { seed: entropy.token(16) } : {};
  const withServerFields = {
    ...command,
    ...seed,
    now: clock.now(),
    salt: entropy.token(32),
    refereeId: principal.actorId,
  };
  return parseInput(module.commandSchema, withServerFields, 'command');
}

const TABLE_PLAY: readonly Role[] = ['operator', 'referee'];
const REFEREE_ONLY: readonly Role[] = ['referee'];

/**
 * Who may send another game's command: a command its decider takes with a referee's id (a
 * sanction, an appeal's decision) is the referee's; what happens at the table is keyed by its
 * operator or the referee.
 */
export function rolesFor(command: GameCommand): readonly Role[] {
  return 'refereeId' in command ? REFEREE_ONLY : TABLE_PLAY;
}

/** A command for a game the match is not: a 400 naming `game`. */
export function wrongGame(matchId: string, matchGame: string, requested: string): RequestValidationError {
  return new RequestValidationError([
    {
      path: 'game',
      message: `match ${matchId} is a ${matchGame} match, not ${requested}: send game "${matchGame}"`,
    },
  ]);
}
