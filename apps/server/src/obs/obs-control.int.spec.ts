import { describe, expect, it } from 'vitest';
import { producerRequest as call } from '../testing/staff-request';
import { TEST_TOKENS } from '../testing/staff-tokens';
import { useServerWithRealObs } from './testing/server-with-real-obs';

const messageOf = async (response: Response): Promise<string> =>
  ((await response.json()) as { message: string }).message;

describe('OBS switching API against a real OBS 29', () => {
  const { server: running, main } = useServerWithRealObs({
    password: 'control-secret',
    otherInstances: 'backup=ws://127.0.0.1:9',
    prepare: async (obs) => {
      await obs.createScene('TC One');
      await obs.createScene('TC Two');
    },
  });

  it('preview turns studio mode on and sets the preview; take puts it on program; program cuts', async () => {
    await main().setStudioMode(false);
    await main().setProgramScene('TC One');

    const preview = await call(running(), 'POST', '/api/obs/main/preview', { body: { scene: 'TC Two' } });
    expect(preview.status).toBe(200);
    expect(await main().getPreviewScene()).toBe('TC Two');
    expect(main().sceneState?.studioMode).toBe(true);
    expect(await main().getProgramScene()).toBe('TC One');

    const take = await call(running(), 'POST', '/api/obs/main/take');
    expect(take.status).toBe(200);
    expect(await main().getProgramScene()).toBe('TC Two');

    const cut = await call(running(), 'POST', '/api/obs/main/program', { body: { scene: 'TC One' } });
    expect(cut.status).toBe(200);
    expect(await main().getProgramScene()).toBe('TC One');
    const listed = (await (await call(running(), 'GET', '/api/obs')).json()) as {
      name: string;
      scenes: { programScene: string } | null;
    }[];
    expect(listed.find((i) => i.name === 'main')?.scenes?.programScene).toBe('TC One');
  }, 60_000);

  it('take with a named transition uses it; an unknown transition is a 404 naming it', async () => {
    await call(running(), 'POST', '/api/obs/main/preview', { body: { scene: 'TC Two' } });
    const cut = await call(running(), 'POST', '/api/obs/main/take', { body: { transition: 'Cut' } });
    expect(cut.status).toBe(200);
    expect(await main().getProgramScene()).toBe('TC Two');
    const unknown = await call(running(), 'POST', '/api/obs/main/take', { body: { transition: 'Swirl' } });
    expect(unknown.status).toBe(404);
    expect(await messageOf(unknown)).toMatch(/^OBS "main" refused SetCurrentSceneTransition \(code 600\)/);
  }, 60_000);

  it('studio mode off and on', async () => {
    expect(
      (await call(running(), 'POST', '/api/obs/main/studio-mode', { body: { enabled: false } })).status,
    ).toBe(200);
    expect(main().sceneState?.studioMode).toBe(false);
    expect(
      (await call(running(), 'POST', '/api/obs/main/studio-mode', { body: { enabled: true } })).status,
    ).toBe(200);
    expect(main().sceneState?.studioMode).toBe(true);
  }, 60_000);

  it('stats come with the time they were read', async () => {
    const response = await call(running(), 'GET', '/api/obs/main/stats');
    expect(response.status).toBe(200);
    const stats = (await response.json()) as Record<string, unknown>;
    expect(stats).toMatchObject({
      activeFps: expect.any(Number) as unknown,
      renderSkippedFrames: expect.any(Number) as unknown,
      renderTotalFrames: expect.any(Number) as unknown,
      outputSkippedFrames: expect.any(Number) as unknown,
    });
    expect(Math.abs(Date.parse(String(stats.at)) - Date.now())).toBeLessThan(10_000);
  });

  it('screenshot answers a PNG of the asked width at 16:9 (program scene by default)', async () => {
    for (const path of [
      '/api/obs/main/screenshot?source=TC%20One&width=320',
      '/api/obs/main/screenshot?width=320',
    ]) {
      const response = await call(running(), 'GET', path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/png');
      const png = Buffer.from(await response.arrayBuffer());
      expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
      // IHDR: width and height are the first two big-endian words of its data.
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([320, 180]);
    }
  }, 60_000);

  it('the dashboard aggregate shows each OBS with its scenes, and stats only for the one that answers', async () => {
    const response = await call(running(), 'GET', '/api/producer/state');
    expect(response.status).toBe(200);
    const state = (await response.json()) as {
      obs: { name: string; state: string; sceneState: { scenes: string[] } | null; stats: unknown }[];
    };
    const [main, backup] = state.obs;
    expect(main).toMatchObject({
      name: 'main',
      state: 'connected',
      stats: { activeFps: expect.any(Number) as unknown },
    });
    expect(main?.sceneState?.scenes).toEqual(expect.arrayContaining(['TC One', 'TC Two']));
    expect(backup).toMatchObject({ name: 'backup', state: 'reconnecting', sceneState: null, stats: null });
  });

  it('400 names the field, 404 an unknown scene or OBS, 503 an OBS that is down', async () => {
    const noScene = await call(running(), 'POST', '/api/obs/main/preview', { body: {} });
    expect(noScene.status).toBe(400);
    expect(await messageOf(noScene)).toBe('scene: must be a scene name');
    const badMode = await call(running(), 'POST', '/api/obs/main/studio-mode', {
      body: { enabled: 'yes' },
    });
    expect(await messageOf(badMode)).toBe('enabled: must be true or false');
    const badWidth = await call(running(), 'GET', '/api/obs/main/screenshot?width=99999');
    expect(badWidth.status).toBe(400);
    expect(await messageOf(badWidth)).toMatch(/^width: /);
    const unknownScene = await call(running(), 'POST', '/api/obs/main/program', {
      body: { scene: 'TC Nope' },
    });
    expect(unknownScene.status).toBe(404);
    expect(await messageOf(unknownScene)).toBe('OBS "main" has no scene "TC Nope"');
    expect(await main().getProgramScene()).not.toBe('TC Nope');
    const unknownObs = await call(running(), 'GET', '/api/obs/spare/stats');
    expect(unknownObs.status).toBe(404);
    expect(await messageOf(unknownObs)).toBe('no OBS instance "spare"; configured: main, backup');
    const down = await call(running(), 'POST', '/api/obs/backup/take');
    expect(down.status).toBe(503);
    expect(await messageOf(down)).toMatch(/^OBS "backup" is not connected/);
  });

  it('only the producer may switch (401 without a token, 403 other roles)', async () => {
    const routes: ['GET' | 'POST', string, unknown][] = [
      ['POST', '/api/obs/main/preview', { scene: 'TC One' }],
      ['POST', '/api/obs/main/program', { scene: 'TC One' }],
      ['POST', '/api/obs/main/take', {}],
      ['POST', '/api/obs/main/studio-mode', { enabled: true }],
      ['GET', '/api/obs/main/stats', undefined],
      ['GET', '/api/obs/main/screenshot', undefined],
    ];
    for (const [method, path, body] of routes) {
      expect((await call(running(), method, path, { token: null, body })).status, path).toBe(401);
      for (const token of [TEST_TOKENS.referee, TEST_TOKENS.arbiter, TEST_TOKENS.operatorT1])
        expect((await call(running(), method, path, { token, body })).status, path).toBe(403);
    }
  });
});
