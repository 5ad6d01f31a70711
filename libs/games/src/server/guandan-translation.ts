import type { GuandanCommand } from '@tablecast/guandan';
import type { ClientCommand } from '@tablecast/protocol';
import type { ServerSupplied } from './game-wire';

/**
 * Turns a client's command into the decider's command, adding what only the server may supply:
 * the time, the deal's salt (and a seed when none was recorded), and the referee's identity.
 */
/** Commands the rules engine decides (keying corrections are decided by the match service). */
export type GameClientCommand = Exclude<
  ClientCommand,
  { type: 'RequestCorrection' | 'ConfirmCorrection' | 'RejectCorrection' }
>;

export function toDomainCommand(command: GameClientCommand, server: ServerSupplied): GuandanCommand {
  switch (command.type) {
    case 'DealCards':
      return {
        type: 'DealCards',
        // An entered deal has no seed; otherwise a recorded seed or a fresh one from the server.
        seed: command.order ? undefined : (command.seed ?? server.token(16)),
        order: command.order,
        salt: server.token(32),
        cutIndex: command.cutIndex,
        now: server.now(),
      };
    case 'GiveTribute':
    case 'ReturnTribute':
    case 'ResistTribute':
    case 'ChooseReturn':
    case 'DesignateLeader':
    case 'Pass':
      return command;
    case 'PlayCards':
      return { type: 'PlayCards', seat: command.seat, cards: command.cards, as: command.as };
    case 'IssuePenalty':
      return { ...command, refereeId: server.actorId };
    case 'AwardLevels':
      return { ...command, refereeId: server.actorId };
    case 'RecordLateArrival':
      return { ...command, refereeId: server.actorId };
    case 'RecordShownCard':
      return { ...command, refereeId: server.actorId };
    case 'RuleWrongLead':
      return { ...command, refereeId: server.actorId };
    case 'PenalizeOutOfTurnPlay':
      return { ...command, refereeId: server.actorId };
    case 'BanExposedType':
      return { ...command, refereeId: server.actorId };
    case 'CallTime':
      return { type: 'CallTime', now: server.now() };
    case 'ForfeitMatch':
      return { ...command, refereeId: server.actorId };
  }
}
