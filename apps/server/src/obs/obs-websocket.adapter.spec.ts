import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toErrorBody } from '../errors/error-body';
import { ObsTimeoutError } from './obs.errors';
import { COLLECTION_CHANGE_TIMEOUT_MS, ObsWebSocketConnection } from './obs-websocket.adapter';
import { FakeObsWebSocket } from './testing/fake-obs-websocket';

/** A promise's outcome, readable while it is still pending. */
function watch<T>(promise: Promise<T>): { readonly settled: () => boolean; readonly done: Promise<T> } {
  let settled = false;
  const done = promise.finally(() => {
    settled = true;
  });
  // Read by the test later; an early rejection is not an unhandled one meanwhile.
  done.catch(() => undefined);
  return { settled: () => settled, done };
}

/**
 * The bridge's timeouts against an obs-websocket stand-in on a real socket (the real OBS specs,
 * obs-websocket.adapter.int.spec.ts, cannot make OBS slow on cue): OBS answers a scene collection
 * change only once it has loaded the collection, which takes seconds; every other request keeps
 * the ordinary timeout.
 */
describe('the OBS bridge’s timeouts', () => {
  let obs: FakeObsWebSocket;
  const open: ObsWebSocketConnection[] = [];
  const connect = (options: {
    requestTimeoutMs: number;
    collectionChangeTimeoutMs?: number;
    livenessIntervalMs?: number;
  }): ObsWebSocketConnection => {
    const conn = new ObsWebSocketConnection({
      name: 'main',
      url: obs.url,
      initialBackoffMs: 50,
      maxBackoffMs: 50,
      livenessIntervalMs: 60_000,
      ...options,
    });
    open.push(conn);
    return conn;
  };

  beforeEach(async () => {
    obs = await FakeObsWebSocket.start();
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((conn) => conn.close()));
    await obs.stop();
  });

  it('gives a collection change longer than the ordinary timeout, by default', () => {
    expect(COLLECTION_CHANGE_TIMEOUT_MS).toBeGreaterThan(5000);
  });

  it('a collection change waits past the ordinary timeout, while an ordinary request still times out at it', async () => {
    const conn = connect({ requestTimeoutMs: 300 });
    await conn.start();
    obs.hold('CreateSceneCollection');
    obs.hold('GetVideoSettings');

    const change = watch(conn.useSceneCollection('Tablecast on air'));
    await expect.poll(() => obs.count('CreateSceneCollection')).toBe(1);
    // Sent after the change, so its timeout ends after the change's would have at the same length.
    const ordinary = await conn.getVideoSize().catch((error: unknown) => error);
    expect(ordinary).toBeInstanceOf(ObsTimeoutError);
    expect((ordinary as Error).message).toBe('OBS "main" did not answer GetVideoSettings within 300 ms');
    expect(change.settled()).toBe(false);

    obs.release('CreateSceneCollection');
    await change.done;
    expect(conn.state).toBe('connected');
  });

  it.each([
    { collection: 'Tablecast on air', request: 'CreateSceneCollection' },
    { collection: 'Tablecast table F2', request: 'SetCurrentSceneCollection' },
  ])(
    'a $request OBS never answers still times out, at its own timeout, and says so (503)',
    async ({ collection, request }) => {
      obs.answerWith('GetSceneCollectionList', {
        currentSceneCollectionName: 'Untitled',
        sceneCollections: ['Untitled', 'Tablecast table F2'],
      });
      const conn = connect({ requestTimeoutMs: 300, collectionChangeTimeoutMs: 900 });
      await conn.start();
      obs.hold(request);

      const failure = await conn.useSceneCollection(collection).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(ObsTimeoutError);
      expect((failure as ObsTimeoutError).message).toBe(`OBS "main" did not answer ${request} within 900 ms`);
      // The edge answers it 503, its message naming the instance, the request and the wait.
      expect(toErrorBody(failure)).toEqual({
        statusCode: 503,
        error: 'ServiceUnavailable',
        message: `OBS "main" did not answer ${request} within 900 ms`,
      });
      expect(obs.count(request)).toBe(1);
    },
  );

  it('the liveness probe does not drop OBS while it loads a collection, and probes on', async () => {
    const conn = connect({ requestTimeoutMs: 300, livenessIntervalMs: 20 });
    await conn.start();
    obs.hold('CreateSceneCollection');

    const change = watch(conn.useSceneCollection('Tablecast on air'));
    await expect.poll(() => obs.count('CreateSceneCollection')).toBe(1);
    // OBS loading: from now on the probes get no answer either.
    obs.hold('GetStats');
    const probesBefore = obs.count('GetStats');
    // Each probe is sent after the one before it timed out: three probes, two timeouts survived.
    await expect
      .poll(() => obs.count('GetStats') - probesBefore, { timeout: 10_000 })
      .toBeGreaterThanOrEqual(3);
    expect(conn.state).toBe('connected');
    expect(change.settled()).toBe(false);

    obs.release('GetStats');
    obs.release('CreateSceneCollection');
    await change.done;
    expect(conn.state).toBe('connected');
    expect(obs.identified).toBe(1);
  });

  it('holds a program-scene read while its studio-mode switch runs (OBS 29 aborts on a read then), and sends it once OBS reports the switch', async () => {
    const conn = connect({ requestTimeoutMs: 5_000 });
    await conn.start();
    const reads = (): number => obs.count('GetCurrentProgramScene') + obs.count('GetSceneList');
    const readsBefore = reads();
    const switching = watch(conn.setStudioMode(true));
    await expect.poll(() => obs.count('SetStudioModeEnabled')).toBe(1);
    const read = watch(conn.getProgramScene());
    // One socket, in order: a request sent after the read reaches OBS after it, had it been sent.
    await conn.getStats();
    expect(reads()).toBe(readsBefore);
    expect(read.settled()).toBe(false);

    obs.answerWith('GetStudioModeEnabled', { studioModeEnabled: true });
    obs.emit('StudioModeStateChanged', { studioModeEnabled: true });
    await switching.done;
    await expect(read.done).resolves.toBe('Scene');
    expect(obs.count('GetCurrentProgramScene')).toBe(1);
  });
});
