import type { DirectorLogEntry, DirectorStatus, ServerMessage } from '@tablecast/protocol';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../bootstrap';
import { FeedSocket } from '../broadcast/testing/feed-socket';
import { MatchCommandService } from '../matches/match-command.service';
import { driveMatch } from '@tablecast/bots';
import { staffRequest } from '../testing/staff-request';
import { TEST_TOKENS, TEST_TOKENS_SPEC } from '../testing/staff-tokens';
import { startServerOn } from '../testing/test-server';
import { DEFAULT_DIRECTOR_RULES, type DirectorRule } from './director-rules';

type Caller = keyof typeof TEST_TOKENS | 'anonymous';
const CALLERS: readonly Caller[] = ['anonymous', 'operatorT1', 'referee', 'arbiter', 'producer'];

const call = (server: RunningServer, method: string, path: string, caller: Caller, body?: unknown) =>
  staffRequest(server, method, path, { token: caller === 'anonymous' ? null : TEST_TOKENS[caller], body });

const boot = (dataDir: string, env: Record<string, string> = {}): Promise<RunningServer> =>
  startServerOn(
    dataDir,
    { TABLECAST_TOKENS: TEST_TOKENS_SPEC, BROADCAST_DELAY_MS: '1000', ...env },
    { shutdownHooks: false },
  );

describe('the director API (real Nest, real HTTP)', () => {
  let dataDir: string;
  let server: RunningServer;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'tablecast-director-'));
    server = await boot(dataDir);
  });
  afterAll(async () => {
    await server.app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is the producer’s: 401 without a token, 403 for every other role', async () => {
    const rules = { rules: DEFAULT_DIRECTOR_RULES };
    const statuses = async (caller: Caller): Promise<number[]> => [
      (await call(server, 'GET', '/api/director', caller)).status,
      (await call(server, 'PUT', '/api/director/rules', caller, rules)).status,
      (await call(server, 'POST', '/api/director/enabled', caller, { enabled: true })).status,
    ];
    const matrix: Record<string, number[]> = {};
    for (const caller of CALLERS) matrix[caller] = await statuses(caller);
    expect(matrix).toEqual({
      anonymous: [401, 401, 401],
      operatorT1: [403, 403, 403],
      referee: [403, 403, 403],
      arbiter: [403, 403, 403],
      producer: [200, 200, 200],
    });
  });

  it('starts with the default rules, on, dwell 8 s, and an empty log', async () => {
    const status = (await (await call(server, 'GET', '/api/director', 'producer')).json()) as DirectorStatus;
    expect(status).toEqual({ enabled: true, minSceneDwellMs: 8_000, rules: DEFAULT_DIRECTOR_RULES, log: [] });
  });

  it('answers 400 naming the field of a bad rule, and keeps the rules it had', async () => {
    const rules = DEFAULT_DIRECTOR_RULES.map((r, i) => (i === 2 ? { ...r, cooldownMs: 'soon' } : r));
    const response = await call(server, 'PUT', '/api/director/rules', 'producer', { rules });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { message: string; issues: { path: string }[] };
    expect(body.message).toBe('rules.2.cooldownMs: must be a whole number of ms from 0 to 3600000');
    // The same as codes, for the dashboard to word in its language: the field path and what is wrong.
    expect(body.issues).toEqual([
      {
        path: 'rules.2.cooldownMs',
        message: 'must be a whole number of ms from 0 to 3600000',
        code: 'invalid_type',
      },
    ]);
    const tooLong = DEFAULT_DIRECTOR_RULES.map((r, i) => (i === 0 ? { ...r, cooldownMs: 5_000_000 } : r));
    const tooBig = await call(server, 'PUT', '/api/director/rules', 'producer', { rules: tooLong });
    expect(tooBig.status).toBe(400);
    expect(((await tooBig.json()) as { issues: unknown }).issues).toEqual([
      {
        path: 'rules.0.cooldownMs',
        message: 'must be a whole number of ms from 0 to 3600000',
        code: 'too_big',
      },
    ]);
    const enabled = await call(server, 'POST', '/api/director/enabled', 'producer', { enabled: 'yes' });
    expect(enabled.status).toBe(400);
    expect(((await enabled.json()) as { message: string }).message).toBe('enabled: must be true or false');
    const status = (await (await call(server, 'GET', '/api/director', 'producer')).json()) as DirectorStatus;
    expect(status.rules).toEqual(DEFAULT_DIRECTOR_RULES);
  });
});

describe('the director on released moments (real Nest, real feed, a real overlay page socket)', () => {
  let dataDir: string;
  let server: RunningServer;
  let page: FeedSocket | undefined;
  const rules: DirectorRule[] = [
    {
      id: 'end-card',
      enabled: true,
      on: 'handEnd',
      action: { type: 'showMoment', cue: { moment: 'handEnd' } },
      cooldownMs: 0,
    },
    {
      id: 'end-standings',
      enabled: true,
      on: 'handEnd',
      action: { type: 'switchScene', scene: 'Standings', mode: 'cut' },
      cooldownMs: 0,
    },
    { id: 'bombs-off', enabled: false, on: 'bomb', action: { type: 'transition' }, cooldownMs: 0 },
  ];
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'tablecast-director-'));
    // `main` points at a port nobody listens on: OBS is down for the whole test.
    server = await boot(dataDir, { OBS_INSTANCES: 'main=ws://127.0.0.1:9' });
  });
  afterAll(async () => {
    await page?.close();
    await server.app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('cues the hand-end card on the match’s pages when released, logs OBS down as failed, and keeps its rules over a restart', async () => {
    const put = await call(server, 'PUT', '/api/director/rules', 'producer', { rules, minSceneDwellMs: 0 });
    expect(put.status).toBe(200);
    page = await FeedSocket.open(server);
    page.send({
      type: 'announce',
      page: 'moments',
      build: 'test',
      matchId: 'DIR_CUES_1',
      audience: 'broadcast',
    });
    // Listed among the producer's pages: the server has the page's link the cue goes out on.
    await expect
      .poll(
        async () =>
          (
            (await (await call(server, 'GET', '/api/producer/pages', 'producer')).json()) as {
              matchId: string;
            }[]
          )
            .map((p) => p.matchId)
            .includes('DIR_CUES_1'),
        { timeout: 10_000 },
      )
      .toBe(true);

    const handEndedAt: number[] = [];
    // Plain bombs played (GD-COMBO-8), each a `bomb` moment: this seed with the turned card at
    // index 50 deals the same hands every run, and the bots play four bombs in it.
    let bombs = 0;
    await driveMatch(server.app.get(MatchCommandService), {
      matchId: 'DIR_CUES_1',
      table: 't1',
      seed: 'director-int',
      ruleset: 'cga2017',
      format: { kind: 'fixedDeals', deals: 1 },
      firstCutIndex: 50,
      onCommand: (accepted) => {
        if (accepted.events.some((e) => e.type === 'HandEnded')) handEndedAt.push(Date.now());
        for (const e of accepted.events) {
          if (e.type === 'CardsPlayed' && (e.data as { as: { type: string } }).as.type === 'bomb') bombs += 1;
        }
      },
    });
    expect(bombs).toBe(4);
    expect(handEndedAt).toHaveLength(1);
    const cue = (await page.until((m) => m.type === 'control', 15_000)) as ServerMessage & { cue?: unknown };
    const cueAt = page.raw.find((r) => r.text.includes('"control"'))?.at ?? 0;
    expect(cue).toEqual({ type: 'control', action: 'cue', cue: { moment: 'handEnd' } });
    // Released a whole delay (1 s) after the table recorded the end of the deal, not before.
    expect(cueAt - (handEndedAt[0] ?? 0)).toBeGreaterThanOrEqual(900);

    const log = async (): Promise<readonly DirectorLogEntry[]> =>
      ((await (await call(server, 'GET', '/api/director', 'producer')).json()) as DirectorStatus).log;
    // One line per bomb and two for the deal's end.
    await expect.poll(async () => (await log()).length, { timeout: 10_000 }).toBe(bombs + 2);
    const entries = await log();
    expect(entries.find((e) => e.ruleId === 'end-card')).toMatchObject({
      matchId: 'DIR_CUES_1',
      moment: 'handEnd',
      outcome: 'acted',
      detail: expect.stringMatching(/delivered to 1 page$/) as unknown,
      // The same line as codes for the dashboard: what the rule did, the moment, how it went.
      parts: [
        { code: 'cueMoment', params: { moment: 'handEnd' } },
        expect.objectContaining({ code: 'dealWon' }),
        { code: 'deliveredToPages', params: { pages: 1 } },
      ],
    });
    expect(entries.find((e) => e.ruleId === 'end-standings')).toMatchObject({
      outcome: 'failed',
      detail: expect.stringMatching(/failed: OBS "main" is not connected/) as unknown,
      // The bridge's own words, kept as they came.
      parts: expect.arrayContaining([
        {
          code: 'failed',
          params: { reason: expect.stringMatching(/OBS "main" is not connected/) as unknown },
        },
      ]) as unknown,
    });
    // Every bomb in the deal met the disabled rule: logged, nothing done.
    const bombLines = entries.filter((e) => e.ruleId === 'bombs-off');
    expect(bombLines).toHaveLength(bombs);
    for (const entry of bombLines) expect(entry).toMatchObject({ moment: 'bomb', outcome: 'disabled' });

    await call(server, 'POST', '/api/director/enabled', 'producer', { enabled: false });
    await page.close();
    await server.app.close();
    server = await boot(dataDir);
    page = await FeedSocket.open(server);
    const after = (await (await call(server, 'GET', '/api/director', 'producer')).json()) as DirectorStatus;
    expect(after).toMatchObject({ enabled: false, minSceneDwellMs: 0, rules });
  }, 60_000);

  it('a director file that does not validate stops the boot, naming the file and the field', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tablecast-director-bad-'));
    try {
      writeFileSync(
        join(dir, 'director.json'),
        JSON.stringify({ enabled: true, minSceneDwellMs: 8000, rules: [{ ...rules[0], on: 'grandSlam' }] }),
      );
      await expect(boot(dir)).rejects.toThrow(
        `director settings ${join(dir, 'director.json')}: rules.0.on: must be one of bomb, straightFlush, fourJokers, handEnd, tribute, penalty, matchPoint, rocket, spring, antiSpring; fix or delete the file`,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
