import type { ApiResult, ProducerApi } from './producer-api';
import type { ProducerState } from './producer-types';

/** Which parts of the dashboard this server can serve (false: the panel says it is not available). */
export interface ProducerAvailability {
  readonly rundown: boolean;
  readonly pages: boolean;
  readonly director: boolean;
}

export const ALL_AVAILABLE: ProducerAvailability = { rundown: true, pages: true, director: true };

/** Nest's answer for a route this server does not have (an older build): not "no such match". */
export const isMissingRoute = (result: { status: number; message: string }): boolean =>
  result.status === 404 && result.message.startsWith('Cannot ');

const valueOr = <T>(result: ApiResult<T>): T | null => (result.ok ? result.value : null);

/**
 * The aggregate's shape read from the separate routes, for a server without
 * `GET /api/producer/state`: the OBS list (required), each connected OBS's stats, the rundown, the
 * pages and the director, each optional. No server clock comes with these, so `serverNow` is this
 * laptop's clock (the delay clock needs the aggregate and stays empty).
 */
export async function composeState(
  api: ProducerApi,
  now: () => number,
): Promise<{ result: ApiResult<ProducerState>; available: ProducerAvailability }> {
  const listed = await api.obsList();
  if (!listed.ok) return { result: listed, available: ALL_AVAILABLE };
  const [stats, rundown, pages, director] = await Promise.all([
    Promise.all(
      listed.value.map((obs) => (obs.state === 'connected' ? api.obsStats(obs.name) : Promise.resolve(null))),
    ),
    api.rundown(),
    api.pages(),
    api.director(),
  ]);
  const state: ProducerState = {
    serverNow: new Date(now()).toISOString(),
    obs: listed.value.map((obs, index) => {
      const read = stats[index];
      const answer = read ? valueOr(read) : null;
      return {
        name: obs.name,
        url: obs.url,
        state: obs.state,
        sceneState: obs.scenes,
        stats: answer === null ? null : { ...answer },
      };
    }),
    rundown: valueOr(rundown),
    pages: valueOr(pages) ?? [],
    delay: null,
    director: valueOr(director),
  };
  return {
    result: { ok: true, value: state },
    available: { rundown: rundown.ok, pages: pages.ok, director: director.ok },
  };
}
