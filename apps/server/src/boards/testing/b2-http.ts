import { randomLegalB2Command, type BigTwoState } from '@tablecast/bigtwo';
import { newBigTwoMatchRequest } from '../../testing/match-client';
import { gameHttp } from './game-http';

const bigtwo = gameHttp<BigTwoState>({
  game: 'bigtwo',
  keyPrefix: 'b2-http',
  createRequest: (matchId, table) =>
    newBigTwoMatchRequest(matchId, table, (seat: string) => `${table}-${seat}`),
  // Nobody shows his hand (B2-SHOW): the boards specs play it closed.
  randomMove: (state, prng) => randomLegalB2Command(state, prng, { timeoutPerMille: 0, showPerMille: 0 }),
  boardInProgress: (state) => state.status === 'inBoard',
});

export const createB2Match = bigtwo.create;
export const sendB2 = bigtwo.send;
export const b2StateOf = bigtwo.stateOf;
export const playOutB2OverHttp = bigtwo.playOut;
