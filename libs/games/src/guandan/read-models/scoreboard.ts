import type { EventOf, GuandanEvent } from '@tablecast/guandan';
import { levelName } from '@tablecast/guandan';

type TeamLevels = EventOf<'HandEnded'>['data']['levelsAfter'];

/** One finished deal as the scoreboard lists it. */
export interface ScoreboardHand {
  readonly handNumber: number;
  /** The level played, e.g. "7" (GD-LVL-3). */
  readonly level: string;
  readonly places: readonly string[];
  readonly doubleDown: boolean;
  readonly winningTeam: 'NS' | 'EW';
  readonly levelUp: number;
  readonly levelsBefore: TeamLevels;
  readonly levelsAfter: TeamLevels;
  readonly foulBy: 'NS' | 'EW' | null;
}

/** The match scoreboard: teams, levels, every deal's level change, and the result under the ruleset. */
export interface Scoreboard {
  readonly matchId: string;
  readonly ruleset: string;
  readonly teams: { readonly NS: { id: string; name: string }; readonly EW: { id: string; name: string } };
  /** levelIndex per team: 0 = 2 … 12 = A, 13 = past A; `levelNames` says it in cards. */
  readonly levels: TeamLevels;
  readonly levelNames: { readonly NS: string; readonly EW: string };
  readonly currentHand: number | null;
  readonly currentLevel: string | null;
  readonly hands: readonly ScoreboardHand[];
  readonly result: EventOf<'MatchEnded'>['data'] | null;
}

/** Folds one event into the scoreboard (pure; the projection stores the result). */
export function evolveScoreboard(
  board: Scoreboard | null,
  matchId: string,
  event: GuandanEvent,
): Scoreboard | null {
  if (event.type === 'MatchCreated') {
    const levels = { NS: 0, EW: 0 };
    return {
      matchId,
      ruleset: event.data.ruleset.name,
      teams: event.data.teams,
      levels,
      levelNames: namesOf(levels),
      currentHand: null,
      currentLevel: null,
      hands: [],
      result: null,
    };
  }
  if (board === null) return null;
  switch (event.type) {
    case 'HandStarted':
      return {
        ...board,
        levels: event.data.levels,
        levelNames: namesOf(event.data.levels),
        currentHand: event.data.handNumber,
        currentLevel: event.data.level,
      };
    case 'HandEnded':
      return {
        ...board,
        levels: event.data.levelsAfter,
        levelNames: namesOf(event.data.levelsAfter),
        hands: [
          ...board.hands,
          {
            handNumber: event.data.handNumber,
            level: board.currentLevel ?? '',
            places: event.data.places,
            doubleDown: event.data.doubleDown,
            winningTeam: event.data.winningTeam,
            levelUp: event.data.levelUp,
            levelsBefore: event.data.levelsBefore,
            levelsAfter: event.data.levelsAfter,
            foulBy: event.data.foulBy,
          },
        ],
      };
    case 'LevelsAwarded':
      return { ...board, levels: event.data.levelsAfter, levelNames: namesOf(event.data.levelsAfter) };
    case 'MatchEnded':
      return {
        ...board,
        levels: event.data.levels,
        levelNames: namesOf(event.data.levels),
        result: event.data,
      };
    default:
      return board;
  }
}

function namesOf(levels: TeamLevels): { NS: string; EW: string } {
  return { NS: levelName(levels.NS), EW: levelName(levels.EW) };
}
