import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppConfig } from '../config';
import { ObsBridgeService } from './obs-bridge.service';
import { ObsControlController } from './obs-control.controller';
import { ObsControlService } from './obs-control.service';
import { FakeObsWebSocket } from './testing/fake-obs-websocket';

/**
 * The backup OBS follows the main's program: the bridge, with a main and a backup obs-websocket
 * (stand-ins on real sockets, which can be made slow or taken down on cue), sends each scene put on
 * the main's program to the backup, without the caller waiting, and says how it went.
 */
describe('the backup OBS mirrors the main program', () => {
  let main: FakeObsWebSocket;
  let backup: FakeObsWebSocket;
  let bridge: ObsBridgeService;
  const mirrorOf = (name: string): unknown => bridge.status().find((obs) => obs.name === name)?.mirror;

  beforeEach(async () => {
    main = await FakeObsWebSocket.start();
    backup = await FakeObsWebSocket.start();
    bridge = new ObsBridgeService({
      OBS_INSTANCES: [
        { name: 'main', url: main.url, password: undefined },
        { name: 'backup', url: backup.url, password: undefined },
      ],
    } as unknown as AppConfig);
    bridge.onModuleInit();
    await vi.waitFor(
      () => {
        expect(bridge.status().map((obs) => obs.state)).toEqual(['connected', 'connected']);
      },
      { timeout: 10_000 },
    );
  });
  afterEach(async () => {
    await bridge.onModuleDestroy();
    await Promise.all([main.stop(), backup.stop().catch(() => undefined)]);
  });

  it("sends the main's program scene to the backup, and shows it took it", async () => {
    expect(mirrorOf('backup')).toEqual({ scene: null, state: 'idle', error: null });
    bridge.mirrorProgram('main', 'Overhead');
    await vi.waitFor(() => {
      expect(mirrorOf('backup')).toEqual({ scene: 'Overhead', state: 'ok', error: null });
    });
    expect(backup.programScenes()).toEqual(['Overhead']);
    // The main has no mirror of its own, and is not sent its own change again.
    expect(mirrorOf('main')).toBeNull();
    expect(main.programScenes()).toEqual([]);
  });

  it('holds nothing up while the backup is slow: pending, then the latest scene only', async () => {
    backup.hold('SetCurrentProgramScene');
    bridge.mirrorProgram('main', 'Overhead');
    expect(mirrorOf('backup')).toEqual({ scene: 'Overhead', state: 'pending', error: null });
    // The main goes on switching meanwhile; its own requests are answered.
    await bridge.instance('main').setProgramScene('Standings');
    bridge.mirrorProgram('main', 'Standings');
    bridge.mirrorProgram('main', 'Table');
    expect(mirrorOf('backup')).toEqual({ scene: 'Table', state: 'pending', error: null });
    backup.release('SetCurrentProgramScene');
    await vi.waitFor(() => {
      expect(mirrorOf('backup')).toEqual({ scene: 'Table', state: 'ok', error: null });
    });
    // One at a time and in order; the scene passed over while the backup was busy is skipped.
    expect(backup.programScenes()).toEqual(['Overhead', 'Table']);
  });

  it('marks the mirror failed, with why, when the backup is down; the main still switches', async () => {
    await backup.stop();
    await vi.waitFor(() => {
      expect(bridge.status().find((obs) => obs.name === 'backup')?.state).not.toBe('connected');
    });
    bridge.mirrorProgram('main', 'Overhead');
    await vi.waitFor(() => {
      expect(mirrorOf('backup')).toMatchObject({ scene: 'Overhead', state: 'failed' });
    });
    expect(String((mirrorOf('backup') as { error: unknown }).error)).toContain('OBS "backup"');
    await bridge.instance('main').setProgramScene('Overhead');
    expect(main.programScenes()).toEqual(['Overhead']);
  });

  it('brings a backup that reconnects to the main program at once, not at the next change', async () => {
    await backup.stop();
    await vi.waitFor(() => {
      expect(bridge.status().find((obs) => obs.name === 'backup')?.state).not.toBe('connected');
    });
    // The main changes while the backup is away (by hand in OBS: nothing is mirrored).
    await bridge.instance('main').setProgramScene('Overhead');
    expect(backup.programScenes()).toEqual([]);
    await backup.restart();
    await vi.waitFor(
      () => {
        expect(mirrorOf('backup')).toEqual({ scene: 'Overhead', state: 'ok', error: null });
      },
      { timeout: 15_000 },
    );
    expect(backup.programScenes()).toEqual(['Overhead']);
  });

  it("follows the producer's cut and plain take from the OBS card", async () => {
    main.addScenes('Table', 'Standings');
    const card = new ObsControlController(new ObsControlService(bridge));
    await card.program('main', { scene: 'Table' });
    await vi.waitFor(() => {
      expect(mirrorOf('backup')).toEqual({ scene: 'Table', state: 'ok', error: null });
    });
    await bridge.instance('main').setPreviewScene('Standings');
    await card.take('main', undefined);
    await vi.waitFor(() => {
      expect(mirrorOf('backup')).toEqual({ scene: 'Standings', state: 'ok', error: null });
    });
    expect(backup.programScenes()).toEqual(['Table', 'Standings']);
    // A take on the backup itself is not sent anywhere.
    await bridge.instance('backup').setPreviewScene('Scene');
    await card.take('backup', undefined);
    expect(backup.count('TriggerStudioModeTransition')).toBe(1);
    await bridge.instance('main').getProgramScene();
    expect(main.programScenes()).toEqual(['Table']);
  });

  it('mirrors only the main: a change made on the backup itself stays there', async () => {
    bridge.mirrorProgram('backup', 'Overhead');
    expect(mirrorOf('backup')).toEqual({ scene: null, state: 'idle', error: null });
    // A request of our own after it: one socket keeps the order, so a mirrored one would be first.
    await bridge.instance('main').setProgramScene('Table');
    expect(main.programScenes()).toEqual(['Table']);
  });
});
