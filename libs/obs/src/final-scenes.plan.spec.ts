import { describe, expect, it } from 'vitest';
import {
  BROWSER_SOURCE,
  finalScenesPlan,
  followOfCollection,
  overlayUrl,
  sceneCollectionName,
} from './final-scenes.plan';

describe('the final scenes plan', () => {
  const plan = finalScenesPlan({ table: 'final-1' }, 'http://10.0.0.5:3000');

  it('has the table, overhead, standings, break and delay-building scenes in one collection per table', () => {
    expect(plan.sceneCollection).toBe('Tablecast table final-1');
    expect(plan.scenes.map((scene) => scene.sceneName)).toEqual([
      'Table',
      'Overhead',
      'Standings',
      'Break',
      'Delay building',
    ]);
  });

  it('points browser sources at the broadcast-feed zh-CN overlay URLs of the table at 1920x1080', () => {
    const table = plan.scenes[0]?.items[0];
    expect(table?.inputKind).toBe(BROWSER_SOURCE);
    expect(table?.settings).toEqual({
      url: 'http://10.0.0.5:3000/overlays/table/?table=final-1&feed=broadcast&lang=zh-CN',
      width: 1920,
      height: 1080,
    });
    const lowerThirds =
      plan.scenes[1]?.items.filter((item) => item.inputName.startsWith('TC lower third')) ?? [];
    expect(lowerThirds.map((item) => item.settings.url)).toEqual(
      ['S', 'E', 'N', 'W'].map(
        (seat) =>
          `http://10.0.0.5:3000/overlays/lowerthird/?table=final-1&feed=broadcast&lang=zh-CN&seat=${seat}`,
      ),
    );
    expect(lowerThirds.every((item) => !item.enabled)).toBe(true);
  });

  it("gives a Dou Dizhu final a lower third for each of its three seats (0, 1, 2), Big Two's four", () => {
    const lowerThirdSeats = (game: 'doudizhu' | 'bigtwo'): (string | null)[] =>
      (finalScenesPlan({ table: 'final-1' }, 'http://10.0.0.5:3000', game).scenes[1]?.items ?? [])
        .filter((item) => item.inputName.startsWith('TC lower third'))
        .map((item) =>
          typeof item.settings.url === 'string' ? new URL(item.settings.url).searchParams.get('seat') : null,
        );
    expect(lowerThirdSeats('doudizhu')).toEqual(['0', '1', '2']);
    expect(lowerThirdSeats('bigtwo')).toEqual(['S', 'E', 'N', 'W']);
  });

  it('gives one input name one definition wherever it is placed', () => {
    const byName = new Map<string, unknown>();
    for (const item of plan.scenes.flatMap((scene) => scene.items)) {
      const seen = byName.get(item.inputName);
      if (seen !== undefined) expect(item).toEqual(seen);
      byName.set(item.inputName, item);
    }
    expect(byName.size).toBe(12);
  });

  it('keeps break and delay building free of browser sources', () => {
    for (const scene of plan.scenes.slice(3)) {
      expect(scene.items.some((item) => item.inputKind === BROWSER_SOURCE)).toBe(false);
    }
  });

  it("puts a tournament's ticker in the Break scene only, without the table it shows", () => {
    const withTicker = finalScenesPlan({ table: 'final-1' }, 'http://10.0.0.5:3000', 'guandan', 'T1');
    const browserSources = withTicker.scenes.map((scene) => [
      scene.sceneName,
      scene.items.filter((item) => item.inputKind === BROWSER_SOURCE).map((item) => item.inputName),
    ]);
    expect(browserSources).toEqual([
      ['Table', ['TC table', 'TC scorebug', 'TC moments']],
      [
        'Overhead',
        [
          'TC scorebug',
          'TC moments',
          'TC lower third S',
          'TC lower third E',
          'TC lower third N',
          'TC lower third W',
        ],
      ],
      ['Standings', ['TC standings']],
      ['Break', ['TC ticker']],
      ['Delay building', []],
    ]);
    const ticker = withTicker.scenes[3]?.items.find((item) => item.inputName === 'TC ticker');
    expect(ticker?.settings.url).toBe(
      'http://10.0.0.5:3000/overlays/ticker/?tournament=T1&lang=zh-CN&except=final-1',
    );
    expect(ticker?.enabled).toBe(true);
    const onAir = finalScenesPlan({ onAir: true }, 'http://10.0.0.5:3000', 'guandan', 'T1');
    expect(onAir.scenes[3]?.items.at(-1)?.settings.url).toBe(
      'http://10.0.0.5:3000/overlays/ticker/?tournament=T1&lang=zh-CN',
    );
  });

  it('follows the table on program with onair=1, in a collection of its own', () => {
    const onAir = finalScenesPlan({ onAir: true }, 'http://10.0.0.5:3000');
    expect(onAir.sceneCollection).toBe('Tablecast on air');
    const urls = onAir.scenes.flatMap((scene) =>
      scene.items.flatMap((item) => (typeof item.settings.url === 'string' ? [item.settings.url] : [])),
    );
    expect(urls).toHaveLength(10);
    for (const url of urls) {
      expect(new URL(url).searchParams.get('onair')).toBe('1');
      expect(url).not.toMatch(/[?&](match|table)=/);
    }
    expect(sceneCollectionName({ table: 't2' })).toBe('Tablecast table t2');
  });

  it('reads back from a collection name what its overlays follow (the director checks it)', () => {
    expect(followOfCollection(sceneCollectionName({ table: 't-2' }))).toEqual({ table: 't-2' });
    expect(followOfCollection(sceneCollectionName({ onAir: true }))).toEqual({ onAir: true });
    // Set up by an older build, bound to one match.
    expect(followOfCollection('Tablecast F1')).toEqual({ matchId: 'F1' });
    expect(followOfCollection('Untitled')).toBeNull();
  });

  it('encodes table ids and respects a base URL under a path', () => {
    expect(overlayUrl('https://tc.example/show/', 'scorebug', { table: 'F 1&x' })).toBe(
      'https://tc.example/show/overlays/scorebug/?table=F+1%26x&feed=broadcast&lang=zh-CN',
    );
  });
});
