import type { ObsConnection } from '@tablecast/obs';
import type { DirectorCommand } from './director-engine';
import type { DirectorCue } from './director-rules';

/** What the director's commands act on: the OBS bridge and the overlay pages' cues. */
export interface DirectorTargets {
  obs(name: string): ObsConnection;
  cue(matchId: string, cue: DirectorCue): { delivered: number };
}

/** A command that did not go through, with the reason the log shows. */
export class DirectorActionError extends Error {
  override readonly name: string = 'DirectorActionError';
}

/** A moment cue no page received: no overlay page of that match is open. */
export class NoPageConnectedError extends DirectorActionError {
  override readonly name = 'NoPageConnectedError';
}

/**
 * Carries out one command; resolves with a note for the log, rejects with the reason it failed
 * (OBS down, scene missing, no page to cue). Nothing is retried: a scene switch that arrives late
 * would be worse on air than none.
 */
export async function executeDirectorCommand(
  command: DirectorCommand,
  targets: DirectorTargets,
): Promise<string> {
  switch (command.type) {
    case 'showMoment': {
      const { delivered } = targets.cue(command.matchId, command.cue);
      if (delivered === 0)
        throw new NoPageConnectedError(`no overlay page of match ${command.matchId} is connected`);
      return `delivered to ${String(delivered)} page${delivered === 1 ? '' : 's'}`;
    }
    case 'switchScene': {
      const conn = targets.obs(command.obs);
      if (command.mode === 'cut') {
        await conn.setProgramScene(command.scene);
        return `${command.scene} on program`;
      }
      return previewAndTake(conn, command.scene);
    }
    case 'transition': {
      const conn = targets.obs(command.obs);
      if (conn.sceneState?.studioMode !== true) {
        throw new DirectorActionError(
          `OBS "${conn.name}" is not in studio mode: there is no preview to take`,
        );
      }
      // A named transition becomes OBS's current one (it stays selected, as in OBS's dock).
      await conn.transitionToProgram(command.transition);
      return `preview taken to program${command.transition === undefined ? '' : ` with ${command.transition}`}`;
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
async function previewAndTake(conn: ObsConnection, scene: string): Promise<string> {
  if (conn.sceneState?.studioMode !== true) await conn.setStudioMode(true);
  for (let attempt = 1; ; attempt += 1) {
    await conn.setPreviewScene(scene);
    if ((await conn.getPreviewScene()) === scene) break;
    if (attempt === PREVIEW_ATTEMPTS) {
      throw new DirectorActionError(`OBS "${conn.name}" did not keep ${scene} in preview`);
    }
    await new Promise((settle) => setTimeout(settle, 100));
  }
  await conn.transitionToProgram();
  const program = await conn.getProgramScene();
  if (program !== scene) {
    throw new DirectorActionError(`OBS "${conn.name}" took ${program} to program instead of ${scene}`);
  }
  return `${scene} taken to program`;
}
