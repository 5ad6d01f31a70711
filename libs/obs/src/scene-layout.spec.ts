import { describe, expect, it } from 'vitest';
import { BROWSER_SOURCE, finalScenesPlan } from './final-scenes.plan';
import { SCENE_LAYOUTS, TITLE_SAFE, contains, intersects } from './scene-layout';

describe('the scene layout', () => {
  const plan = finalScenesPlan({ table: 'F1' }, 'http://10.0.0.5:3000');

  it('lists, for every scene obs setup builds, exactly the overlay pages placed in it', () => {
    expect(SCENE_LAYOUTS.map((layout) => layout.sceneName)).toEqual(plan.scenes.map((s) => s.sceneName));
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
      const layout = SCENE_LAYOUTS.find((l) => l.sceneName === scene.sceneName);
      expect(Object.keys(layout?.pages ?? {}).sort(), scene.sceneName).toEqual([...pages].sort());
    }
  });

  it('keeps every region inside the title-safe area, and pages of one scene apart', () => {
    for (const layout of SCENE_LAYOUTS) {
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
