import type { AppConfig } from '../config';
import { ObsWebSocketConnection } from './obs-websocket.adapter';
import { ObsError } from './obs.errors';
import { setupFinalScenes, type OverlayFollow, type SetupReport } from './setup-final-scenes';
import { SceneSetupInputError } from './setup-final-scenes.errors';

/** What `tablecast obs setup` asks for: the overlays follow a table, or the table on program. */
export interface ObsSetupOptions {
  readonly table?: string | undefined;
  readonly onAir?: boolean;
  readonly obs?: string;
  readonly baseUrl?: string | undefined;
  /** The final's game (its seats name the lower thirds): guandan when not given. */
  readonly game?: string | undefined;
  /** The tournament whose "other tables" ticker the Break scene shows; none when not given. */
  readonly tournament?: string | undefined;
}

export interface ObsSetupOutcome {
  /** 0 every scene complete, 2 set up but some scenes incomplete (e.g. no browser_source), 1 failed. */
  readonly exitCode: 0 | 1 | 2;
  readonly message: string;
  readonly report?: SetupReport;
}

function summary(report: SetupReport): string {
  const scenes = report.scenes.map(
    (scene) => `  ${scene.complete ? 'ok        ' : 'incomplete'} ${scene.sceneName}`,
  );
  return [
    `OBS "${report.instance}": scene collection "${report.sceneCollection}"`,
    ...scenes,
    ...(report.problem ? [report.problem] : []),
  ].join('\n');
}

/**
 * `tablecast obs setup`: connects straight to the OBS named in OBS_INSTANCES (password from
 * OBS_PASSWORD_<NAME>, as the server reads them) and creates or updates the final's scenes.
 */
export async function runObsSetup(options: ObsSetupOptions, config: AppConfig): Promise<ObsSetupOutcome> {
  // Overlays follow a table or the table on program, never one match (it ends; the source stays).
  if ((options.table === undefined) === (options.onAir !== true)) {
    return {
      exitCode: 1,
      message:
        '--table: give either --table <id> (the overlays follow that table) or --onair (they follow the table on program)',
    };
  }
  const follow: OverlayFollow = options.table === undefined ? { onAir: true } : { table: options.table };
  const name = options.obs ?? 'main';
  const instance = config.OBS_INSTANCES.find((candidate) => candidate.name === name);
  if (!instance) {
    const configured = config.OBS_INSTANCES.map((candidate) => candidate.name);
    return {
      exitCode: 1,
      message:
        configured.length === 0
          ? `no OBS is configured: set OBS_INSTANCES (e.g. main=ws://127.0.0.1:4455) and OBS_PASSWORD_MAIN`
          : `no OBS instance "${name}" in OBS_INSTANCES; configured: ${configured.join(', ')}`,
    };
  }
  const conn = new ObsWebSocketConnection({ ...instance, requestTimeoutMs: 10_000 });
  try {
    await conn.start();
    const report = await setupFinalScenes(conn, {
      follow,
      game: options.game,
      tournament: options.tournament,
      baseUrl:
        options.baseUrl ?? `http://${config.HOST === '0.0.0.0' ? '127.0.0.1' : config.HOST}:${config.PORT}`,
    });
    return { exitCode: report.problem === null ? 0 : 2, message: summary(report), report };
  } catch (error) {
    if (error instanceof ObsError || error instanceof SceneSetupInputError)
      return { exitCode: 1, message: error.message };
    throw error;
  } finally {
    await conn.close();
  }
}
