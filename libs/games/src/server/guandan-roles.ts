import type { ClientCommandType } from '@tablecast/protocol';
import type { CommandRole } from './game-wire';

/**
 * Who may send which command. Operators key what happens at their table; sanctions, awards,
 * time and forfeits are the referee's (GD-PEN-*, GD-FMT-3/4). The referee may also key plays,
 * as a table referee does when the operator is away. Producers and arbiters send no commands:
 * arbitration acts through rulings, never by playing cards.
 */
const tablePlay: readonly CommandRole[] = ['operator', 'referee'];
const refereeOnly: readonly CommandRole[] = ['referee'];

export const GUANDAN_COMMAND_ROLES: Readonly<Record<ClientCommandType, readonly CommandRole[]>> = {
  DealCards: tablePlay,
  GiveTribute: tablePlay,
  ReturnTribute: tablePlay,
  ResistTribute: tablePlay,
  ChooseReturn: tablePlay,
  DesignateLeader: tablePlay,
  PlayCards: tablePlay,
  Pass: tablePlay,
  IssuePenalty: refereeOnly,
  AwardLevels: refereeOnly,
  RecordLateArrival: refereeOnly,
  RecordShownCard: refereeOnly,
  RuleWrongLead: refereeOnly,
  PenalizeOutOfTurnPlay: refereeOnly,
  BanExposedType: refereeOnly,
  CallTime: refereeOnly,
  ForfeitMatch: refereeOnly,
  // The operator who mis-keyed asks; only the referee may change what the log says happened.
  RequestCorrection: tablePlay,
  ConfirmCorrection: refereeOnly,
  RejectCorrection: refereeOnly,
};
