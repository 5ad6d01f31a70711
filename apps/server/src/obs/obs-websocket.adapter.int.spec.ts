import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ObsAuthError, ObsDisconnectedError, ObsTimeoutError, ObsUnavailableError } from './obs.errors';
import { ObsWebSocketConnection } from './obs-websocket.adapter';
import { startRealObs, type RealObs } from '@tablecast/obs/testing';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe('OBS bridge against a real OBS 29', () => {
  let started: RealObs | undefined;
  /** OBS is frozen or killed by the test now running: a failed test must not leave it so for the next. */
  let down = false;
  const obs = {
    get url(): string {
      return running().url;
    },
    get password(): string {
      return running().password;
    },
    kill: (): Promise<void> => {
      down = true;
      return running().kill();
    },
    freeze: (): Promise<void> => {
      down = true;
      return running().freeze();
    },
    restart: async (): Promise<void> => {
      await running().restart();
      down = false;
    },
  };
  const running = (): RealObs => {
    if (!started) throw new Error('OBS did not start');
    return started;
  };
  const open: ObsWebSocketConnection[] = [];
  const connect = (
    options: { password?: string; requestTimeoutMs?: number; livenessIntervalMs?: number } = {},
  ): ObsWebSocketConnection => {
    const conn = new ObsWebSocketConnection({
      name: 'main',
      url: obs.url,
      password: options.password ?? obs.password,
      requestTimeoutMs: options.requestTimeoutMs ?? 3000,
      initialBackoffMs: 100,
      maxBackoffMs: 500,
      livenessIntervalMs: options.livenessIntervalMs ?? 500,
    });
    open.push(conn);
    return conn;
  };

  beforeAll(async () => {
    started = await startRealObs();
  }, 400_000);

  afterEach(async () => {
    if (!down) return;
    await obs.kill();
    await obs.restart();
  }, 120_000);

  afterAll(async () => {
    await Promise.all(open.map((conn) => conn.close()));
    await started?.stop();
  });

  it('a wrong password fails with a clear error naming the instance and close code 4009, and is not retried', async () => {
    const conn = connect({ password: 'not-the-password' });
    const failure = await conn.start().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ObsAuthError);
    expect((failure as Error).message).toMatch(/OBS "main" at ws:\/\/127\.0\.0\.1:\d+ rejected the password/);
    expect((failure as Error).message).toContain('4009');
    expect((failure as Error).message).toContain('OBS_PASSWORD_MAIN');
    expect((failure as Error).message).not.toContain('not-the-password');
    expect(conn.state).toBe('auth-failed');
  });

  it('connects, syncs the scene state and reports version and stats', async () => {
    const conn = connect();
    await conn.start();
    expect(conn.state).toBe('connected');
    expect(conn.sceneState?.scenes.length).toBeGreaterThan(0);
    expect((await conn.getVersion()).rpcVersion).toBe(1);
    expect((await conn.getStats()).activeFps).toBeGreaterThanOrEqual(0);
  });

  it('switches program and preview in studio mode and tracks them from OBS events', async () => {
    const conn = connect();
    await conn.start();
    await conn.createScene('Switch A');
    await conn.createScene('Switch B');
    await conn.setProgramScene('Switch A');
    await conn.setStudioMode(true);
    await conn.setPreviewScene('Switch B');
    expect(await conn.getProgramScene()).toBe('Switch A');
    expect(await conn.getPreviewScene()).toBe('Switch B');
    await conn.transitionToProgram();
    await expect.poll(() => conn.getProgramScene(), { timeout: 5000 }).toBe('Switch B');
    await expect.poll(() => conn.sceneState?.programScene, { timeout: 5000 }).toBe('Switch B');
    expect(conn.sceneState?.studioMode).toBe(true);
    await conn.setStudioMode(false);
    await expect.poll(() => conn.sceneState?.previewScene, { timeout: 5000 }).toBeNull();
  });

  it('GetSourceScreenshot of the program scene is a PNG of the asked size', async () => {
    const conn = connect();
    await conn.start();
    await conn.createScene('Shot');
    await conn.createInput({
      sceneName: 'Shot',
      inputName: 'Shot red',
      inputKind: 'color_source_v3',
      settings: { color: 0xff0000ff, width: 1920, height: 1080 },
    });
    await conn.setProgramScene('Shot');
    const png = await conn.screenshot(await conn.getProgramScene(), { width: 640, height: 360 });
    expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    // IHDR: width and height are the first two big-endian words after the chunk header.
    expect(png.subarray(12, 16).toString('latin1')).toBe('IHDR');
    expect(png.readUInt32BE(16)).toBe(640);
    expect(png.readUInt32BE(20)).toBe(360);
  });

  it('a record chapter on OBS 29 (obs-websocket 5.1) reports unsupported instead of throwing', async () => {
    const conn = connect();
    await conn.start();
    const version = await conn.getVersion();
    const chapter = await conn.createRecordChapter('hand 1 start');
    expect(chapter.supported).toBe(version.availableRequests.includes('CreateRecordChapter'));
  });

  it('OBS killed mid-show: requests reject within their timeout, the bridge reconnects and re-syncs', async () => {
    const conn = connect({ requestTimeoutMs: 2000 });
    await conn.start();
    await conn.createScene('Before crash');
    await conn.setProgramScene('Before crash');
    const states: string[] = [];
    conn.onStateChange((state) => states.push(state));

    await obs.kill();
    await expect.poll(() => conn.state, { timeout: 30_000 }).toBe('reconnecting');
    // Refused at once while reconnecting: a request left to its timeout would be an ObsTimeoutError.
    await expect(conn.getProgramScene()).rejects.toBeInstanceOf(ObsUnavailableError);

    await obs.restart();
    await expect.poll(() => conn.state, { timeout: 20_000, interval: 100 }).toBe('connected');
    // The restarted OBS loads its saved collection; the bridge's state is read from it anew.
    const program = await conn.getProgramScene();
    expect(conn.sceneState?.programScene).toBe(program);
    expect(conn.sceneState?.scenes).toEqual(await conn.listScenes());
    expect(states).toContain('reconnecting');
    expect(states.at(-1)).toBe('connected');
  }, 90_000);

  it('a hung OBS: a request in flight times out, the liveness probe drops the socket, and the bridge comes back', async () => {
    // Two bridges, so neither outcome can pre-empt the other: one sends no probe in the window, so
    // its request can end only by its own timeout; the other probes every 300 ms, and its probe,
    // unanswered, drops the socket (which would reject a request in flight as disconnected).
    const quiet = connect({ requestTimeoutMs: 1500, livenessIntervalMs: 600_000 });
    const probed = connect({ requestTimeoutMs: 1500, livenessIntervalMs: 300 });
    await quiet.start();
    await probed.start();
    const probedStates: string[] = [];
    probed.onStateChange((state) => probedStates.push(state));
    await obs.freeze();
    const frozenAt = Date.now();
    await expect(quiet.getStats()).rejects.toBeInstanceOf(ObsTimeoutError);
    // It waited for its timeout. Only this bound is the bridge's: how late a timer fires is the
    // machine's load (and a timer may fire a millisecond early, hence 1,490 for 1,500).
    expect(Date.now() - frozenAt).toBeGreaterThanOrEqual(1490);
    await expect.poll(() => probedStates, { timeout: 30_000 }).toContain('reconnecting');

    await obs.kill();
    await obs.restart();
    await expect.poll(() => probed.state, { timeout: 30_000, interval: 100 }).toBe('connected');
    expect((await probed.getVersion()).rpcVersion).toBe(1);
  }, 120_000);

  it('a request in flight when the socket drops is rejected at once with a disconnect error', async () => {
    const conn = connect({ requestTimeoutMs: 20_000, livenessIntervalMs: 60_000 });
    await conn.start();
    await obs.freeze();
    const inFlight = conn.getStats().then(
      () => null,
      (error: unknown) => error,
    );
    await obs.kill();
    // At once, not at its 20 s timeout: a request left to time out would be an ObsTimeoutError.
    const failure = await inFlight;
    expect(failure).toBeInstanceOf(ObsDisconnectedError);
    expect((failure as Error).message).toBe(
      'OBS "main" disconnected before answering GetStats; the bridge is reconnecting',
    );
    await obs.restart();
    await expect.poll(() => conn.state, { timeout: 20_000, interval: 100 }).toBe('connected');
  }, 90_000);
});
