import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ObsConnection } from '@tablecast/obs';
import { ObsWebSocketConnection } from './obs-websocket.adapter';
import { SceneSetupInputError, setupFinalScenes } from './setup-final-scenes';
import { startRealObs, type RealObs } from '@tablecast/obs/testing';

/** Everything setup writes, read back from OBS: collection, scenes, inputs with settings, items. */
async function snapshot(conn: ObsConnection): Promise<unknown> {
  const scenes = await conn.listScenes();
  const inputs = await conn.listInputs();
  return {
    collection: (await conn.listSceneCollections()).current,
    scenes,
    inputs: await Promise.all(
      inputs.map(async (input) => ({ ...input, settings: await conn.getInputSettings(input.inputName) })),
    ),
    items: await Promise.all(
      scenes.map(async (scene) => ({
        scene,
        items: (await conn.listSceneItems(scene)).map((item) => [item.sourceName, item.enabled]),
      })),
    ),
  };
}

describe('final scene setup on a real OBS 29', () => {
  let obs: RealObs | undefined;
  let conn: ObsWebSocketConnection | undefined;
  const connected = (): ObsWebSocketConnection => {
    if (!conn) throw new Error('OBS did not start');
    return conn;
  };
  const options = { follow: { table: 'F1' }, baseUrl: 'http://127.0.0.1:3000' };

  beforeAll(async () => {
    obs = await startRealObs();
    conn = new ObsWebSocketConnection({
      name: 'main',
      url: obs.url,
      password: obs.password,
      requestTimeoutMs: 10_000,
    });
    await conn.start();
  }, 400_000);

  afterAll(async () => {
    await conn?.close();
    await obs?.stop();
  });

  it('on an OBS without browser_source, says so and names the scenes it could not complete', async () => {
    // The shared script installs Debian's OBS 29, which has no browser source (no CEF).
    expect(await connected().listInputKinds()).not.toContain('browser_source');
    const report = await setupFinalScenes(connected(), options);

    expect(report.browserSourceAvailable).toBe(false);
    expect(report.sceneCollection).toBe('Tablecast table F1');
    expect(report.scenes.filter((scene) => !scene.complete).map((scene) => scene.sceneName)).toEqual([
      'Table',
      'Overhead',
      'Standings',
    ]);
    expect(report.problem).toMatch(/^OBS "main" has no browser_source input kind/);
    expect(report.problem).toContain('Table (missing TC table, TC scorebug, TC moments)');
    expect(report.problem).toContain('Standings (missing TC standings)');
    expect(report.problem).not.toContain('Break');

    // The rest is usable: every scene exists, break and delay building have their sources.
    expect(await connected().listScenes()).toEqual(
      expect.arrayContaining(['Table', 'Overhead', 'Standings', 'Break', 'Delay building']),
    );
    expect((await connected().listSceneItems('Break')).map((item) => item.sourceName)).toEqual([
      'TC break backdrop',
      'TC break caption',
    ]);
    expect((await connected().getInputSettings('TC delay caption')).text).toBe('延时缓冲中 · Delay building');
    expect((await connected().listSceneCollections()).current).toBe('Tablecast table F1');
  }, 60_000);

  it('is idempotent: a second run leaves scenes, inputs, settings and items exactly as the first', async () => {
    await setupFinalScenes(connected(), options);
    const first = await snapshot(connected());
    // A producer's stray edit is put back by the next run.
    await connected().setInputSettings('TC break caption', { text: 'typo' });
    const again = await setupFinalScenes(connected(), options);
    expect(await snapshot(connected())).toEqual(first);
    expect(again.problem).not.toBeNull();
  }, 60_000);

  it('rejects a bad table id or base URL naming the field, before touching OBS', async () => {
    await expect(
      setupFinalScenes(connected(), { follow: { table: '../x' }, baseUrl: 'http://h' }),
    ).rejects.toThrow(
      new SceneSetupInputError('table', 'must be 1-64 characters of A-Z a-z 0-9 _ . : - (a table id)'),
    );
    await expect(
      setupFinalScenes(connected(), { follow: { table: 'F1' }, baseUrl: 'ftp://h' }),
    ).rejects.toThrow(/^baseUrl must be an http\(s\) URL/);
  });
});
