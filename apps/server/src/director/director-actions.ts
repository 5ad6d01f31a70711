import type { ObsConnection } from '@tablecast/obs';
import { logPart, type DirectorLogPart } from '@tablecast/protocol';
import type { DirectorCommand } from './director-engine';
import type { DirectorCue } from './director-rules';

/** What the director's commands act on: the OBS bridge and the overlay pages' cues. */
export interface DirectorTargets {
  obs(name: string): ObsConnection;
  /** The scene now on program on `obs`, for its backups to follow (never waited on). */
  mirror(obs: string, scene: string): void;
  cue(matchId: string, cue: DirectorCue): { delivered: number };
}

/** A command that did not go through, with the reason the log shows (in English and as a code). */
export class DirectorActionError extends Error {
  override readonly name: string = 'DirectorActionError';

  constructor(
    message: string,
    readonly part: DirectorLogPart,
  ) {
    super(message);
  }
}

/** A moment cue no page received: no overlay page of that match is open. */
export class NoPageConnectedError extends DirectorActionError {
  override readonly name = 'NoPageConnectedError';
}

/** How a command went, for the log: in English, and as a code for the dashboard to word. */
export interface DirectorNote {
  readonly text: string;
  readonly part: DirectorLogPart;
}

/**
 * Carries out one command; resolves with a note for the log, rejects with the reason it failed
 * (OBS down, scene missing, no page to cue). Nothing is retried: a scene switch that arrives late
 * would be worse on air than none.
 */
export async function executeDirectorCommand(
  command: DirectorCommand,
  targets: DirectorTargets,
): Promise<DirectorNote> {
  switch (command.type) {
    case 'showMoment': {
      const { delivered } = targets.cue(command.matchId, command.cue);
      if (delivered === 0)
        throw new NoPageConnectedError(
          `no overlay page of match ${command.matchId} is connected`,
          logPart('noPageConnected', { matchId: command.matchId }),
        );
      return {
        text: `delivered to ${String(delivered)} page${delivered === 1 ? '' : 's'}`,
        part: logPart('deliveredToPages', { pages: delivered }),
      };
    }
    case 'switchScene': {
      const conn = targets.obs(command.obs);
      if (command.mode === 'cut') {
        await conn.setProgramScene(command.scene);
        targets.mirror(command.obs, command.scene);
        return {
          text: `${command.scene} on program`,
          part: logPart('sceneOnProgram', { scene: command.scene }),
        };
      }
      const taken = await previewAndTake(conn, command.scene);
      targets.mirror(command.obs, command.scene);
      return taken;
    }
    case 'transition': {
      const conn = targets.obs(command.obs);
      if (conn.sceneState?.studioMode !== true) {
        throw new DirectorActionError(
          `OBS "${conn.name}" is not in studio mode: there is no preview to take`,
          logPart('notInStudioMode', { obs: conn.name }),
        );
      }
      // A named transition becomes OBS's current one (it stays selected, as in OBS's dock).
      await conn.transitionToProgram(command.transition);
      // The preview it took is whatever was there: the backups follow the scene now on program.
      targets.mirror(command.obs, await conn.getProgramScene());
      return {
        text: `preview taken to program${command.transition === undefined ? '' : ` with ${command.transition}`}`,
        part: logPart('previewTaken', { transition: command.transition ?? null }),
      };
    }
  }
}

const PREVIEW_ATTEMPTS = 5;

/**
 * Preview, then the studio-mode take, checked at both ends. Just after studio mode is turned on,
 * OBS 29 may still reset the preview to the program scene after it said the mode is on (seen on a
 * loaded machine), and a take then puts the old scene back on air and "succeeds". So the preview
 * is set until it holds, and the program is read back after the take: a take of anything else is
 * a failure the log shows, not an "acted".
 */
async function previewAndTake(conn: ObsConnection, scene: string): Promise<DirectorNote> {
  if (conn.sceneState?.studioMode !== true) await conn.setStudioMode(true);
  for (let attempt = 1; ; attempt += 1) {
    await conn.setPreviewScene(scene);
    if ((await conn.getPreviewScene()) === scene) break;
    if (attempt === PREVIEW_ATTEMPTS) {
      throw new DirectorActionError(
        `OBS "${conn.name}" did not keep ${scene} in preview`,
        logPart('previewNotKept', { obs: conn.name, scene }),
      );
    }
    await new Promise((settle) => setTimeout(settle, 100));
  }
  await conn.transitionToProgram();
  const program = await conn.getProgramScene();
  if (program !== scene) {
    throw new DirectorActionError(
      `OBS "${conn.name}" took ${program} to program instead of ${scene}`,
      logPart('tookOtherScene', { obs: conn.name, scene, program }),
    );
  }
  return { text: `${scene} taken to program`, part: logPart('sceneTaken', { scene }) };
}
