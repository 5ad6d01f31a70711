import { DEFAULT_GAME, gameWire, isGameId, type GameWire, type ParseInput } from '@tablecast/games';
import { GameRequestSchema } from '@tablecast/protocol';
import { RequestValidationError } from '../errors';
import { parseBody, parseInput } from '../http/parse-body';

/** The server's parse for a game's requests: a 400 names every offending field. */
export const parseRequest: ParseInput = (schema, value, name) => parseInput(schema, value, name);

/** The wire forms of the game a request names (the registry's default when it names none); an unknown one is a 400 naming `game`. */
export function requestedWire(body: unknown): GameWire {
  const id = parseBody(GameRequestSchema, body).game ?? DEFAULT_GAME;
  if (!isGameId(id)) {
    throw new RequestValidationError([{ path: 'game', message: `unknown game "${id}"` }]);
  }
  return gameWire(id);
}

/** A command for a game the match is not: a 400 naming `game`. */
export function wrongGame(matchId: string, matchGame: string, requested: string): RequestValidationError {
  return new RequestValidationError([
    {
      path: 'game',
      message: `match ${matchId} is a ${matchGame} match, not ${requested}: send game "${matchGame}"`,
    },
  ]);
}

/** A keying correction for a game that takes none: a 400 naming `command.type`. */
export function noKeyingCorrections(game: string, type: string): RequestValidationError {
  return new RequestValidationError([
    {
      path: 'command.type',
      message: `${type}: a ${game} match takes no keying corrections (TC-CORR-*)`,
    },
  ]);
}
