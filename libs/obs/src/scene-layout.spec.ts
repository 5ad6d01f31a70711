import { describe, expect, it } from 'vitest';
import { BROWSER_SOURCE, FINAL_GAMES, finalScenesPlan } from './final-scenes.plan';
import { SCENE_LAYOUTS, TITLE_SAFE, contains, intersects, sceneLayoutsFor } from './scene-layout';

describe('the scene layout', () => {
  it("is Guandan's layout by default (SCENE_LAYOUTS)", () => {
    expect(sceneLayoutsFor('guandan')).toBe(SCENE_LAYOUTS);
  });

  for (const game of FINAL_GAMES) {
    // With a tournament, so the Break scene carries the ticker too.
    const plan = finalScenesPlan({ table: 'F1' }, 'http://10.0.0.5:3000', game, 'T1');
    const layouts = sceneLayoutsFor(game);

    it(`${game}: lists, for every scene obs setup builds, exactly the overlay pages placed in it`, () => {
      expect(layouts.map((layout) => layout.sceneName)).toEqual(plan.scenes.map((s) => s.sceneName));
      for (const scene of plan.scenes) {
        const pages = new Set(
          scene.items
            .filter((item) => item.inputKind === BROWSER_SOURCE)
            .map(
              (item) =>
                /\/overlays\/([a-z]+)\//.exec(
                  typeof item.settings.url === 'string' ? item.settings.url : '',
                )?.[1],
            ),
        );
        const layout = layouts.find((l) => l.sceneName === scene.sceneName);
        expect(Object.keys(layout?.pages ?? {}).sort(), scene.sceneName).toEqual([...pages].sort());
      }
    });

    it(`${game}: keeps every region inside the title-safe area, and pages of one scene apart`, () => {
      for (const layout of layouts) {
        const regions = Object.entries(layout.pages).flatMap(([page, list]) =>
          list.map((region) => ({ page, region })),
        );
        for (const { page, region } of regions)
          expect(contains(TITLE_SAFE, region), `${layout.sceneName} ${page}`).toBe(true);
        regions.forEach((a, i) => {
          for (const b of regions.slice(i + 1)) {
            if (a.page === b.page) continue;
            expect(intersects(a.region, b.region), `${layout.sceneName}: ${a.page} / ${b.page}`).toBe(false);
          }
        });
      }
    });
  }

  it('gives Dou Dizhu room for its 560 px side panels, where Guandan has 420 px columns', () => {
    const widest = (game: 'guandan' | 'doudizhu' | 'bigtwo'): number =>
      Math.max(
        ...(sceneLayoutsFor(game).find((l) => l.sceneName === 'Table')?.pages.table ?? [])
          .filter((region) => region.x === TITLE_SAFE.x)
          .map((region) => region.width),
      );
    expect(widest('guandan')).toBe(420);
    expect(widest('doudizhu')).toBeGreaterThanOrEqual(560);
    expect(widest('bigtwo')).toBeGreaterThanOrEqual(540);
  });

  it('measures title-safe as the middle 90 % of 1920x1080', () => {
    expect(TITLE_SAFE).toEqual({ x: 96, y: 54, width: 1728, height: 972 });
    expect(intersects({ x: 0, y: 0, width: 10, height: 10 }, { x: 10, y: 0, width: 10, height: 10 })).toBe(
      false,
    );
    expect(intersects({ x: 0, y: 0, width: 11, height: 10 }, { x: 10, y: 0, width: 10, height: 10 })).toBe(
      true,
    );
  });
});
