import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../bootstrap';
import { useServerWithRealObs } from '../obs/testing/server-with-real-obs';
import { producerRequest as call } from '../testing/staff-request';
import { TEST_TOKENS, TEST_TOKENS_SPEC } from '../testing/staff-tokens';
import { startServerOn } from '../testing/test-server';
import type { Rundown } from './rundown';

const bodyOf = async <T>(response: Response): Promise<T> => (await response.json()) as T;
const messageOf = async (response: Response): Promise<string> =>
  (await bodyOf<{ message: string }>(response)).message;

/** PUT of a whole rundown made on `revision` (the edit's stale-revision guard). */
const putRundown = (
  server: RunningServer,
  revision: number,
  items: readonly { id?: string; label: string; scene: string; notes?: string }[],
): Promise<Response> => call(server, 'PUT', '/api/producer/rundown', { body: { revision, items } });

const boot = (dataDir: string): Promise<RunningServer> =>
  startServerOn(dataDir, { TABLECAST_TOKENS: TEST_TOKENS_SPEC });

describe('rundown without OBS: edits, revision, persistence (real Nest)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tablecast-rundown-'));
  let server: RunningServer;
  beforeAll(async () => {
    server = await boot(dataDir);
  });
  afterAll(async () => {
    await server.app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts empty, on OBS main', async () => {
    expect(await bodyOf(await call(server, 'GET', '/api/producer/rundown'))).toEqual({
      revision: 0,
      obs: 'main',
      items: [],
      cuedId: null,
      liveId: null,
    });
  });

  it('PUT replaces the list; a stale revision is a 409 with the current revision', async () => {
    const put = await putRundown(server, 0, [
      { id: 'open', label: 'Opening', scene: 'TC Table', notes: 'welcome' },
      { label: 'Break', scene: 'TC Break' },
    ]);
    expect(put.status).toBe(200);
    const rundown = await bodyOf<Rundown>(put);
    expect(rundown.revision).toBe(1);
    expect(rundown.items[1]).toMatchObject({ label: 'Break', scene: 'TC Break', notes: '' });
    expect(rundown.items[1]?.id).toMatch(/^[0-9a-f-]{36}$/);

    const stale = await putRundown(server, 0, []);
    expect(stale.status).toBe(409);
    expect(await bodyOf(stale)).toMatchObject({
      message: 'rundown revision 0 is stale; it is at 1',
      currentRevision: 1,
    });
  });

  it('400 names the field; 404 for an unknown item; 409 take with nothing cued; 404 cue without an OBS', async () => {
    const bad = await putRundown(server, 1, [
      { label: 'A', scene: 'S' },
      { label: '', scene: 'S' },
    ]);
    expect(bad.status).toBe(400);
    expect(await messageOf(bad)).toBe('items.1.label: must not be empty');
    const noRevision = await call(server, 'PUT', '/api/producer/rundown', { body: { items: [] } });
    expect(await messageOf(noRevision)).toBe('revision: must be the revision the edit was made on');
    const duplicate = await putRundown(server, 1, [
      { id: 'x', label: 'A', scene: 'S' },
      { id: 'x', label: 'B', scene: 'S' },
    ]);
    expect(duplicate.status).toBe(400);
    expect(await messageOf(duplicate)).toBe('items.1.id: duplicate id x');

    const unknown = await call(server, 'POST', '/api/producer/rundown/nope/cue');
    expect(unknown.status).toBe(404);
    expect(await messageOf(unknown)).toBe('no rundown item nope');
    const take = await call(server, 'POST', '/api/producer/rundown/take');
    expect(take.status).toBe(409);
    expect(await messageOf(take)).toBe('no rundown item is cued');
    const noObs = await call(server, 'POST', '/api/producer/rundown/open/cue');
    expect(noObs.status).toBe(404);
    expect(await messageOf(noObs)).toBe(
      'no OBS is configured (OBS_INSTANCES is unset), so there is no "main"',
    );
    // Nothing failed half-way: the rundown is as it was.
    expect((await bodyOf<Rundown>(await call(server, 'GET', '/api/producer/rundown'))).cuedId).toBeNull();
  });

  it('survives a restart (kept in the data dir)', async () => {
    const before = await bodyOf<Rundown>(await call(server, 'GET', '/api/producer/rundown'));
    expect(JSON.parse(readFileSync(join(dataDir, 'producer-rundown.json'), 'utf8'))).toEqual(before);
    await server.app.close();
    server = await boot(dataDir);
    expect(await bodyOf(await call(server, 'GET', '/api/producer/rundown'))).toEqual(before);
  });

  it('only the producer may read or change the rundown (401 without a token, 403 other roles)', async () => {
    const routes: ['GET' | 'POST' | 'PUT', string, unknown][] = [
      ['GET', '/api/producer/rundown', undefined],
      ['PUT', '/api/producer/rundown', { revision: 1, items: [] }],
      ['POST', '/api/producer/rundown/open/cue', {}],
      ['POST', '/api/producer/rundown/take', {}],
    ];
    for (const [method, path, body] of routes) {
      expect((await call(server, method, path, { token: null, body })).status, path).toBe(401);
      for (const token of [TEST_TOKENS.referee, TEST_TOKENS.arbiter, TEST_TOKENS.operatorT1])
        expect((await call(server, method, path, { token, body })).status, path).toBe(403);
    }
  });
});

describe('rundown cue and take against a real OBS 29', () => {
  const { server: running, main } = useServerWithRealObs({
    password: 'rundown-secret',
    prepare: async (main) => {
      for (const scene of ['TC Table', 'TC Break', 'TC Standings']) await main.createScene(scene);
      await main.setProgramScene('TC Standings');
    },
  });

  it('cue puts the scene in preview, take puts it on program; the live item is then locked', async () => {
    const put = await putRundown(running(), 0, [
      { id: 'table', label: 'Table', scene: 'TC Table' },
      { id: 'break', label: 'Break', scene: 'TC Break' },
    ]);
    expect(put.status).toBe(200);

    const cue = await call(running(), 'POST', '/api/producer/rundown/table/cue');
    expect(cue.status).toBe(200);
    expect(await bodyOf(cue)).toMatchObject({ cuedId: 'table', liveId: null });
    expect(await main().getPreviewScene()).toBe('TC Table');
    expect(await main().getProgramScene()).toBe('TC Standings');

    const take = await call(running(), 'POST', '/api/producer/rundown/take');
    expect(take.status).toBe(200);
    expect(await bodyOf(take)).toMatchObject({ cuedId: null, liveId: 'table' });
    expect(await main().getProgramScene()).toBe('TC Table');

    const renamed = await putRundown(running(), 1, [
      { id: 'table', label: 'Table', scene: 'TC Standings' },
      { id: 'break', label: 'Break', scene: 'TC Break' },
    ]);
    expect(renamed.status).toBe(409);
    expect(await messageOf(renamed)).toBe('item table is live and locked');
    const removed = await putRundown(running(), 1, [{ id: 'break', label: 'Break', scene: 'TC Break' }]);
    expect(removed.status).toBe(409);
  }, 60_000);

  it('take puts the cued scene back in preview first when someone changed the preview by hand', async () => {
    expect((await call(running(), 'POST', '/api/producer/rundown/break/cue')).status).toBe(200);
    await main().setPreviewScene('TC Standings');
    const take = await call(running(), 'POST', '/api/producer/rundown/take');
    expect(take.status).toBe(200);
    expect(await main().getProgramScene()).toBe('TC Break');
    expect(await bodyOf(take)).toMatchObject({ liveId: 'break' });
  }, 60_000);

  it('a cue of an item whose scene OBS lacks is a 404 naming it, and cues nothing', async () => {
    const current = await bodyOf<Rundown>(await call(running(), 'GET', '/api/producer/rundown'));
    await putRundown(running(), current.revision, [
      ...current.items,
      { id: 'ghost', label: 'Ghost', scene: 'TC Ghost' },
    ]);
    const cue = await call(running(), 'POST', '/api/producer/rundown/ghost/cue');
    expect(cue.status).toBe(404);
    expect(await messageOf(cue)).toBe('OBS "main" has no scene "TC Ghost"');
    expect((await bodyOf<Rundown>(await call(running(), 'GET', '/api/producer/rundown'))).cuedId).toBeNull();
  }, 60_000);
});
