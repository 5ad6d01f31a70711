import { guandanModule, RULESETS, type GuandanCommand } from '@tablecast/guandan';
import { CommandRequestSchema, CreateMatchRequestSchema, type ClientCommand } from '@tablecast/protocol';
import type { GameWire } from './game-wire';
import { GUANDAN_COMMAND_ROLES } from './guandan-roles';
import { guandanTournamentMatch } from './guandan-tournament';
import { toDomainCommand, type GameClientCommand } from './guandan-translation';

/**
 * Guandan on the wire: its create request names rulesets by name (defaults for ruleset and
 * format), its commands are the protocol's client commands (their 400s as before other games),
 * and it carries keying corrections, a deal opening with HandStarted.
 */
export const guandanWire: GameWire = {
  id: guandanModule.id,
  module: guandanModule,
  createSchema: CreateMatchRequestSchema,
  commandSchema: CommandRequestSchema,
  readCreate(body, parse) {
    const request = parse(CreateMatchRequestSchema, body);
    return {
      matchId: request.matchId,
      table: request.table,
      fingerprinted: request,
      command: (now): GuandanCommand => ({
        type: 'CreateMatch',
        table: request.table,
        ruleset: RULESETS[request.ruleset],
        format: request.format,
        teams: request.teams,
        players: request.players,
        ...(request.startLevel === undefined ? {} : { startLevel: request.startLevel }),
        now,
      }),
    };
  },
  readCommand(body, parse) {
    const { revision, idempotencyKey, command } = parse(CommandRequestSchema, body);
    return { revision, idempotencyKey, command };
  },
  // The command was read whole by readCommand's schema; keying corrections never reach here.
  deciderCommand: (command, server) => toDomainCommand(command as ClientCommand as GameClientCommand, server),
  rolesOf: (type) =>
    Object.hasOwn(GUANDAN_COMMAND_ROLES, type) ? GUANDAN_COMMAND_ROLES[type as ClientCommand['type']] : [],
  keyingCorrections: { dealStartEvent: 'HandStarted' },
  tournamentMatch: guandanTournamentMatch,
};
