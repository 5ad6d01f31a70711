import { describe, expect, it } from 'vitest';
import type { ObsConnection } from '@tablecast/obs';
import { SceneSetupInputError, setupFinalScenes } from './setup-final-scenes';

/** An OBS that must not be touched: bad input is refused before the setup asks OBS anything. */
const untouchable = new Proxy({} as ObsConnection, {
  get: (_target, property) => {
    throw new Error(`OBS was asked for ${String(property)}`);
  },
});

describe('final scene setup input', () => {
  it('refuses a game it has no layout for, naming the field, before touching OBS', async () => {
    const setup = setupFinalScenes(untouchable, {
      follow: { table: 'F1' },
      baseUrl: 'http://127.0.0.1:3000',
      game: 'mahjong',
    });
    await expect(setup).rejects.toThrow(SceneSetupInputError);
    await expect(setup).rejects.toMatchObject({ field: 'game' });
    await expect(setup).rejects.toThrow(/game must be one of guandan, doudizhu, bigtwo/);
  });

  it("refuses a tournament id the ticker's URL cannot carry, naming the field, before touching OBS", async () => {
    const setup = setupFinalScenes(untouchable, {
      follow: { table: 'F1' },
      baseUrl: 'http://127.0.0.1:3000',
      tournament: '../T1',
    });
    await expect(setup).rejects.toMatchObject({ field: 'tournament' });
    const fine = setupFinalScenes(untouchable, {
      follow: { table: 'F1' },
      baseUrl: 'http://127.0.0.1:3000',
      tournament: 'T1',
    });
    await expect(fine).rejects.toThrow(/OBS was asked for/);
  });

  it.each(['guandan', 'doudizhu', 'bigtwo'])('accepts %s and goes on to OBS', async (game) => {
    const setup = setupFinalScenes(untouchable, {
      follow: { table: 'F1' },
      baseUrl: 'http://127.0.0.1:3000',
      game,
    });
    await expect(setup).rejects.toThrow(/OBS was asked for/);
  });
});
