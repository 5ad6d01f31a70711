import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { KeyedSerialQueue } from '../commands/keyed-serial-queue';
import { ObsBridgeService } from '../obs/obs-bridge.service';
import { ObsControlService } from '../obs/obs-control.service';
import type { ReplaceRundownInput, Rundown, RundownItem } from './rundown';
import { replaceRundown } from './rundown-edit';
import { RundownConflictError, RundownItemNotFoundError } from './rundown.errors';
import { RundownStore } from './rundown.store';

/**
 * The rundown: edits with revision and lock-when-live, cue (scene to OBS preview) and
 * take (preview to program) on the rundown's OBS instance. One operation at a time, so a cue and
 * a take pressed together reach OBS in order, and the file is saved only after OBS did it.
 */
@Injectable()
export class RundownService {
  private current: Rundown;
  private readonly queue = new KeyedSerialQueue();

  constructor(
    private readonly store: RundownStore,
    private readonly control: ObsControlService,
    private readonly bridge: ObsBridgeService,
  ) {
    this.current = store.load();
  }

  /** The list as saved last (a control process taking over reads what the former holder saved). */
  reload(): void {
    this.current = this.store.load();
  }

  get(): Rundown {
    return this.current;
  }

  /** The new list, as the edge parsed it (ReplaceRundownBody). */
  replace(input: ReplaceRundownInput): Promise<Rundown> {
    return this.serially(() => Promise.resolve(this.commit(replaceRundown(this.current, input, randomUUID))));
  }

  /** Puts the item's scene in OBS preview; the item becomes the cued one. */
  cue(id: string): Promise<Rundown> {
    return this.serially(async () => {
      const item = this.item(id);
      await this.control.preview(this.current.obs, item.scene);
      return this.commit({ ...this.current, cuedId: item.id });
    });
  }

  /**
   * Takes the cued item to program; it becomes the live one. If OBS's preview was changed by hand
   * since the cue, the cued scene is put back in preview first, so what goes on air is the item.
   */
  take(): Promise<Rundown> {
    return this.serially(async () => {
      const { cuedId, obs } = this.current;
      if (cuedId === null)
        throw new RundownConflictError('nothingCued', 'no rundown item is cued', this.current.revision);
      const item = this.item(cuedId);
      const conn = this.bridge.instance(obs);
      const preview = conn.sceneState?.studioMode === true ? await conn.getPreviewScene() : null;
      if (preview !== item.scene) await this.control.preview(obs, item.scene);
      await this.control.take(obs);
      // The backup follows, without the main waiting for it (the dashboard shows how it went).
      this.bridge.mirrorProgram(obs, item.scene);
      return this.commit({ ...this.current, cuedId: null, liveId: item.id });
    });
  }

  private item(id: string): RundownItem {
    const item = this.current.items.find((candidate) => candidate.id === id);
    if (item === undefined) throw new RundownItemNotFoundError(id);
    return item;
  }

  private commit(next: Rundown): Rundown {
    this.store.save(next);
    this.current = next;
    return next;
  }

  private serially(work: () => Promise<Rundown>): Promise<Rundown> {
    return this.queue.run('rundown', work);
  }
}
