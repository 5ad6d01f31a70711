import { beforeEach, describe, expect, it } from 'vitest';
import type { ObsConnection, ObsSceneState } from '@tablecast/obs';
import { executeDirectorCommand, type DirectorTargets } from './director-actions';

/** A strict fake OBS: records the calls the director makes; any other call fails the test. */
function fakeObs(
  studioMode: boolean,
  options: { resetsPreview?: number } = {},
): { conn: ObsConnection; calls: string[] } {
  const calls: string[] = [];
  const sceneState: ObsSceneState = {
    sceneCollection: 'Tablecast F1',
    scenes: ['Table', 'Overhead', 'Standings'],
    programScene: 'Table',
    previewScene: studioMode ? 'Table' : null,
    studioMode,
  };
  let { programScene: program, previewScene: preview } = sceneState;
  const allowed = {
    name: 'main',
    sceneState,
    setProgramScene: (scene: string) => calls.push(`program ${(program = scene)}`),
    setPreviewScene: (scene: string) => {
      calls.push(`preview ${scene}`);
      // OBS resetting the preview to the program scene, as it may just after studio mode goes on.
      preview = options.resetsPreview !== undefined && options.resetsPreview > 0 ? program : scene;
      if (options.resetsPreview !== undefined) options.resetsPreview -= 1;
    },
    getPreviewScene: () => preview,
    getProgramScene: () => program,
    setStudioMode: (on: boolean) => calls.push(`studio ${String(on)}`),
    transitionToProgram: (transition?: string) => {
      calls.push(`take ${transition ?? '(current)'}`);
      program = preview ?? program;
    },
  } as const;
  const conn = new Proxy(allowed, {
    get(target, key: string) {
      const value = (target as Record<string, unknown>)[key];
      if (value === undefined) throw new Error(`unexpected OBS call: ${key}`);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => Promise.resolve((value as (...a: unknown[]) => unknown)(...args));
    },
  }) as unknown as ObsConnection;
  return { conn, calls };
}

/** Every program change the director handed on for the backups to follow: `obs scene`. */
let mirrored: string[] = [];

const targets = (conn: ObsConnection, delivered = 2): DirectorTargets => ({
  obs: (name) => {
    if (name !== 'main') throw new Error(`no OBS instance "${name}"`);
    return conn;
  },
  mirror: (obs, scene) => mirrored.push(`${obs} ${scene}`),
  cue: () => ({ delivered }),
});

describe('carrying out director commands', () => {
  beforeEach(() => {
    mirrored = [];
  });

  it('hands every scene it put on program to the backups, and none it failed to', async () => {
    await executeDirectorCommand(
      { type: 'switchScene', obs: 'main', scene: 'Overhead', mode: 'cut' },
      targets(fakeObs(false).conn),
    );
    await executeDirectorCommand(
      { type: 'switchScene', obs: 'main', scene: 'Standings', mode: 'previewAndTake' },
      targets(fakeObs(true).conn),
    );
    await expect(
      executeDirectorCommand(
        { type: 'switchScene', obs: 'main', scene: 'Overhead', mode: 'previewAndTake' },
        targets(fakeObs(true, { resetsPreview: 99 }).conn),
      ),
    ).rejects.toThrow('did not keep Overhead in preview');
    expect(mirrored).toEqual(['main Overhead', 'main Standings']);
  });

  it('cut: the program scene only', async () => {
    const { conn, calls } = fakeObs(false);
    await expect(
      executeDirectorCommand(
        { type: 'switchScene', obs: 'main', scene: 'Overhead', mode: 'cut' },
        targets(conn),
      ),
    ).resolves.toEqual({
      text: 'Overhead on program',
      part: { code: 'sceneOnProgram', params: { scene: 'Overhead' } },
    });
    expect(calls).toEqual(['program Overhead']);
  });

  it('preview and take: studio mode on first when off, then preview, then the take', async () => {
    const off = fakeObs(false);
    await executeDirectorCommand(
      { type: 'switchScene', obs: 'main', scene: 'Standings', mode: 'previewAndTake' },
      targets(off.conn),
    );
    expect(off.calls).toEqual(['studio true', 'preview Standings', 'take (current)']);
    const on = fakeObs(true);
    await executeDirectorCommand(
      { type: 'switchScene', obs: 'main', scene: 'Standings', mode: 'previewAndTake' },
      targets(on.conn),
    );
    expect(on.calls).toEqual(['preview Standings', 'take (current)']);
  });

  it('preview and take: sets the preview again when OBS resets it, fails when OBS will not keep it', async () => {
    const flaky = fakeObs(false, { resetsPreview: 2 });
    await expect(
      executeDirectorCommand(
        { type: 'switchScene', obs: 'main', scene: 'Standings', mode: 'previewAndTake' },
        targets(flaky.conn),
      ),
    ).resolves.toEqual({
      text: 'Standings taken to program',
      part: { code: 'sceneTaken', params: { scene: 'Standings' } },
    });
    expect(flaky.calls).toEqual([
      'studio true',
      'preview Standings',
      'preview Standings',
      'preview Standings',
      'take (current)',
    ]);
    const stuck = fakeObs(true, { resetsPreview: 99 });
    await expect(
      executeDirectorCommand(
        { type: 'switchScene', obs: 'main', scene: 'Standings', mode: 'previewAndTake' },
        targets(stuck.conn),
      ),
    ).rejects.toThrow('OBS "main" did not keep Standings in preview');
    await expect(
      executeDirectorCommand(
        { type: 'switchScene', obs: 'main', scene: 'Standings', mode: 'previewAndTake' },
        targets(fakeObs(true, { resetsPreview: 99 }).conn),
      ),
    ).rejects.toMatchObject({
      part: { code: 'previewNotKept', params: { obs: 'main', scene: 'Standings' } },
    });
    expect(stuck.calls).not.toContain('take (current)');
  });

  it('transition: the backups follow the scene the bare take put on program', async () => {
    const obs = fakeObs(true);
    await obs.conn.setPreviewScene('Standings');
    await executeDirectorCommand({ type: 'transition', obs: 'main' }, targets(obs.conn));
    expect(mirrored).toEqual(['main Standings']);
    // Refused outside studio mode: nothing was taken, nothing is handed on.
    await expect(
      executeDirectorCommand({ type: 'transition', obs: 'main' }, targets(fakeObs(false).conn)),
    ).rejects.toThrow('not in studio mode');
    expect(mirrored).toEqual(['main Standings']);
  });

  it('transition: a take with the named transition, refused outside studio mode', async () => {
    const on = fakeObs(true);
    await expect(
      executeDirectorCommand({ type: 'transition', obs: 'main', transition: 'Fade' }, targets(on.conn)),
    ).resolves.toEqual({
      text: 'preview taken to program with Fade',
      part: { code: 'previewTaken', params: { transition: 'Fade' } },
    });
    expect(on.calls).toEqual(['take Fade']);
    const off = fakeObs(false);
    await expect(
      executeDirectorCommand({ type: 'transition', obs: 'main' }, targets(off.conn)),
    ).rejects.toThrow('OBS "main" is not in studio mode: there is no preview to take');
    await expect(
      executeDirectorCommand({ type: 'transition', obs: 'main' }, targets(off.conn)),
    ).rejects.toMatchObject({ part: { code: 'notInStudioMode', params: { obs: 'main' } } });
    expect(off.calls).toEqual([]);
  });

  it('a cue reports how many pages got it, and fails when no page of the match is connected', async () => {
    const { conn } = fakeObs(false);
    const cue = { type: 'showMoment', matchId: 'F1', cue: { moment: 'bomb' } } as const;
    await expect(executeDirectorCommand(cue, targets(conn, 2))).resolves.toEqual({
      text: 'delivered to 2 pages',
      part: { code: 'deliveredToPages', params: { pages: 2 } },
    });
    await expect(executeDirectorCommand(cue, targets(conn, 0))).rejects.toThrow(
      'no overlay page of match F1 is connected',
    );
    await expect(executeDirectorCommand(cue, targets(conn, 0))).rejects.toMatchObject({
      part: { code: 'noPageConnected', params: { matchId: 'F1' } },
    });
  });
});
