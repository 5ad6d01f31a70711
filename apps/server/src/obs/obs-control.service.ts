import { Injectable } from '@nestjs/common';
import { NotFoundError } from '../errors';
import { ObsBridgeService } from './obs-bridge.service';
import type { ObsConnection, ObsStats } from '@tablecast/obs';

/** The scene is not in the OBS's current scene collection (404 naming scene and instance). */
export class UnknownSceneError extends NotFoundError {
  constructor(instance: string, scene: string) {
    super(`OBS "${instance}" has no scene "${scene}"`);
    this.name = 'UnknownSceneError';
  }
}

/** Screenshot widths the dashboard may ask for; height follows at 16:9. */
export const SCREENSHOT_WIDTH = { min: 16, max: 1920 } as const;

/**
 * The producer's switching controls on one OBS: preview, program, take, studio mode,
 * stats and thumbnails. Each call names its instance; the rundown and the director switch through
 * here too, so a scene name is checked the same way everywhere.
 */
@Injectable()
export class ObsControlService {
  constructor(private readonly bridge: ObsBridgeService) {}

  /** Sets the preview scene, turning studio mode on first if it is off (preview needs it). */
  async preview(instance: string, scene: string): Promise<void> {
    const conn = await this.sceneOwner(instance, scene);
    const wasOn = conn.sceneState?.studioMode === true;
    await conn.setStudioMode(true);
    await conn.setPreviewScene(scene);
    if (!wasOn) await settlePreview(conn, scene);
  }

  /** Cuts straight to program, with or without studio mode. */
  async program(instance: string, scene: string): Promise<void> {
    await (await this.sceneOwner(instance, scene)).setProgramScene(scene);
  }

  /** Studio-mode take: preview to program, with the named transition or the current one. */
  async take(instance: string, transition?: string): Promise<void> {
    await this.bridge.instance(instance).transitionToProgram(transition);
  }

  /**
   * The producer's cut from the OBS card: the scene on program, and the backups follow it (the
   * rundown and the director hand on their own changes).
   */
  async programMirrored(instance: string, scene: string): Promise<void> {
    await this.program(instance, scene);
    this.bridge.mirrorProgram(instance, scene);
  }

  /** The producer's take from the OBS card: the backups follow the scene it put on program. */
  async takeMirrored(instance: string, transition?: string): Promise<void> {
    await this.take(instance, transition);
    await this.bridge.mirrorTake(instance);
  }

  async studioMode(instance: string, enabled: boolean): Promise<void> {
    await this.bridge.instance(instance).setStudioMode(enabled);
  }

  async stats(instance: string): Promise<ObsStats & { at: string }> {
    const stats = await this.bridge.instance(instance).getStats();
    return { ...stats, at: new Date().toISOString() };
  }

  /** PNG of a scene (default: what is on program) at `width`, 16:9. */
  async screenshot(instance: string, width: number, source?: string): Promise<Buffer> {
    const conn =
      source === undefined ? this.bridge.instance(instance) : await this.sceneOwner(instance, source);
    const scene = source ?? (await conn.getProgramScene());
    return conn.screenshot(scene, { width, height: Math.round((width * 9) / 16) });
  }

  /**
   * The connection, after checking the scene exists, so a typo is a 404 naming it rather than
   * OBS's generic refusal. Before the first sync OBS itself is the judge.
   */
  private async sceneOwner(instance: string, scene: string): Promise<ObsConnection> {
    const conn = this.bridge.instance(instance);
    const cached = conn.sceneState?.scenes;
    if (cached === undefined || cached.includes(scene)) return conn;
    // The cache follows OBS's events a moment late (a scene created just now): ask before refusing.
    if (!(await conn.listScenes()).includes(scene)) throw new UnknownSceneError(instance, scene);
    return conn;
  }
}

/**
 * Right after studio mode comes on, OBS 29's UI may still copy the program into the preview
 * (seen in our real-OBS runs even after StudioModeStateChanged), overwriting the preview just
 * set: read it back for a moment and set it again until it stays.
 */
async function settlePreview(conn: ObsConnection, scene: string): Promise<void> {
  let steady = 0;
  for (let round = 0; round < 20 && steady < 3; round += 1) {
    await new Promise((settle) => setTimeout(settle, 50));
    if ((await conn.getPreviewScene()) === scene) steady += 1;
    else {
      steady = 0;
      await conn.setPreviewScene(scene);
    }
  }
}
