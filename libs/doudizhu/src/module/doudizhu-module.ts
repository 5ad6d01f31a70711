import type { GameModule } from '@tablecast/game-kit';
import type { DoudizhuCommand } from '../engine/commands';
import { decideDoudizhu } from '../engine/decide';
import { evolveDoudizhu } from '../engine/evolve';
import { initialDoudizhuState, type DoudizhuState } from '../engine/state';
import type { DoudizhuEvent } from '../events/catalog';
import { DoudizhuCommandSchema, DoudizhuSetupSchema, type DoudizhuSetup } from './command-schema';
import { doudizhuDuplicate } from './duplicate';
import { doudizhuEventDefinitions } from './event-definitions';
import { DOUDIZHU_MOMENT_KINDS, doudizhuMoments } from './moments';
import { doudizhuBoards, doudizhuResult } from './result';
import { doudizhuRules } from './rules';
import { doudizhuSecrets } from './secrets';
import { doudizhuSeatBotCommand, doudizhuSeatChoices } from './seat-capabilities';
import { doudizhuTurnClock } from './turn-clock';
import { doudizhuView, type DoudizhuView } from './view';

/** Dou Dizhu (竞技二打一) as a game module: the engine behind the platform's one contract. */
export const doudizhuModule: GameModule<
  DoudizhuState,
  DoudizhuCommand,
  DoudizhuEvent,
  DoudizhuSetup,
  DoudizhuView
> = {
  id: 'doudizhu',
  name: { zh: '竞技二打一', en: 'Dou Dizhu' },
  // DDZ-GEN-4: seats numbered in playing order.
  seats: ['0', '1', '2'],
  // DDZ-GEN-1: one landlord against two defenders, changing each board: every seat scores alone.
  sides: [
    { id: '0', seats: ['0'] },
    { id: '1', seats: ['1'] },
    { id: '2', seats: ['2'] },
  ],
  setup: {
    schema: DoudizhuSetupSchema,
    command: (setup, now) => ({ type: 'CreateMatch', ...setup, now }),
  },
  commandSchema: DoudizhuCommandSchema,
  events: doudizhuEventDefinitions,
  rules: doudizhuRules,
  // The player's own moves: the auction (DDZ-BID), the doubles and the play. Deals, penalties and
  // appeals are keyed by staff.
  seatCommands: ['Bid', 'Double', 'Redouble', 'PlayCards', 'Pass'],
  initialState: initialDoudizhuState,
  decide: decideDoudizhu,
  evolve: evolveDoudizhu,
  view: doudizhuView,
  secrets: doudizhuSecrets,
  result: doudizhuResult,
  boards: doudizhuBoards,
  turnClock: doudizhuTurnClock,
  duplicate: doudizhuDuplicate,
  seatChoices: doudizhuSeatChoices,
  seatBotCommand: doudizhuSeatBotCommand,
  momentKinds: DOUDIZHU_MOMENT_KINDS,
  moments: doudizhuMoments,
};
