import { driveMatch } from '@tablecast/bots';
import type { DirectorStatus } from '@tablecast/protocol';
import { describe, expect, it } from 'vitest';
import { MatchCommandService } from '../matches/match-command.service';
import { useServerWithRealObs } from '../obs/testing/server-with-real-obs';
import { setUpTableOnObs } from '../obs/testing/set-up-table-on-obs';
import { producerRequest } from '../testing/staff-request';
import type { TestServer } from '../testing/test-server';
import type { DirectorRule } from './director-rules';

const DELAY_MS = 1_000;
const EARLY_AT_T1 = 'DIRECTOR_MT_T1_EARLY';
const AT_T1 = 'DIRECTOR_MT_T1';
const AT_T2 = 'DIRECTOR_MT_T2';

const api = (server: TestServer, method: string, path: string, body?: unknown): Promise<Response> =>
  producerRequest(server, method, path, { body });

/**
 * Two tables, one OBS set up for table 2 (its `Tablecast table t2` collection): a moment of the
 * match at table 2 cuts that OBS, a moment of a match at table 1 cuts nothing there — neither its
 * program nor its scene collection, before table 2 has a match or after — and the director's log
 * says why. Against a real OBS 29.
 */
describe('the auto-director with two tables against a real OBS 29', () => {
  const { server: running, main } = useServerWithRealObs({
    password: 'director-multi-table-password',
    env: { BROADCAST_DELAY_MS: String(DELAY_MS) },
  });
  const log = async (): Promise<DirectorStatus['log']> =>
    ((await (await api(running(), 'GET', '/api/director')).json()) as DirectorStatus).log;
  const play = (matchId: string, table: string): Promise<unknown> =>
    driveMatch(running().app.get(MatchCommandService), {
      matchId,
      table,
      seed: `director-multi-table-${matchId}`,
      ruleset: 'cga2017',
      format: { kind: 'fixedDeals', deals: 1 },
      delayMs: 1,
    });

  it("a hand end at table 1 leaves table 2's OBS on its scene and collection; table 2's own hand end cuts it", async () => {
    const conn = main();
    await setUpTableOnObs(running(), 't2');
    expect((await conn.listSceneCollections()).current).toBe('Tablecast table t2');
    const rules: DirectorRule[] = [
      {
        id: 'end-standings',
        enabled: true,
        on: 'handEnd',
        action: { type: 'switchScene', scene: 'Standings', mode: 'cut' },
        cooldownMs: 0,
      },
    ];
    expect((await api(running(), 'PUT', '/api/director/rules', { rules, minSceneDwellMs: 0 })).status).toBe(
      200,
    );

    /** Plays a deal at table 1 and checks it cut nothing on table 2's OBS, logged with `part`. */
    const cutsNothing = async (matchId: string, part: unknown): Promise<void> => {
      await conn.setProgramScene('Table');
      const scenes: string[] = [];
      const sampling = new AbortController();
      const sampler = (async () => {
        while (!sampling.signal.aborted) {
          scenes.push(await conn.getProgramScene());
          await new Promise((settle) => setTimeout(settle, 50));
        }
      })();
      await play(matchId, 't1');
      await expect
        .poll(async () => (await log()).find((e) => e.matchId === matchId), { timeout: 20_000 })
        .toMatchObject({
          ruleId: 'end-standings',
          moment: 'handEnd',
          outcome: 'disabled',
          parts: [part, expect.anything()],
        });
      // Logged with no command: nothing was sent to OBS for it, then or later.
      sampling.abort();
      await sampler;
      expect(new Set(scenes)).toEqual(new Set(['Table']));
      expect(await conn.getProgramScene()).toBe('Table');
      expect((await conn.listSceneCollections()).current).toBe('Tablecast table t2');
      expect((await log()).filter((e) => e.matchId === matchId && e.outcome === 'acted')).toEqual([]);
    };

    // Table 2 has no match yet: its OBS is no other table's to cut.
    await cutsNothing(EARLY_AT_T1, { code: 'emptyTableOnObs', params: { obs: 'main', table: 't2' } });

    // Table 2's own deal end, released after the delay: its OBS cuts (the rule does act).
    await conn.setProgramScene('Table');
    await play(AT_T2, 't2');
    await expect.poll(() => conn.getProgramScene(), { timeout: 20_000 }).toBe('Standings');
    // The director logs the cut once OBS has answered it, which may be just after OBS shows it.
    await expect
      .poll(async () => (await log()).find((e) => e.matchId === AT_T2), { timeout: 10_000 })
      .toMatchObject({
        outcome: 'acted',
        parts: expect.arrayContaining([
          { code: 'sceneOnProgram', params: { scene: 'Standings' } },
        ]) as unknown,
      });

    // Table 1's next deal end: the same rule meets an OBS showing table 2's match.
    await cutsNothing(AT_T1, { code: 'otherMatchOnObs', params: { obs: 'main', matchId: AT_T2 } });
    expect((await log()).find((e) => e.matchId === AT_T1)?.detail).toMatch(
      new RegExp(`^OBS main has the scenes of match ${AT_T2} loaded`),
    );
  }, 240_000);
});
