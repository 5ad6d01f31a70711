import type { AnyGameModule } from '@tablecast/game-kit';
import { z } from 'zod';
import { CommandEnvelopeSchema, CreateMatchEnvelopeSchema } from '@tablecast/protocol';
import {
  isKeyingCorrectionType,
  type CommandRequest,
  type CommandRole,
  type GameWire,
  type ServerSupplied,
} from './game-wire';
import type { TournamentMatchBuilder } from './tournament-match';

/** A game whose module's schemas are its wire forms: what it declares beside its module. */
export interface ModuleWireOptions {
  /** Who may send each command type the module takes; a type not listed is nobody's. */
  readonly roles: Readonly<Record<string, readonly CommandRole[]>>;
  /** A tournament table's create request (GameWire.tournamentMatch). */
  readonly tournamentMatch: TournamentMatchBuilder;
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
    createSchema: documentedCreate(module),
    commandSchema: documentedCommands(module, options.roles),
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
    tournamentMatch: options.tournamentMatch,
  };
}

/** The fields only the server supplies: a client's command has none of them. */
const SERVER_FIELDS = ['now', 'salt', 'refereeId'] as const;

/** The create request as documented: `{game, matchId}` and the module's setup (with its `table`). */
function documentedCreate(module: AnyGameModule): z.ZodType {
  const envelope = z.object({ game: z.literal(module.id), matchId: CreateMatchEnvelopeSchema.shape.matchId });
  const setup = module.setup.schema;
  return setup instanceof z.ZodObject
    ? envelope.extend(setup.shape)
    : envelope.extend({ table: CreateMatchEnvelopeSchema.shape.table });
}

/**
 * The command request as documented: `{game, revision, idempotencyKey}` and one of the commands a
 * client may send (those the game gives a role), without the fields only the server supplies.
 */
function documentedCommands(module: AnyGameModule, roles: ModuleWireOptions['roles']): z.ZodType {
  const schema = module.commandSchema;
  const sent =
    schema instanceof z.ZodDiscriminatedUnion
      ? (schema.options as readonly z.ZodType[]).flatMap((option) => {
          if (!(option instanceof z.ZodObject)) return [option];
          const type = (option.shape as { type?: unknown }).type;
          if (type instanceof z.ZodLiteral && !Object.hasOwn(roles, String(type.value))) return [];
          const clientFields = Object.entries(option.shape as Record<string, z.ZodType>).filter(
            ([field]) => !(SERVER_FIELDS as readonly string[]).includes(field),
          );
          return [z.object(Object.fromEntries(clientFields))];
        })
      : [schema];
  const [first, ...rest] = sent;
  const command = first === undefined ? CommandEnvelopeSchema.shape.command : z.union([first, ...rest]);
  return CommandEnvelopeSchema.extend({ game: z.literal(module.id), command });
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
