import { describe, expect, it } from 'vitest';
import { createProducerApi, type FetchFn } from './producer-api';
import { createProducerStore, type ProducerStore } from './producer-store.svelte';
import { wordRefusal } from './refusal-words';
import { obsListing, stateBuilding } from './fixtures/answers';

interface Route {
  readonly method: string;
  readonly path: string;
}

const json = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * A producer server made of recorded answers behind the real API client. Answers may be held
 * (`hold`) to see what the store does while a request is in flight.
 */
function fakeServer(answer: (route: Route) => Response) {
  const requests: string[] = [];
  const held: (() => void)[] = [];
  let holding = false;
  const fetchFn: FetchFn = async (input, init) => {
    const route = { method: init?.method ?? 'GET', path: input };
    requests.push(`${route.method} ${route.path}`);
    if (holding) await new Promise<void>((release) => held.push(release));
    return answer(route);
  };
  return {
    api: createProducerApi({ origin: '', token: 't', fetchFn }),
    requests,
    hold() {
      holding = true;
    },
    release() {
      holding = false;
      for (const release of held.splice(0)) release();
    },
  };
}

/** A scheduler the test runs by hand: the store's next poll waits here until `tick()`. */
function manualClock() {
  const timers: { run: () => void; ms: number }[] = [];
  return {
    schedule: (run: () => void, ms: number): (() => void) => {
      const timer = { run, ms };
      timers.push(timer);
      return () => {
        timers.splice(timers.indexOf(timer), 1);
      };
    },
    pending: () => timers.map((t) => t.ms),
    tick() {
      const timer = timers.shift();
      if (!timer) throw new Error('no poll scheduled');
      timer.run();
    },
  };
}

const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));
const LOCAL_NOW = Date.parse('2026-11-24T04:59:58.000Z');

const aggregateServer = () =>
  fakeServer(({ path }) => {
    if (path.startsWith('/api/producer/state')) return json(200, stateBuilding);
    if (path === '/api/matches') return json(200, [{ matchId: 'F1', table: 't1', revision: 40 }]);
    return json(200, {});
  });

function startStore(server: ReturnType<typeof fakeServer>, clock = manualClock()): ProducerStore {
  const store = createProducerStore({
    api: server.api,
    matchId: 'F1',
    now: () => LOCAL_NOW,
    schedule: clock.schedule,
  });
  store.start();
  return store;
}

describe('producer store', () => {
  it('polls the aggregate for the match, keeps it, and takes the server clock offset from serverNow', async () => {
    const server = aggregateServer();
    const clock = manualClock();
    const store = startStore(server, clock);
    expect(store.view.link).toBe('loading');
    await settle();
    expect(server.requests).toEqual(['GET /api/matches', 'GET /api/producer/state?matchId=F1']);
    expect(store.view).toMatchObject({ link: 'ok', source: 'aggregate', pollError: null });
    expect(store.view.state?.rundown?.liveId).toBe('open');
    expect(store.view.matches).toEqual([{ matchId: 'F1', table: 't1', revision: 40 }]);
    // serverNow 05:00:00 received at 04:59:58 on this laptop.
    expect(store.view.serverOffsetMs).toBe(2_000);
    expect(clock.pending()).toEqual([1_000]);
    // The match list is read again every ten polls (a match created meanwhile shows up).
    for (let poll = 2; poll <= 10; poll += 1) {
      clock.tick();
      await settle();
    }
    expect(server.requests.filter((r) => r === 'GET /api/matches')).toHaveLength(2);
    store.stop();
    expect(clock.pending()).toEqual([]);
  });

  it('schedules the next poll only once the last one has answered (a slow server is not piled on)', async () => {
    const server = aggregateServer();
    const clock = manualClock();
    const store = startStore(server, clock);
    await settle();
    server.hold();
    clock.tick();
    await settle();
    expect(clock.pending()).toEqual([]);
    // An action's refresh joins the poll in flight instead of sending a second one.
    void store.refresh();
    await settle();
    expect(server.requests.filter((r) => r.startsWith('GET /api/producer/state'))).toHaveLength(2);
    server.release();
    await settle();
    expect(clock.pending()).toEqual([1_000]);
    store.stop();
  });

  it('keeps the last state and says why when the token is refused or the server is away', async () => {
    let status = 200;
    const server = fakeServer(({ path }) =>
      path.startsWith('/api/producer/state') && status !== 200
        ? json(status, {
            statusCode: status,
            message: status === 401 ? 'token missing' : 'producer role needed',
          })
        : json(200, path === '/api/matches' ? [] : stateBuilding),
    );
    const store = startStore(server);
    await settle();
    status = 401;
    await store.refresh();
    expect(store.view.link).toBe('unauthorized');
    expect(store.view.pollError).toEqual({ status: 401, message: 'token missing' });
    expect(store.view.state).toEqual(stateBuilding);
    status = 403;
    await store.refresh();
    expect(store.view.link).toBe('forbidden');
    status = 200;
    await store.refresh();
    expect(store.view).toMatchObject({ link: 'ok', pollError: null });
    store.stop();
  });

  it('on a server without the aggregate, reads the separate routes and says which parts it lacks', async () => {
    const server = fakeServer(({ path }) => {
      if (path.startsWith('/api/producer/state') || path === '/api/producer/rundown')
        return json(404, { statusCode: 404, message: `Cannot GET ${path}` });
      if (path === '/api/obs') return json(200, obsListing);
      if (path === '/api/obs/main/stats')
        return json(200, { ...stateBuilding.obs[0]?.stats, at: '2026-11-24T05:00:00Z' });
      if (path === '/api/producer/pages') return json(200, stateBuilding.pages);
      if (path === '/api/director') return json(200, stateBuilding.director);
      return json(200, []);
    });
    const store = startStore(server);
    await settle();
    expect(store.view.source).toBe('composed');
    expect(store.view.available).toEqual({ rundown: false, pages: true, director: true });
    expect(store.view.state?.obs).toEqual([
      {
        name: 'main',
        url: 'ws://127.0.0.1:4455',
        state: 'connected',
        sceneState: obsListing[0]?.scenes,
        stats: { ...stateBuilding.obs[0]?.stats, at: '2026-11-24T05:00:00Z' },
      },
    ]);
    expect(store.view.state).toMatchObject({
      rundown: null,
      pages: stateBuilding.pages,
      delay: null,
      director: stateBuilding.director,
    });
    // No server clock without the aggregate: the laptop's stands in.
    expect(store.view.serverOffsetMs).toBe(0);
    store.stop();
  });

  it('marks the director unavailable when the aggregate has none (a server without the module)', async () => {
    const server = fakeServer(({ path }) =>
      json(200, path === '/api/matches' ? [] : { ...stateBuilding, director: null }),
    );
    const store = startStore(server);
    await settle();
    expect(store.view.available).toEqual({ rundown: true, pages: true, director: false });
    store.stop();
  });

  it('a 404 about the match itself is an error, not a reason to fall back', async () => {
    const server = fakeServer(({ path }) =>
      path.startsWith('/api/producer/state')
        ? json(404, { statusCode: 404, message: 'no match "F9"' })
        : json(200, []),
    );
    const store = startStore(server);
    await settle();
    expect(store.view).toMatchObject({
      link: 'error',
      source: null,
      pollError: { status: 404, message: 'no match "F9"' },
    });
    expect(server.requests).not.toContain('GET /api/obs');
    store.stop();
  });

  it('runs one action at a time, reports its error, and polls right after it', async () => {
    const server = fakeServer(({ method, path }) => {
      if (path === '/api/obs/main/take')
        return json(503, { statusCode: 503, message: 'OBS "main" is not connected' });
      if (method === 'GET') return json(200, path === '/api/matches' ? [] : stateBuilding);
      return json(200, {});
    });
    const store = startStore(server);
    await settle();
    server.requests.length = 0;

    server.hold();
    const first = store.preview('main', 'Standings');
    const second = store.cut('main', 'Break');
    expect(store.view.busy).toBe('preview');
    server.release();
    expect(await second).toBe(false);
    expect(await first).toBe(true);
    expect(server.requests).toEqual(['POST /api/obs/main/preview', 'GET /api/producer/state?matchId=F1']);
    expect(store.view).toMatchObject({ busy: null, actionError: null });

    // Busy until the poll after the action has answered, so the panels show its result when idle.
    const cueing = store.cueItem('table');
    // The POST went out unheld; the poll that follows its answer is held.
    server.hold();
    await settle();
    expect(server.requests.at(-1)).toBe('GET /api/producer/state?matchId=F1');
    expect(store.view.busy).toBe('cueItem');
    server.release();
    expect(await cueing).toBe(true);
    expect(store.view.busy).toBeNull();
    expect(server.requests.slice(-2)).toEqual([
      'POST /api/producer/rundown/table/cue',
      'GET /api/producer/state?matchId=F1',
    ]);

    expect(await store.take('main')).toBe(false);
    expect(store.view.actionError).toEqual({
      action: 'take',
      status: 503,
      message: 'OBS "main" is not connected',
    });
    // The next action that succeeds clears the error.
    expect(await store.cueItem('standings')).toBe(true);
    expect(store.view.actionError).toBeNull();
    store.stop();
  });

  it('sends cues for the selected match, refusing them with no match; scene setup follows the program table', async () => {
    const server = aggregateServer();
    const store = createProducerStore({ api: server.api, matchId: null, schedule: manualClock().schedule });
    expect(await store.sendCue({ moment: 'bomb' })).toBe(false);
    expect(store.view.actionError).toMatchObject({
      action: 'sendCue',
      message: 'matchId: no match selected',
      refusal: { code: 'noMatchSelected' },
    });
    // Worded in the dashboard's language, not the English line.
    const noMatch = store.view.actionError ?? { status: 0, message: '' };
    expect(wordRefusal('zh-CN', noMatch)).toBe('尚未选择比赛');
    expect(wordRefusal('en', noMatch)).toBe('no match selected');
    expect(server.requests).toEqual([]);
    // The scenes follow the table on program: no match needed.
    expect(await store.setupScenes('main')).toBe(true);
    store.setMatch('F1');
    await settle();
    expect(await store.sendCue({ lowerThird: 'E' })).toBe(true);
    expect(server.requests).toContain('POST /api/producer/cues');
    expect(server.requests).toContain('POST /api/obs/setup');
  });

  it('drops an answer about the previous match when the producer switches match mid-poll', async () => {
    const server = fakeServer(({ path }) =>
      json(200, path.includes('matchId=F1') ? stateBuilding : { ...stateBuilding, delay: null }),
    );
    const store = startStore(server);
    // The F1 poll is on its way; the F2 one, asked for once it is done, is held.
    server.hold();
    store.setMatch('F2');
    await settle();
    expect(server.requests.filter((r) => r.startsWith('GET /api/producer/state'))).toEqual([
      'GET /api/producer/state?matchId=F1',
      'GET /api/producer/state?matchId=F2',
    ]);
    expect(store.view.state).toBeNull();
    server.release();
    await settle();
    expect(store.view.state).not.toBeNull();
    expect(store.view.state?.delay).toBeNull();
    store.stop();
  });
});
