import type { AnyGameModule } from '@tablecast/game-kit';
import { CommandEnvelopeSchema, CreateMatchEnvelopeSchema } from '@tablecast/protocol';
import {
  isKeyingCorrectionType,
  type CommandRequest,
  type CommandRole,
  type GameWire,
  type ServerSupplied,
} from './game-wire';

/** A game whose module's schemas are its wire forms: what it declares beside its module. */
export interface ModuleWireOptions {
  /** Who may send each command type the module takes; a type not listed is nobody's. */
  readonly roles: Readonly<Record<string, readonly CommandRole[]>>;
}

/**
 * A game on the wire through its module alone: the create request is `{game, matchId, table}` plus
 * the module's setup; a command is the module's command, the server's fields (the time, a deal's
 * salt, the referee's id, a seed for a deal that names neither a recorded seed nor the cards'
 * order) laid over the client's and read with the module's command schema, which keeps only the
 * fields each command has.
 */
export function moduleWire(module: AnyGameModule, options: ModuleWireOptions): GameWire {
  return {
    id: module.id,
    module,
    createSchema: CreateMatchEnvelopeSchema,
    commandSchema: CommandEnvelopeSchema,
    readCreate(body, parse) {
      const envelope = parse(CreateMatchEnvelopeSchema, body);
      const setup = parse(module.setup.schema, withoutKeys(envelope, ['game', 'matchId']));
      return {
        matchId: envelope.matchId,
        table: envelope.table,
        fingerprinted: envelope,
        command: (now) => module.setup.command(setup, now),
      };
    },
    readCommand(body, parse) {
      const { revision, idempotencyKey, command } = parse(CommandEnvelopeSchema, body);
      // Read whole now, so a malformed command is a 400 before any revision or key is looked at;
      // the server's own fields are filled in (and read again) once the command is to be decided.
      // A keying correction is the platform's command, not the module's: the command path reads it.
      if (!isKeyingCorrectionType(command.type))
        parse(module.commandSchema, withServerFields(command, PLACEHOLDER), 'command');
      return { revision, idempotencyKey, command };
    },
    deciderCommand: (command, server, parse) =>
      parse(module.commandSchema, withServerFields(command, server), 'command'),
    rolesOf: (type) => (Object.hasOwn(options.roles, type) ? (options.roles[type] ?? []) : []),
  };
}

/** Stands in for the server's fields when a client's command is only being checked. */
const PLACEHOLDER: ServerSupplied = {
  now: () => 0,
  token: (length) => '0'.repeat(length),
  actorId: 'server',
};

function withServerFields(
  command: CommandRequest['command'],
  server: ServerSupplied,
): Record<string, unknown> {
  const seed = command.seed === undefined && command.order === undefined ? { seed: server.token(16) } : {};
  return { ...command, ...seed, now: server.now(), salt: server.token(32), refereeId: server.actorId };
}

function withoutKeys(body: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).filter(([name]) => !keys.includes(name)));
}
