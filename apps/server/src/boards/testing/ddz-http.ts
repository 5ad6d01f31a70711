import { randomLegalDdzCommand, type DoudizhuState } from '@tablecast/doudizhu';
import { newDoudizhuMatchRequest } from '../../testing/match-client';
import { gameHttp } from './game-http';

const doudizhu = gameHttp<DoudizhuState>({
  game: 'doudizhu',
  keyPrefix: 'ddz-http',
  createRequest: (matchId, table) =>
    newDoudizhuMatchRequest(matchId, table, (seat: number) => `${table}-p${String(seat)}`),
  randomMove: (state, prng) => randomLegalDdzCommand(state, prng, { timeoutPerMille: 0 }),
  boardInProgress: (state) => state.status === 'inBoard',
});

export const createDdzMatch = doudizhu.create;
export const sendDdz = doudizhu.send;
export const ddzStateOf = doudizhu.stateOf;
export const playOutOverHttp = doudizhu.playOut;
