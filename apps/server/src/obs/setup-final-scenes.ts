import { DomainError } from '../errors';
import { BROWSER_SOURCE, finalScenesPlan, type PlannedItem } from './final-scenes.plan';
import type { ObsConnection, ObsItemTransform } from './obs-connection.port';

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

/** Bad input to the setup (not an OBS failure): the message names the field. */
export class SceneSetupInputError extends DomainError {
  readonly kind = 'malformed';
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(`${field} ${message}`);
    this.name = 'SceneSetupInputError';
  }
}

function validate(matchId: string, baseUrl: string): void {
  if (!/^[A-Za-z0-9_.:]{1,64}$/.test(matchId)) {
    throw new SceneSetupInputError('matchId', 'must be 1-64 characters of A-Z a-z 0-9 _ . : (a match id)');
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
  options: { matchId: string; baseUrl: string },
): Promise<SetupReport> {
  validate(options.matchId, options.baseUrl);
  const plan = finalScenesPlan(options.matchId, options.baseUrl);
  const kinds = new Set(await conn.listInputKinds());
  await conn.useSceneCollection(plan.sceneCollection);
  const canvas = await conn.getVideoSize();

  const existingScenes = new Set(await conn.listScenes());
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
