import { foldGuandanTimeline, type GuandanState, type TimelineEvent } from '@tablecast/games/testing';
import type { GameMatchView } from '@tablecast/protocol';
import { apiCall } from './api-call';

/** The staff view's revision and pending correction, with the engine state folded from the timeline. */
export interface StaffState {
  readonly revision: number;
  readonly pendingCorrection: GameMatchView['pendingCorrection'];
  readonly state: GuandanState;
}

/**
 * A Guandan match as a test checks it: the server sends the staff view (`/state`, no engine state),
 * and the test folds the engine state itself from the match's timeline through the registry, up to
 * the view's revision (at least `minRevision`).
 */
export async function staffState(
  baseUrl: string,
  token: string,
  matchId: string,
  minRevision = -1,
): Promise<StaffState> {
  const path = `/api/matches/${matchId}`;
  const view = (await apiCall(
    baseUrl,
    token,
    'GET',
    `${path}/state?minRevision=${String(minRevision)}`,
  )) as GameMatchView;
  const log = (await apiCall(baseUrl, token, 'GET', `${path}/timeline`)) as TimelineEvent[];
  const state = foldGuandanTimeline(log.filter((entry) => entry.revision <= view.revision));
  return { revision: view.revision, pendingCorrection: view.pendingCorrection, state };
}
