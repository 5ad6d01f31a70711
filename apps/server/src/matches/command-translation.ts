import type { GuandanCommand } from '@tablecast/guandan';
import type { ClientCommand } from '@tablecast/protocol';
import type { Principal } from '../auth/roles';
import type { Clock, Entropy } from '../clock/clock';

/**
 * Turns a client's command into the decider's command, adding what only the server may supply:
 * the time, the deal's salt (and a seed when none was recorded), and the referee's identity.
 */
/** Commands the rules engine decides (keying corrections are decided by the match service). */
export type GameClientCommand = Exclude<
  ClientCommand,
  { type: 'RequestCorrection' | 'ConfirmCorrection' | 'RejectCorrection' }
>;

export function toDomainCommand(
  command: GameClientCommand,
  principal: Principal,
  clock: Clock,
  entropy: Entropy,
): GuandanCommand {
  switch (command.type) {
    case 'DealCards':
      return {
        type: 'DealCards',
        // An entered deal has no seed; otherwise a recorded seed or a fresh one from the server.
        seed: command.order ? undefined : (command.seed ?? entropy.token(16)),
        order: command.order,
        salt: entropy.token(32),
        cutIndex: command.cutIndex,
        now: clock.now(),
      };
    case 'GiveTribute':
    case 'ReturnTribute':
    case 'ResistTribute':
    case 'DesignateLeader':
    case 'Pass':
      return command;
    case 'PlayCards':
      return { type: 'PlayCards', seat: command.seat, cards: command.cards, as: command.as };
    case 'IssuePenalty':
      return { ...command, refereeId: principal.actorId };
    case 'AwardLevels':
      return { ...command, refereeId: principal.actorId };
    case 'RecordLateArrival':
      return { ...command, refereeId: principal.actorId };
    case 'RecordShownCard':
      return { ...command, refereeId: principal.actorId };
    case 'RuleWrongLead':
      return { ...command, refereeId: principal.actorId };
    case 'PenalizeOutOfTurnPlay':
      return { ...command, refereeId: principal.actorId };
    case 'BanExposedType':
      return { ...command, refereeId: principal.actorId };
    case 'CallTime':
      return { type: 'CallTime', now: clock.now() };
    case 'ForfeitMatch':
      return { ...command, refereeId: principal.actorId };
  }
}
