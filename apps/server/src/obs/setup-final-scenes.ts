import {
  BROWSER_SOURCE,
  FINAL_GAMES,
  finalScenesPlan,
  type FinalGame,
  type OverlayFollow,
  type PlannedItem,
  type PlannedScene,
  type ObsConnection,
  type ObsItemTransform,
} from '@tablecast/obs';
import { assertOneFeedPerScene, type SceneFeeds } from './scene-feeds';
import { SceneSetupInputError } from './setup-final-scenes.errors';

export interface SceneSetupResult {
  readonly sceneName: string;
  readonly complete: boolean;
  /** Inputs that could not be placed, each with why. */
  readonly missing: readonly { inputName: string; reason: string }[];
}

export interface SetupReport {
  readonly instance: string;
  readonly sceneCollection: string;
  readonly browserSourceAvailable: boolean;
  readonly scenes: readonly SceneSetupResult[];
  /** Null when every scene is complete; otherwise what is wrong and which scenes it hits. */
  readonly problem: string | null;
}

export { SceneSetupInputError };
export type { OverlayFollow };

function validate(
  follow: OverlayFollow,
  baseUrl: string,
  game: string,
  tournament: string | undefined,
): void {
  if (tournament !== undefined && !/^[A-Za-z0-9_.:-]{1,64}$/.test(tournament)) {
    throw new SceneSetupInputError(
      'tournament',
      'must be 1-64 characters of A-Z a-z 0-9 _ . : - (the tournament whose other tables the Break scene shows)',
    );
  }
  if (!(FINAL_GAMES as readonly string[]).includes(game)) {
    throw new SceneSetupInputError(
      'game',
      `must be one of ${FINAL_GAMES.join(', ')} (the game whose seats the lower thirds name), got ${JSON.stringify(game)}`,
    );
  }
  if ('table' in follow && !/^[A-Za-z0-9_.:-]{1,64}$/.test(follow.table)) {
    throw new SceneSetupInputError('table', 'must be 1-64 characters of A-Z a-z 0-9 _ . : - (a table id)');
  }
  let parsed: URL;
  try {
    parsed = new URL(baseUrl);
  } catch {
    throw new SceneSetupInputError(
      'baseUrl',
      `must be an http(s) URL OBS can reach, got ${JSON.stringify(baseUrl)}`,
    );
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new SceneSetupInputError(
      'baseUrl',
      `must be an http(s) URL OBS can reach, got ${JSON.stringify(baseUrl)}`,
    );
  }
}

function transformFor(item: PlannedItem, canvas: { width: number; height: number }): ObsItemTransform {
  // Overlays are authored at 1920x1080; bounding them to the canvas keeps them full frame on a
  // 720p or 4K canvas too.
  return item.placement === 'full-frame'
    ? {
        positionX: 0,
        positionY: 0,
        alignment: 5,
        boundsType: 'OBS_BOUNDS_SCALE_INNER',
        boundsWidth: canvas.width,
        boundsHeight: canvas.height,
      }
    : {
        positionX: canvas.width / 2,
        positionY: canvas.height / 2,
        alignment: 0,
        boundsType: 'OBS_BOUNDS_NONE',
      };
}

/**
 * Creates or updates the final's scene collection on one OBS: every scene, input, placement and
 * visibility of the plan, whatever was there before, so running it twice gives the same result.
 * An OBS without browser_source (Debian's package has no CEF) still gets every scene and every
 * other source; the report names the scenes left incomplete.
 */
export async function setupFinalScenes(
  conn: ObsConnection,
  options: {
    follow: OverlayFollow;
    baseUrl: string;
    game?: string | undefined;
    /** The tournament whose "other tables" ticker the Break scene shows; none without. */
    tournament?: string | undefined;
  },
): Promise<SetupReport> {
  const game = options.game ?? 'guandan';
  validate(options.follow, options.baseUrl, game, options.tournament);
  const plan = finalScenesPlan(options.follow, options.baseUrl, game as FinalGame, options.tournament);
  const kinds = new Set(await conn.listInputKinds());
  await conn.useSceneCollection(plan.sceneCollection);
  const canvas = await conn.getVideoSize();

  const existingScenes = new Set(await conn.listScenes());
  // Before anything is created: a scene must not mix feeds, counting the browser sources someone
  // already placed in it (a URL copied from elsewhere), which the setup leaves where they are.
  assertOneFeedPerScene(await scenesWithPages(conn, plan.scenes, existingScenes));
  for (const scene of plan.scenes) {
    if (!existingScenes.has(scene.sceneName)) await conn.createScene(scene.sceneName);
  }
  const inputKinds = new Map((await conn.listInputs()).map((input) => [input.inputName, input.inputKind]));
  const updated = new Set<string>();

  const results: SceneSetupResult[] = [];
  for (const scene of plan.scenes) {
    const missing: { inputName: string; reason: string }[] = [];
    const items = new Map(
      (await conn.listSceneItems(scene.sceneName)).map((item) => [item.sourceName, item]),
    );
    for (const item of scene.items) {
      const existingKind = inputKinds.get(item.inputName);
      if (existingKind === undefined && !kinds.has(item.inputKind)) {
        missing.push({ inputName: item.inputName, reason: `this OBS has no ${item.inputKind} input kind` });
        continue;
      }
      if (existingKind !== undefined && existingKind !== item.inputKind) {
        missing.push({
          inputName: item.inputName,
          reason: `an input of that name exists with kind ${existingKind}, not ${item.inputKind}; rename or remove it`,
        });
        continue;
      }
      let sceneItemId = items.get(item.inputName)?.sceneItemId;
      if (existingKind === undefined) {
        sceneItemId = await conn.createInput({ ...item, sceneName: scene.sceneName });
        inputKinds.set(item.inputName, item.inputKind);
        updated.add(item.inputName);
      } else if (!updated.has(item.inputName)) {
        await conn.setInputSettings(item.inputName, item.settings);
        updated.add(item.inputName);
      }
      sceneItemId ??= await conn.addSceneItem(scene.sceneName, item.inputName);
      await conn.setSceneItemTransform(scene.sceneName, sceneItemId, transformFor(item, canvas));
      await conn.setSceneItemEnabled(scene.sceneName, sceneItemId, item.enabled);
    }
    results.push({ sceneName: scene.sceneName, complete: missing.length === 0, missing });
  }

  const browserSourceAvailable = kinds.has(BROWSER_SOURCE);
  return {
    instance: conn.name,
    sceneCollection: plan.sceneCollection,
    browserSourceAvailable,
    scenes: results,
    problem: describeProblem(conn.name, browserSourceAvailable, results),
  };
}

/** Each planned scene's browser sources: the plan's, and those already in the scene on OBS. */
async function scenesWithPages(
  conn: ObsConnection,
  scenes: readonly PlannedScene[],
  existingScenes: ReadonlySet<string>,
): Promise<SceneFeeds[]> {
  const browserInputs = new Set(
    (await conn.listInputs()).filter((input) => input.inputKind === BROWSER_SOURCE).map((i) => i.inputName),
  );
  const urls = new Map<string, string>();
  const urlOf = async (inputName: string): Promise<string> => {
    let url = urls.get(inputName);
    if (url === undefined) {
      const setting = (await conn.getInputSettings(inputName)).url;
      url = typeof setting === 'string' ? setting : '';
      urls.set(inputName, url);
    }
    return url;
  };
  const result: SceneFeeds[] = [];
  for (const scene of scenes) {
    const planned = scene.items.flatMap((item) =>
      item.inputKind === BROWSER_SOURCE && typeof item.settings.url === 'string'
        ? [{ inputName: item.inputName, url: item.settings.url }]
        : [],
    );
    const plannedNames = new Set(planned.map((page) => page.inputName));
    const placed = existingScenes.has(scene.sceneName) ? await conn.listSceneItems(scene.sceneName) : [];
    const others: { inputName: string; url: string }[] = [];
    for (const item of placed) {
      if (plannedNames.has(item.sourceName) || !browserInputs.has(item.sourceName)) continue;
      others.push({ inputName: item.sourceName, url: await urlOf(item.sourceName) });
    }
    result.push({ sceneName: scene.sceneName, pages: [...planned, ...others] });
  }
  return result;
}

function describeProblem(
  instance: string,
  browserSourceAvailable: boolean,
  results: readonly SceneSetupResult[],
): string | null {
  const incomplete = results.filter((scene) => !scene.complete);
  if (incomplete.length === 0) return null;
  const list = incomplete
    .map((scene) => `${scene.sceneName} (missing ${scene.missing.map((m) => m.inputName).join(', ')})`)
    .join('; ');
  const cause = browserSourceAvailable
    ? 'some sources could not be placed'
    : "has no browser_source input kind (this OBS build lacks the browser plugin, as Debian's package does), so the overlays cannot be added";
  const fix = browserSourceAvailable
    ? "see each scene's missing list"
    : 'install OBS from obsproject.com or Flathub, which includes the browser source, and run the setup again';
  return `OBS "${instance}" ${cause}; scenes not completed: ${list}; ${fix}.`;
}
