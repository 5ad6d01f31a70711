import type { GameModule } from '@tablecast/game-kit';
import type { BigTwoCommand } from '../engine/commands';
import { decideBigTwo } from '../engine/decide';
import { evolveBigTwo } from '../engine/evolve';
import { initialBigTwoState, type BigTwoState } from '../engine/state';
import type { BigTwoEvent } from '../events/catalog';
import { isSeat } from '../events/primitives';
import { bigtwoView, type BigTwoView } from '../view';
import { BigTwoCommandSchema, BigTwoSetupSchema, type BigTwoSetup } from './command-schema';
import { bigtwoEventDefinitions } from './event-definitions';
import { BIGTWO_MOMENT_KINDS, bigtwoMoments } from './moments';
import { bigtwoBoards, bigtwoResult } from './result';
import { bigtwoRules } from './rules';
import { bigtwoSecrets } from './secrets';
import { bigtwoDuplicate } from './duplicate';
import { bigtwoSeatChoices } from './seat-choices';
import { bigtwoSeatBotCommand } from '../sim/seat-bot';
import { bigtwoTurnClock } from './turn-clock';

/** Big Two (竞技锄大地) as a game module: the engine behind the platform's one contract. */
export const bigtwoModule: GameModule<BigTwoState, BigTwoCommand, BigTwoEvent, BigTwoSetup, BigTwoView> = {
  id: 'bigtwo',
  name: { zh: '竞技锄大地', en: 'Big Two' },
  // B2-SEAT-1: S → E → N → W, counter-clockwise.
  seats: ['S', 'E', 'N', 'W'],
  // B2-GEN-3: scoring is per player, whatever the match type: every seat scores alone.
  sides: [
    { id: 'S', seats: ['S'] },
    { id: 'E', seats: ['E'] },
    { id: 'N', seats: ['N'] },
    { id: 'W', seats: ['W'] },
  ],
  setup: {
    schema: BigTwoSetupSchema,
    command: (setup, now) => ({ type: 'CreateMatch', ...setup, now }),
  },
  commandSchema: BigTwoCommandSchema,
  events: bigtwoEventDefinitions,
  rules: bigtwoRules,
  // The player's own moves: his show and double choices and the play. Deals, penalties and appeals
  // are keyed by staff.
  seatCommands: ['Show', 'Double', 'PlayCards', 'Pass'],
  initialState: initialBigTwoState,
  decide: decideBigTwo,
  evolve: evolveBigTwo,
  view: bigtwoView,
  secrets: bigtwoSecrets,
  result: bigtwoResult,
  boards: bigtwoBoards,
  turnClock: bigtwoTurnClock,
  duplicate: bigtwoDuplicate,
  seatChoices: (state, seat) => (isSeat(seat) ? bigtwoSeatChoices(state, seat) : null),
  seatBotCommand: bigtwoSeatBotCommand,
  momentKinds: BIGTWO_MOMENT_KINDS,
  moments: bigtwoMoments,
};
