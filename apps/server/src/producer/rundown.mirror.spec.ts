import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppConfig } from '../config';
import type { ObsBridgeService } from '../obs/obs-bridge.service';
import type { ObsControlService } from '../obs/obs-control.service';
import { RundownService } from './rundown.service';
import { RundownStore } from './rundown.store';

/**
 * A rundown take hands the scene it put on the main's program to the bridge for the backups to
 * follow (ObsBridgeService.mirrorProgram, tested on sockets in obs-bridge.mirror.spec); a take that
 * failed on the main hands on nothing. The OBS side is a recording stand-in here.
 */
describe('the rundown take and the backup OBS', () => {
  let dataDir: string;
  let mirrored: string[];
  let takeFails: boolean;
  let rundown: RundownService;

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'rundown-mirror-'));
    mirrored = [];
    takeFails = false;
    const control = {
      preview: () => Promise.resolve(),
      take: () => (takeFails ? Promise.reject(new Error('OBS "main" refused the take')) : Promise.resolve()),
    } as unknown as ObsControlService;
    const bridge = {
      instance: () => ({ sceneState: { studioMode: false } }),
      mirrorProgram: (obs: string, scene: string) => mirrored.push(`${obs} ${scene}`),
    } as unknown as ObsBridgeService;
    rundown = new RundownService(
      new RundownStore({ TABLECAST_DATA_DIR: dataDir } as unknown as AppConfig),
      control,
      bridge,
    );
  });
  afterEach(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('mirrors the scene of each item taken to program, and none of a failed take', async () => {
    await rundown.replace({
      revision: 0,
      items: [
        { id: 'open', label: 'Opening', scene: 'Overhead', notes: '' },
        { id: 'table', label: 'Table', scene: 'Table', notes: '' },
      ],
    });
    await rundown.cue('open');
    expect(mirrored).toEqual([]);
    await rundown.take();
    await rundown.cue('table');
    takeFails = true;
    await expect(rundown.take()).rejects.toThrow('refused the take');
    expect(mirrored).toEqual(['main Overhead']);
    takeFails = false;
    await rundown.take();
    expect(mirrored).toEqual(['main Overhead', 'main Table']);
  });
});
