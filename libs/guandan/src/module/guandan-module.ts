import { ruleVocabulary, type GameModule } from '@tablecast/game-kit';
import type { GuandanCommand } from '../engine/commands';
import { decide, decideFolded } from '../engine/decide';
import { evolve } from '../engine/evolve';
import { initialState, type MatchState } from '../engine/state';
import type { GuandanEvent } from '../events/catalog';
import { SEATS } from '../model/seats';
import { guandanSeatBotCommand } from '../sim/seat-bot';
import { catalogIds, GUANDAN_RULE_CATALOG } from '../rule-catalog';
import { GuandanCommandSchema, GuandanSetupSchema, type GuandanSetup } from './command-schema';
import { guandanEventDefinitions } from './event-definitions';
import { GUANDAN_MOMENT_KINDS, guandanMoments } from './moments';
import { guandanEndingResult, guandanResult } from './result';
import { guandanSecrets } from './secrets';
import { guandanView, type GuandanView } from './view';

/** Guandan (掼蛋) as a game module: the engine behind the platform's one contract. */
export const guandanModule: GameModule<MatchState, GuandanCommand, GuandanEvent, GuandanSetup, GuandanView> =
  {
    id: 'guandan',
    name: { zh: '掼蛋', en: 'Guandan' },
    seats: SEATS,
    // GD-SEAT-1: partners sit opposite; the pairs are the sides.
    sides: [
      { id: 'NS', seats: ['N', 'S'] },
      { id: 'EW', seats: ['E', 'W'] },
    ],
    setup: {
      schema: GuandanSetupSchema,
      command: (setup, now) => ({ type: 'CreateMatch', ...setup, now }),
    },
    commandSchema: GuandanCommandSchema,
    events: guandanEventDefinitions,
    rules: ruleVocabulary(
      GUANDAN_RULE_CATALOG.rulePrefix,
      GUANDAN_RULE_CATALOG.decisionPrefix,
      catalogIds(GUANDAN_RULE_CATALOG),
    ),
    // A player pays and returns his own tribute (GD-TRIB-1/3), claims anti-tribute where it is his
    // choice (GD-VAR-004-4) and picks a returned card (GD-VAR-004-3), then plays. The first leader
    // after a foul is named by a pair, not a seat (GD-LEAD-5): the referee keys it, with deals,
    // penalties and rulings.
    seatCommands: ['GiveTribute', 'ReturnTribute', 'ResistTribute', 'ChooseReturn', 'PlayCards', 'Pass'],
    // A bot on a seat (人机赛): its tribute moves, the returned card it takes, its plays.
    seatBotCommand: guandanSeatBotCommand,
    initialState,
    decide,
    decideFolded,
    evolve,
    view: guandanView,
    // The ruleset is announced before the first deal and holds for the match: over half of a
    // mid-deal seat view's bytes, sent to a seat once rather than on every event.
    viewFixed: ['ruleset'],
    secrets: guandanSecrets,
    result: guandanResult,
    endingEvent: { type: 'MatchEnded', result: guandanEndingResult },
    boards: () => [],
    momentKinds: GUANDAN_MOMENT_KINDS,
    moments: guandanMoments,
  };
