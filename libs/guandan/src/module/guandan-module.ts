import { ruleVocabulary, type GameModule } from '@tablecast/game-kit';
import type { GuandanCommand } from '../engine/commands';
import { decide, decideFolded } from '../engine/decide';
import { evolve } from '../engine/evolve';
import { initialState, type MatchState } from '../engine/state';
import type { GuandanEvent } from '../events/catalog';
import { SEATS } from '../model/seats';
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
    initialState,
    decide,
    decideFolded,
    evolve,
    view: guandanView,
    secrets: guandanSecrets,
    result: guandanResult,
    endingEvent: { type: 'MatchEnded', result: guandanEndingResult },
    boards: () => [],
    momentKinds: GUANDAN_MOMENT_KINDS,
    moments: guandanMoments,
  };
