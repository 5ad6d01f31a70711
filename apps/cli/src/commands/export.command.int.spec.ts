import { createEventStore, SqliteEventLog } from '@tablecast/event-store';
import { appealStream, matchStream, type TablecastEvent } from '@tablecast/events';
import { tablecastCatalog } from '@tablecast/games';
import {
  playRandomGuandanMatch as playRandomMatch,
  GUANDAN_RULESETS as RULESETS,
} from '@tablecast/games/testing';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = join(__dirname, '..', '..', '..', '..');
const bin = join(root, 'apps', 'cli', 'bin', 'tablecast.js');
const meta = {
  correlationId: 'export-test',
  causationId: null,
  actor: { id: 'referee', role: 'referee' as const },
};

function cli(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, [bin, ...args], {
    encoding: 'utf8',
    env: { ...process.env, EVENTSTORE_URL: '' },
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** A played game, an appeal and the committee's ruling with its correction, in a real SQLite log. */
async function seed(dataDir: string): Promise<number> {
  const store = createEventStore<TablecastEvent>({
    log: new SqliteEventLog({ dataDir }),
    catalog: tablecastCatalog,
  });
  const played = playRandomMatch({
    ruleset: RULESETS.cga2017,
    format: { kind: 'fixedDeals', deals: 1 },
    seed: 'export',
  });
  if (!played.ok) throw new Error('playout failed');
  const events = played.events.map((event) => ({ ...event, metadata: meta }));
  await store.append(matchStream('X1'), events, 'no_stream');
  const ended = (await store.readStream(matchStream('X1'))).find((e) => e.type === 'MatchEnded');
  if (ended?.type !== 'MatchEnded') throw new Error('no result');
  const votes = [
    { memberId: 'chen', vote: 'uphold' as const },
    { memberId: 'wang', vote: 'uphold' as const },
    { memberId: 'zhou', vote: 'dismiss' as const },
  ];
  await store.append(
    appealStream('AX1'),
    [
      {
        type: 'AppealFiled',
        data: {
          appealId: 'AX1',
          matchId: 'X1',
          handNumber: 1,
          disputed: [{ stream: 'match-X1', revision: 5 }],
          statement: '出牌顺序错误',
          language: 'zh-CN',
        },
        metadata: meta,
      },
      {
        type: 'RulingIssued',
        data: {
          appealId: 'AX1',
          rulingId: 'RX1',
          votes,
          outcome: 'match-result-adjusted',
          reasoning: '录像复核',
          remedy: { kind: 'match-result-adjusted', loser: 'EW', rule: 'GD-SCORE-4' },
          feeRefund: null,
        },
        metadata: meta,
      },
    ],
    'no_stream',
  );
  await store.append(
    matchStream('X1'),
    [
      {
        type: 'ResultCorrected',
        data: {
          correctionId: 'RX1.1',
          matchId: 'X1',
          handNumber: null,
          reason: 'ruling',
          rulingId: 'RX1',
          supersedes: { stream: 'match-X1', revision: ended.revision, hash: ended.metadata.hash },
          corrected: {
            ...ended.data,
            reason: 'forfeit',
            winner: 'NS',
            matchPoints: { NS: 20, EW: 0 },
            levelPoints: { NS: 18, EW: 0 },
            rule: 'GD-SCORE-4',
          },
          note: '录像复核',
          effect: 'replaced',
        },
        metadata: meta,
      },
    ],
    ended.revision,
  );
  await store.close();
  return events.length + 3;
}

describe('tablecast export (round trip: verify passes on the export)', () => {
  let dataDir: string;
  let total: number;

  beforeAll(async () => {
    execFileSync('npx', ['tsc', '-b', 'apps/cli'], { cwd: root, stdio: 'inherit' });
    dataDir = mkdtempSync(join(tmpdir(), 'tablecast-export-'));
    total = await seed(dataDir);
  }, 180_000);
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('exports the match and its appeal streams as JSON with hashes, verification and rulings; verify-export passes', () => {
    const out = join(dataDir, 'x1.json');
    const record = join(dataDir, 'x1.html');
    const run = cli('export', 'X1', '--data-dir', dataDir, '--out', out, '--record', record);
    expect(run, run.stderr).toMatchObject({ status: 0 });
    expect(run.stderr).toContain(`hash chain intact (${String(total)} events in 2 stream(s)), 1 ruling(s)`);
    const exported = JSON.parse(readFileSync(out, 'utf8')) as {
      streams: Record<string, { metadata: { hash: string } }[]>;
      verification: { ok: boolean };
      rulings: { rulingId: string }[];
    };
    expect(Object.keys(exported.streams).sort()).toEqual(['appeal-AX1', 'match-X1']);
    expect(exported.streams['match-X1']?.[0]?.metadata.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(exported.verification).toMatchObject({ ok: true, events: total, streams: 2 });
    expect(exported.rulings.map((r) => r.rulingId)).toEqual(['RX1']);
    expect(cli('verify-export', out)).toMatchObject({
      status: 0,
      stdout: expect.stringContaining('hash chain intact') as unknown,
    });
    const html = readFileSync(record, 'utf8');
    expect(html).toContain('掼蛋比赛记分表');
    expect(html).toContain('@page { size: A4');
    expect(html).toContain('RX1');
  });

  it('verify-export names the first broken link when the exported file was edited', () => {
    const out = join(dataDir, 'x1-edited.json');
    expect(cli('export', 'X1', '--data-dir', dataDir, '--out', out).status).toBe(0);
    const exported = JSON.parse(readFileSync(out, 'utf8')) as {
      streams: Record<string, { data: Record<string, unknown> }[]>;
    };
    const appeal = exported.streams['appeal-AX1']?.[0];
    if (!appeal) throw new Error('no appeal');
    appeal.data.statement = '改过的申诉';
    writeFileSync(out, JSON.stringify(exported));
    const run = cli('verify-export', out);
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('appeal-AX1@0');
    expect(run.stdout).toContain('hash-mismatch');
  });

  it('exports CSV, one row per event with its hash, and answers 2 for an unknown match', () => {
    const run = cli('export', 'X1', '--format', 'csv', '--data-dir', dataDir);
    expect(run.status).toBe(0);
    const lines = run.stdout.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'stream,revision,position,type,recordedAt,actorId,actorRole,schemaVersion,prevHash,hash,data',
    );
    expect(lines).toHaveLength(total + 1);
    expect(cli('export', 'NOPE', '--data-dir', dataDir).status).toBe(2);
  });
});
