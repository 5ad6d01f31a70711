import { matchStream } from '@tablecast/events';
import type { DirectorStatus } from '@tablecast/protocol';
import { describe, expect, it } from 'vitest';
import type { AppEventStore } from '../event-store/event-store.module';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import { MatchCommandService } from '../matches/match-command.service';
import { ObsBridgeService } from '../obs/obs-bridge.service';
import { useServerWithRealObs } from '../obs/testing/server-with-real-obs';
import { setUpTableOnObs } from '../obs/testing/set-up-table-on-obs';
import { driveMatch } from '@tablecast/bots';
import { producerRequest } from '../testing/staff-request';
import type { TestServer } from '../testing/test-server';
import type { DirectorRule } from './director-rules';

const DELAY_MS = 3_000;
const MATCH = 'DIRECTOR_OBS_1';

const api = (server: TestServer, method: string, path: string, body?: unknown): Promise<Response> =>
  producerRequest(server, method, path, { body });

/** OBS's program scene as OBS itself answers it, sampled until stopped: what went on air, when. */
class ProgramTimeline {
  readonly changes: { scene: string; at: number }[] = [];
  /** The read OBS failed (it went away): sampling stops there, and the test names it. */
  failure: unknown;
  private running = true;
  private loop: Promise<void> | undefined;
  constructor(private readonly read: () => Promise<string>) {}
  start(): void {
    this.loop = (async () => {
      while (this.running) {
        let scene: string;
        try {
          scene = await this.read();
        } catch (error) {
          this.failure = error;
          return;
        }
        const at = Date.now();
        if (this.changes.at(-1)?.scene !== scene) this.changes.push({ scene, at });
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
  }
  async stop(): Promise<void> {
    this.running = false;
    await this.loop;
  }
}

describe('the auto-director against a real OBS 29 (released moments, cool-down, return)', () => {
  const { server: running } = useServerWithRealObs({
    password: 'director-obs-password',
    env: { BROADCAST_DELAY_MS: String(DELAY_MS) },
  });

  it('takes the scene on the released hand end (not before), returns after it, and a second hand end within the cool-down switches nothing', async () => {
    const conn = running().app.get(ObsBridgeService).instance('main');
    await expect.poll(() => conn.state, { timeout: 30_000 }).toBe('connected');
    // The final's scenes (without browser sources on Debian's OBS: the scenes exist all the same).
    // Set up for table t1, where MATCH is played: the director reads the match from the table.
    await setUpTableOnObs(running(), 't1');
    await conn.setProgramScene('Table');

    const rules: DirectorRule[] = [
      {
        id: 'end-standings',
        enabled: true,
        on: 'handEnd',
        action: { type: 'switchScene', scene: 'Standings', mode: 'previewAndTake', returnAfterMs: 2_000 },
        cooldownMs: 600_000,
      },
    ];
    const put = await api(running(), 'PUT', '/api/director/rules', { rules, minSceneDwellMs: 1_000 });
    expect(put.status).toBe(200);

    const timeline = new ProgramTimeline(() => conn.getProgramScene());
    timeline.start();
    // Two deals, paced like a fast table: the second deal ends seconds after the first.
    await driveMatch(running().app.get(MatchCommandService), {
      matchId: MATCH,
      table: 't1',
      seed: 'director-obs',
      ruleset: 'cga2017',
      format: { kind: 'fixedDeals', deals: 2 },
      delayMs: 5,
    });
    const store = running().app.get<AppEventStore>(EVENT_STORE);
    const handEnds = (await store.readStream(matchStream(MATCH)))
      .filter((e) => e.type === 'HandEnded')
      .map((e) => Date.parse(e.metadata.recordedAt));
    expect(handEnds).toHaveLength(2);
    const [firstEnd = 0, secondEnd = 0] = handEnds;
    expect(secondEnd - firstEnd).toBeLessThan(600_000);

    // Wait past the second release (plus time for a switch to show), then stop sampling.
    const log = async (): Promise<DirectorStatus['log']> =>
      ((await (await api(running(), 'GET', '/api/director')).json()) as DirectorStatus).log;
    // The failure names what the director did instead (a take OBS refused, a match it missed).
    for (let waited = 0; ; waited += 100) {
      const entries = await log();
      if (entries.some((e) => e.ruleId === 'end-standings' && e.outcome === 'cooldown')) break;
      if (waited > 30_000)
        throw new Error(`no cool-down entry 30 s after the match; director log: ${JSON.stringify(entries)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    await new Promise((r) => setTimeout(r, Math.max(0, secondEnd + DELAY_MS + 3_000 - Date.now())));
    await timeline.stop();
    expect(timeline.failure, 'OBS answered every program-scene read').toBeUndefined();

    // On air: Table, then Standings no earlier than the released hand end, then Table again, nothing more.
    const why = `director log: ${JSON.stringify(await log())}`;
    expect(
      timeline.changes.map((c) => c.scene),
      why,
    ).toEqual(['Table', 'Standings', 'Table']);
    const [, toStandings] = timeline.changes;
    expect(toStandings?.at ?? 0).toBeGreaterThanOrEqual(firstEnd + DELAY_MS);
    expect(await conn.getProgramScene()).toBe('Table');

    const entries = (await log()).filter((e) => e.ruleId === 'end-standings');
    expect(entries).toHaveLength(3);
    const take = entries.find((e) => e.detail.endsWith('Standings taken to program'));
    const back = entries.find((e) => e.detail.startsWith('back to Table on main after Standings'));
    const quiet = entries.find((e) => e.outcome === 'cooldown');
    expect(take?.outcome).toBe('acted');
    expect(back?.outcome).toBe('acted');
    expect(quiet?.detail).toMatch(/^rule acted .* ago \(cooldownMs 600000\)/);
    expect(Date.parse(take?.at ?? '')).toBeGreaterThanOrEqual(firstEnd + DELAY_MS);
    // Decided returnAfterMs after the take was decided (what OBS shows lags both by its own latency).
    expect(Date.parse(back?.at ?? '') - Date.parse(take?.at ?? '')).toBeGreaterThanOrEqual(2_000);
    expect(Date.parse(quiet?.at ?? '')).toBeGreaterThanOrEqual(secondEnd + DELAY_MS);
  }, 240_000);
});
